/** The navigation kinds React Router reports: a back/forward step is a POP. */
export type NavigationKind = 'POP' | 'PUSH' | 'REPLACE';

/**
 * The saved position's key for a history entry: its location key and address. Every fresh load of the app in a
 * tab has the key "default", so by the key alone a new page opened in the tab took the last one's position.
 */
export function entryKey(location: { key: string; pathname: string; search: string }): string {
  return `${location.key}|${location.pathname}${location.search}`;
}

/** The most entries kept: a long session must not grow the saved map (nor sessionStorage) without end. */
export const MAX_SAVED_POSITIONS = 100;

/**
 * Where each history entry was scrolled, by its location key: a step back or forward returns to where the
 * reader left that page; any other navigation starts at the top, as a new page does.
 */
export class ScrollPositions {
  private readonly saved = new Map<string, number>();

  constructor(initial: Readonly<Record<string, number>> = {}) {
    for (const [key, y] of Object.entries(initial)) if (Number.isFinite(y) && y >= 0) this.saved.set(key, y);
  }

  remember(key: string, y: number): void {
    this.saved.delete(key); // re-inserted last: the oldest entries go first
    this.saved.set(key, Math.max(0, Math.round(y)));
    while (this.saved.size > MAX_SAVED_POSITIONS) this.saved.delete(this.saved.keys().next().value!);
  }

  /** The scroll position to show for an entry reached by `kind`. */
  target(key: string, kind: NavigationKind): number {
    return kind === 'POP' ? (this.saved.get(key) ?? 0) : 0;
  }

  toJSON(): Record<string, number> {
    return Object.fromEntries(this.saved);
  }
}
