// Registers the service worker (production builds only) and notices when a new version of the app
// has been installed and is waiting: the update prompt (UpdatePrompt.tsx) offers it, and accepting
// tells the waiting worker to take over and reloads the page once it has.

/** How often an open app asks whether a new version has been deployed (also on return to the foreground). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

let waiting: ServiceWorker | null = null;
let accepted = false;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null): void {
  waiting = worker;
  for (const l of listeners) l();
}

/** For useSyncExternalStore: true while a new version waits for the reader's go-ahead. */
export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const updateWaiting = (): boolean => waiting !== null;

/** The reader said yes: the waiting worker takes over, and `controllerchange` reloads the page. */
export function applyUpdate(): void {
  if (!waiting) return;
  accepted = true;
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** The reader said later: the prompt goes away until the next check finds a version. */
export function dismissUpdate(): void {
  setWaiting(null);
}

function watch(registration: ServiceWorkerRegistration): void {
  // Only an update: the very first worker installs while nothing controls the page.
  const offer = (worker: ServiceWorker | null) => {
    if (worker && navigator.serviceWorker.controller) setWaiting(worker);
  };
  const follow = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  };
  // The browser may have found the new version on this very navigation, before this code ran.
  offer(registration.waiting);
  follow(registration.installing);
  registration.addEventListener('updatefound', () => follow(registration.installing));
  const check = () => void registration.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  setInterval(check, UPDATE_CHECK_MS);
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (accepted) window.location.reload();
  });
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { updateViaCache: 'none' }).then(watch, (err: unknown) => {
      console.warn('service worker not registered', err);
    });
  };
  // After the page has loaded, so installing never competes with the first visit's own requests.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
