import { formatCountdown } from '../../lib/format';
import { remainingMs, serverNow } from '../../lib/serverClock';

/** An open order as the chart draws it: a line at its open price in its direction's colour, until it settles. */
export interface ChartOrder {
  id: string;
  direction: 'up' | 'down';
  openPrice: string;
  expiresAt: string;
  durationSeconds: number;
}

/** The label drawn on an order's line: its direction's arrow and the time left (server clock), "…" once expired. */
export function orderLineTitle(o: ChartOrder, nowMs: number = serverNow()): string {
  const left = remainingMs(o, nowMs);
  return `${o.direction === 'up' ? '▲' : '▼'} ${left > 0 ? formatCountdown(left) : '…'}`;
}
