/** Keys of what the app keeps in the browser: non-secret app state only (never tokens). */
export const STORAGE = {
  /** Step 1 of registration hands its token to step 2 (sessionStorage). */
  registration: 'candor.registration',
  /** Where each history entry was scrolled, so a reload still steps back to the same place (sessionStorage). */
  scroll: 'candor.scroll',
} as const;

export function readSession<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage unavailable: the flow still works within this page
  }
}

export function removeSession(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // ignore
  }
}
