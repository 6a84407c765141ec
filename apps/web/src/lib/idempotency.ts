import { isApiError } from './api';

/**
 * One `Idempotency-Key` per attempt. An attempt is one body the user asked to send; while its
 * outcome is unknown (no answer: network error, time-out, 5xx) sending the same body again is a
 * retry of that attempt and reuses its key, so the server answers with the first result instead
 * of applying it twice (a second order, a second transfer). A definite answer (success or 4xx) or a
 * different body starts a new attempt with a new key.
 */
export class IdempotentAttempts {
  private current: { key: string; body: string } | null = null;

  constructor(private readonly newKey: () => string = uuid) {}

  /** The key to send with `body`. */
  keyFor(body: unknown): string {
    const text = JSON.stringify(body);
    if (!this.current || this.current.body !== text) this.current = { key: this.newKey(), body: text };
    return this.current.key;
  }

  /** Record how the attempt ended: `unknown` keeps the key for a retry, anything else drops it. */
  settle(outcome: 'definite' | 'unknown'): void {
    if (outcome === 'definite') this.current = null;
  }
}

/** Whether a failure leaves the outcome unknown (the request may have been applied): retry with the same key. */
export function outcomeUnknown(e: unknown): boolean {
  return !isApiError(e) || e.status === 0 || e.status >= 500;
}

/** A random UUID v4; `crypto.randomUUID` needs a secure context, `getRandomValues` does not. */
export function uuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
