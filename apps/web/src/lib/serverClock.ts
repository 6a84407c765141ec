import { useEffect, useState } from 'react';

/**
 * The server's clock as seen by this page. A phone's clock can be seconds (or minutes) off, and a
 * countdown to an order's expiry must follow the server. Each sample is a server time this page
 * just received (a ticker event's tick, a new order's opening time) minus the local clock. Delivery
 * only ever makes a sample early, by the network delay plus however long the server took to send
 * it, so the best estimate is the latest-running sample of the last minute (as NTP keeps its
 * lowest-delay sample); averaging would let one busy second freeze a countdown at its start.
 */
const WINDOW_MS = 60_000;
let recent: { at: number; offset: number }[] = [];

export function observeServerTime(iso: string, localNow = Date.now()): void {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return;
  const offset = t - localNow;
  // A sample far ahead of the estimate is not a late delivery but a wrong clock: ignore it.
  if (recent.length > 0 && offset - currentOffset() > 10 * 60_000) return;
  recent = recent.filter((s) => localNow - s.at < WINDOW_MS);
  recent.push({ at: localNow, offset });
}

function currentOffset(): number {
  return recent.reduce((best, s) => Math.max(best, s.offset), -Infinity);
}

/** Forget every sample (tests, and a page that starts over). */
export function resetServerClock(): void {
  recent = [];
}

/** Milliseconds since the epoch on the server's clock (best estimate). */
export function serverNow(): number {
  return Date.now() + (recent.length > 0 ? currentOffset() : 0);
}

/** Re-render every `ms` with the server clock's current time (for countdowns). */
export function useServerNow(ms = 250, enabled = true): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    if (!enabled) return;
    setNow(serverNow());
    const id = setInterval(() => setNow(serverNow()), ms);
    return () => clearInterval(id);
  }, [ms, enabled]);
  return now;
}

/**
 * Milliseconds left until `expiresAt` at `nowMs` (the server clock) of something that lasts
 * `durationSeconds`: never below zero and never above the duration (a clock estimate a little behind the
 * server's must not show a 30-second order at 00:31).
 */
export function remainingMs(o: { expiresAt: string; durationSeconds: number }, nowMs: number): number {
  const left = Date.parse(o.expiresAt) - nowMs;
  if (!Number.isFinite(left)) return 0;
  return Math.min(o.durationSeconds * 1000, Math.max(0, left));
}
