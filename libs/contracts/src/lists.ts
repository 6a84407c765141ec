// Value lists that both the schemas and the apps read, in a module without zod: an app that imports one
// of them does not take the schemas (and zod, about 20 KiB compressed) along with it. Every other module
// of the package builds zod schemas when it loads, so its values cannot be shaken out of a bundle.

/** Candle intervals of the charts (defined with the candle rules). */
export { CANDLE_INTERVALS, type CandleInterval } from '@candor/domain';

/** Types of journal entries: the `type` of a capital record. */
export const ENTRY_TYPES = [
  'deposit',
  'withdrawal',
  'withdrawal_refund',
  'order_stake',
  'order_payout',
  'order_refund',
  'order_loss',
  /** An order whose expiry fell in a halt with no valid price within the grace period: its stake back. */
  'order_void',
  'earn_in',
  'earn_out',
  'earn_confirm',
  'earn_income',
  'adjustment',
  'demo_grant',
  'demo_reset',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];
/** The entry types a user's real accounts can show (demo money has its own). */
export const REAL_ENTRY_TYPES = ENTRY_TYPES.filter((t) => t !== 'demo_grant' && t !== 'demo_reset');
