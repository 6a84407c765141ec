import { z } from 'zod';
import type { IsoTime, Money } from './common.js';

/** The self-set limits: money ones as decimal strings, the reminder in minutes; null = no limit. */
export interface ResponsibleLimits {
  depositDay: Money | null;
  depositWeek: Money | null;
  depositMonth: Money | null;
  lossDay: Money | null;
  lossWeek: Money | null;
  lossMonth: Money | null;
  stakePerOrder: Money | null;
  reminderMinutes: number | null;
}
export type ResponsibleLimitName = keyof ResponsibleLimits;

/** A higher or removed limit waiting for its cooling-off to end. */
export interface PendingLimitChange {
  name: ResponsibleLimitName;
  value: Money | number | null;
  effectiveAt: IsoTime;
}

/** `GET /api/me/limits` (and the answer of every change). */
export interface LimitsResponse {
  limits: ResponsibleLimits;
  pending: PendingLimitChange[];
  /** While a time-out runs: its end. */
  timeOutUntil?: IsoTime;
  /** While a self-exclusion runs: its end. */
  selfExcludedUntil?: IsoTime;
  /** The platform's time zone, in which days, weeks (from Monday) and months of the limits are counted. */
  timezone: string;
}

// null first-class in the union (not `.nullable()` around it): the OpenAPI form then names a type beside `nullable`.
const moneyLimit = z.union([z.string().max(40).nullable(), z.number()]).optional();
/** `PUT /api/me/limits`: any of the limits; null removes one, a missing one stays as it is. */
export const putLimitsBody = z.strictObject({
  depositDay: moneyLimit,
  depositWeek: moneyLimit,
  depositMonth: moneyLimit,
  lossDay: moneyLimit,
  lossWeek: moneyLimit,
  lossMonth: moneyLimit,
  stakePerOrder: moneyLimit,
  reminderMinutes: z.number().int().min(5).max(720).nullable().optional(),
});
export type PutLimitsBody = z.infer<typeof putLimitsBody>;

/** `POST /api/me/time-out`: 1 to 42 days (24 hours to six weeks). */
export const timeOutBody = z.strictObject({ days: z.number().int().min(1).max(42) });
export type TimeOutBody = z.infer<typeof timeOutBody>;

/** `POST /api/me/self-exclusion`: 6 to 60 months. */
export const selfExclusionBody = z.strictObject({ months: z.number().int().min(6).max(60) });
export type SelfExclusionBody = z.infer<typeof selfExclusionBody>;
