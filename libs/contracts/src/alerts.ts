import { z } from 'zod';
import { ALERT_DIRECTIONS, type AlertDirection } from '@candor/domain';
import type { IsoTime, Price } from './common.js';

export { ALERT_DIRECTIONS, MAX_ACTIVE_PRICE_ALERTS, type AlertDirection } from '@candor/domain';

/**
 * `POST /api/me/alerts`: tell me when `symbol`'s price reaches `level`. `direction` may be left out: it is then
 * the side of the current price the level lies on; given, it must be that side (else 422 ALERT_LEVEL_WRONG_SIDE).
 */
export const createPriceAlertBody = z.strictObject({
  symbol: z.string().trim().min(1).max(20),
  /** A positive decimal string with at most the product's precision decimals. */
  level: z
    .string()
    .trim()
    .max(40)
    .regex(/^\d+(\.\d+)?$/),
  direction: z.enum(ALERT_DIRECTIONS).optional(),
});
export type CreatePriceAlertBody = z.infer<typeof createPriceAlertBody>;

/** `GET /api/me/alerts?symbol=`: one product's alerts only, when given. */
export const priceAlertsQuery = z.strictObject({
  symbol: z.string().trim().min(1).max(20).optional(),
  lang: z.string().max(10).optional(),
});

/** One of the user's price alerts. Active while `triggeredAt` is null; a fired one stays listed for a week. */
export interface PriceAlert {
  id: string;
  symbol: string;
  direction: AlertDirection;
  level: Price;
  createdAt: IsoTime;
  /** When a stored price reached the level (the alert fired, once), else null. */
  triggeredAt: IsoTime | null;
  /** The price that fired it. */
  triggeredPrice: Price | null;
}

/** `GET /api/me/alerts`: the active alerts (oldest first), then those fired in the last 7 days (newest first). */
export interface PriceAlertList {
  items: PriceAlert[];
  /** How many active alerts one user may keep. */
  maxActive: number;
}

/** Alerts fired this long ago or less are still listed. */
export const FIRED_ALERTS_LISTED_DAYS = 7;
