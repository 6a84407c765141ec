import { useEffect, useState } from 'react';

/**
 * The server's clock as seen by this page. A phone's clock can be seconds (or minutes) off, and a
 * countdown to an order's expiry must follow the server. Every ticker event carries the time of
 * a tick the server just stored; the offset is smoothed from those (network delay makes each
 * sample a little early, which only makes a countdown end a few ms late, never early).
 */
let offsetMs = 0;
let samples = 0;

export function observeServerTime(iso: string): void {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return;
  const sample = t - Date.now();
  // Ignore absurd samples (a replayed or stale tick) once there is an estimate.
  if (samples > 0 && Math.abs(sample - offsetMs) > 10 * 60_000) return;
  offsetMs = samples === 0 ? sample : offsetMs * 0.8 + sample * 0.2;
  samples++;
}

/** Milliseconds since the epoch on the server's clock (best estimate). */
export function serverNow(): number {
  return Date.now() + (samples > 0 ? offsetMs : 0);
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
