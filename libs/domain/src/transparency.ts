/**
 * The public transparency figures' rules (docs/transparency.md, "The public figures"): which accounts count, what
 * a share and a payout ratio are, and the periods they cover. The worker computes the sums in SQL; these
 * functions turn them into the published figures and are the executable definition the tests compare with.
 */

/** A loss share is published only once at least this many accounts traded in its period. */
export const TRANSPARENCY_MIN_ACCOUNTS = 100;
/** Decimals of a published share or ratio (`"0.7412"` = 74.12 %). */
export const TRANSPARENCY_RATIO_DECIMALS = 4;

/** `part / whole` rounded half up to 4 decimals, as a decimal string; null when `whole` is 0 or less. */
export function ratioText(part: bigint | number, whole: bigint | number): string | null {
  const p = BigInt(part);
  const w = BigInt(whole);
  if (w <= 0n) return null;
  if (p < 0n) throw new RangeError('ratioText: a negative part');
  const scale = 10n ** BigInt(TRANSPARENCY_RATIO_DECIMALS);
  // Half up: add half of the denominator before the integer division.
  const scaled = (p * scale * 2n + w) / (w * 2n);
  const frac = (scaled % scale).toString().padStart(TRANSPARENCY_RATIO_DECIMALS, '0');
  return `${scaled / scale}.${frac}`;
}

/** The share of accounts that lost: null below TRANSPARENCY_MIN_ACCOUNTS accounts (too few to say anything). */
export function lossShare(accounts: number, losing: number, min = TRANSPARENCY_MIN_ACCOUNTS): string | null {
  if (!Number.isSafeInteger(accounts) || !Number.isSafeInteger(losing) || losing < 0 || losing > accounts) throw new RangeError('lossShare: bad counts');
  return accounts < min ? null : ratioText(losing, accounts);
}

/**
 * The payout ratio of settled orders: what users were paid back (stake returned on a tie, stake plus winnings on
 * a win, nothing on a loss) over what they staked. 1 means users got back all they staked; below 1 the house
 * kept the rest. Null when nothing was staked.
 */
export function payoutRatio(paidCents: bigint | number, stakedCents: bigint | number): string | null {
  return ratioText(paidCents, stakedCents);
}

/** The periods of the figures, each ending at `now`: 12 calendar months (UTC), 90 days and 30 days. */
export function transparencyPeriods(now: Date): { from12m: Date; from90d: Date; from30d: Date; to: Date } {
  const from12m = new Date(now.getTime());
  from12m.setUTCMonth(from12m.getUTCMonth() - 12);
  const day = 24 * 60 * 60 * 1000;
  return { from12m, from90d: new Date(now.getTime() - 90 * day), from30d: new Date(now.getTime() - 30 * day), to: now };
}

/** One order as the loss share reads it. */
export interface ShareOrder {
  userId: string;
  account: 'real' | 'demo';
  status: 'open' | 'settled' | 'voided';
  /** The order's realised result in cents (payout - stake); null while open. */
  pnl: number | null;
  settledAt: Date | null;
}

/**
 * The loss share's definition over a list of orders: an account counts when it has at least one settled
 * real-account order settled in [from, to); it lost when the sum of those orders' results is negative. Demo,
 * open and voided orders (a void refunds the stake: no trade took place) are left out.
 */
export function lossShareOf(orders: readonly ShareOrder[], from: Date, to: Date, min = TRANSPARENCY_MIN_ACCOUNTS) {
  const results = new Map<string, number>();
  for (const o of orders) {
    if (o.account !== 'real' || o.status !== 'settled' || o.pnl === null || !o.settledAt) continue;
    if (o.settledAt.getTime() < from.getTime() || o.settledAt.getTime() >= to.getTime()) continue;
    results.set(o.userId, (results.get(o.userId) ?? 0) + o.pnl);
  }
  const accounts = results.size;
  const losing = [...results.values()].filter((r) => r < 0).length;
  return { accounts, losing, share: lossShare(accounts, losing, min) };
}
