/**
 * Checking a receipt on the user's own device, with the rules of libs/domain and nothing of
 * the server's but the public blocks: the hash chain links, both named ticks are in the named
 * blocks with the exchange quotes the receipt shows, each price made from quotes is their median,
 * the close follows the receipt's close rule (the last tick at or before expiry while it is fresh;
 * after a halt or a gap in the prices, the first tick within the grace period; voided when none came),
 * and the outcome (at the order's own precision) and the amounts follow from the two prices (a voided
 * order gets exactly its stake back). Blocks that record catalogue changes hash them with their ticks.
 */
import {
  checkTickSources,
  closingTick,
  decideOutcome,
  formatCents,
  parseMoney,
  settleAmounts,
  verifyReceipt,
  type ChainBlock,
  type ReceiptTick,
} from '@candor/domain';
import type { OrderReceipt, PriceRule, TickBlock, TickRef, TickSource } from '@candor/contracts';

/** A receipt tick whose second is sealed into a block, or null while it is not yet. */
function sealed(k: TickRef): ReceiptTick | null {
  return k.blockHash && k.blockSecond ? { ...k, blockSecond: k.blockSecond, blockHash: k.blockHash } : null;
}

export type ReceiptFailure =
  | 'chain'
  | 'entry'
  | 'exit'
  /** A price is not the median of the quotes recorded with it, or the receipt's quotes are not the record's. */
  | 'sources'
  /** The exit is not the last tick at or before expiry. */
  | 'close'
  /** The record holds a tick between the halt's start and the expiry: the expiry was not in a halt. */
  | 'halt'
  /** No halt is named and the last tick before the expiry was fresh (or is not the one the receipt names): no gap. */
  | 'gap'
  /** Closed by the expiry rule on a tick older than the staleness limit: the halt rule applied. */
  | 'stale'
  /** After a halt, the exit is not the first tick within the grace period after the expiry. */
  | 'grace'
  /** A tick came within the grace period, so the order should have settled on it, not been voided. */
  | 'void'
  | 'outcome'
  | 'payout';
export type ReceiptVerdict =
  | { ok: true }
  | { ok: false; reason: 'unsealed' | 'incomplete' | 'graceOpen' }
  | { ok: false; reason: 'sources'; which: 'entry' | 'exit' }
  | { ok: false; reason: Exclude<ReceiptFailure, 'sources'> };

const second = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/**
 * The range of block seconds a receipt's check needs: from the entry block (or the halt's start, when
 * earlier) to a few seconds past the close; for a voided order past the grace period and the halt's end,
 * where the first tick after it lies.
 */
export function blockRange(receipt: OrderReceipt): { from: number; to: number } | null {
  const entry = Number(receipt.entryTick.blockSecond);
  if (!receipt.entryTick.blockHash || !Number.isSafeInteger(entry)) return null;
  const expiry = Date.parse(receipt.order.expiresAt);
  const exit = receipt.exitTick ? Number(receipt.exitTick.blockSecond) : Math.floor(expiry / 1000);
  let to = Math.max(Math.floor(expiry / 1000), Number.isSafeInteger(exit) ? exit : 0);
  let from = entry;
  if (receipt.halt) from = Math.min(from, second(receipt.halt.startedAt));
  if (receipt.gap?.lastTickAt) from = Math.min(from, second(receipt.gap.lastTickAt));
  if (receipt.closeRule === 'void') {
    to = Math.max(to, Math.floor((expiry + receipt.graceMs) / 1000));
    if (receipt.halt?.endedAt) to = Math.max(to, second(receipt.halt.endedAt));
  }
  return { from, to: to + 3 };
}

type Quotes = { sources?: readonly TickSource[] | null; rule?: PriceRule | null };

/** The quotes and rule in a fixed key order, to compare a receipt's with the record's. */
function quotesText(k: Quotes): string {
  if (!k.sources || !k.rule) return 'none';
  const sources = k.sources.map((s) => [s.venue, s.bid, s.ask, s.mid, s.venueTs, s.venueId, s.receivedAt, s.used, s.reason ?? null]);
  const { name, version, quorum, maxDeviationBps } = k.rule;
  return JSON.stringify([sources, [name, version, quorum, maxDeviationBps]]);
}

/** Whether the receipt's tick carries the record's quotes, and its price is their median by the recorded rule. */
function quotesHold(ref: TickRef, blocks: readonly TickBlock[]): boolean {
  const block = blocks.find((b) => b.second === String(ref.blockSecond) && b.hash === ref.blockHash);
  const recorded = block?.ticks.find((k) => k.seq === ref.seq);
  if (!recorded || quotesText(recorded) !== quotesText(ref)) return false;
  return !recorded.sources || !recorded.rule || checkTickSources(recorded.price, recorded.sources, recorded.rule).length === 0;
}

export function judgeReceipt(receipt: OrderReceipt, blocks: readonly TickBlock[]): ReceiptVerdict {
  const { order, entryTick, exitTick } = receipt;
  const entry = sealed(entryTick);
  const exit = exitTick ? sealed(exitTick) : null;
  if (!entry || (exitTick && !exit)) return { ok: false, reason: 'unsealed' };

  const chain = verifyReceipt({ symbol: order.symbol, entry, exit }, blocks as readonly ChainBlock[]);
  if (!chain.ok) {
    if (chain.fault === 'chain' || chain.fault === 'symbol' || chain.fault === 'order') return { ok: false, reason: 'chain' };
    return { ok: false, reason: chain.which === 'exit' ? 'exit' : 'entry' };
  }
  if (!quotesHold(entryTick, blocks)) return { ok: false, reason: 'sources', which: 'entry' };
  if (exitTick && !quotesHold(exitTick, blocks)) return { ok: false, reason: 'sources', which: 'exit' };
  if (order.status === 'open') return { ok: true };

  const expiry = Date.parse(order.expiresAt);
  const graceEnd = expiry + receipt.graceMs;
  const ticks = blocks.flatMap((b) => b.ticks.map((k) => ({ seq: k.seq, t: Date.parse(k.t) })));
  const rule = receipt.closeRule ?? 'expiry';
  const last = lastAtOrBefore(ticks, expiry);
  // Older than the feed's staleness limit at the expiry (a gap in the prices): the halt rule applies.
  const staleKnown = Number.isSafeInteger(receipt.staleMs) && receipt.staleMs > 0;
  const stale = staleKnown && last !== null && expiry - last.t > receipt.staleMs;

  if (rule === 'expiry' && stale) return { ok: false, reason: 'stale' };
  // An expiry in a halt: the record holds no tick from the halt's start to the expiry. Without a halt, a gap:
  // the last tick before the expiry is the one the receipt names, and older than the staleness limit.
  if (rule === 'halt' || rule === 'void') {
    if (receipt.halt) {
      const start = Date.parse(receipt.halt.startedAt);
      if (ticks.some((k) => k.t > start && k.t <= expiry)) return { ok: false, reason: 'halt' };
    } else if (!staleKnown) {
      return { ok: false, reason: 'halt' };
    } else if (!stale || (receipt.gap?.lastTickAt && Date.parse(receipt.gap.lastTickAt) !== last?.t)) {
      return { ok: false, reason: 'gap' };
    }
  }

  if (order.status === 'voided') {
    if (rule !== 'void' || exitTick) return { ok: false, reason: 'close' };
    if (ticks.some((k) => k.t > expiry && k.t <= graceEnd)) return { ok: false, reason: 'void' };
    // Only a tick after the grace period proves none is still to come inside it (the blocks are one chain).
    if (!ticks.some((k) => k.t > graceEnd)) return { ok: false, reason: 'graceOpen' };
    if (order.outcome !== undefined) return { ok: false, reason: 'outcome' };
    const stake = parseMoney(order.amount);
    if (stake === null || stake <= 0 || order.payout !== formatCents(stake) || order.pnl !== formatCents(0)) return { ok: false, reason: 'payout' };
    return { ok: true };
  }
  if (!exitTick || rule === 'void') return { ok: false, reason: 'close' };

  if (rule === 'halt') {
    // The first tick after the expiry (same time: the earlier-recorded), within the grace period.
    const after = ticks.filter((k) => k.t > expiry).sort((a, b) => a.t - b.t || Number(BigInt(a.seq) - BigInt(b.seq)));
    const first = after[0];
    if (!first || first.seq !== exitTick.seq || first.t > graceEnd) return { ok: false, reason: 'grace' };
  } else {
    // The exit must be the last tick at or before expiry, read once a later tick existed.
    const close = closingTick(ticks, expiry);
    if (close.status === 'pending') return { ok: false, reason: 'incomplete' };
    if (close.status === 'none' || close.tick.seq !== exitTick.seq) return { ok: false, reason: 'close' };
  }

  // The outcome compares the prices at the precision the order opened with (the close rounded half up to it).
  const precision = Number.isSafeInteger(order.precision) && order.precision >= 0 ? order.precision : undefined;
  const outcome = decideOutcome(order.direction, entryTick.price, exitTick.price, precision);
  if (outcome !== order.outcome || order.closePrice !== exitTick.price || order.openPrice !== entryTick.price) return { ok: false, reason: 'outcome' };

  const stake = parseMoney(order.amount);
  if (stake === null || stake <= 0) return { ok: false, reason: 'payout' };
  const { payoutCents, pnlCents } = settleAmounts(stake, order.payoutRate, outcome);
  if (order.payout !== formatCents(payoutCents) || order.pnl !== formatCents(pnlCents)) return { ok: false, reason: 'payout' };
  return { ok: true };
}

/** The last tick at or before `atMs` (of equal times, the later recorded), or null. */
function lastAtOrBefore(ticks: readonly { seq: string; t: number }[], atMs: number): { seq: string; t: number } | null {
  let last: { seq: string; t: number } | null = null;
  for (const k of ticks) if (k.t <= atMs && (!last || k.t > last.t || (k.t === last.t && BigInt(k.seq) > BigInt(last.seq)))) last = k;
  return last;
}

/** Most blocks one /blocks answer holds (the api's page size). */
const PAGE = 600;

/** Fetch the blocks of [from, to] page by page (`fetchPage(from, to)` answers at most PAGE, oldest first). */
export async function fetchBlockRange(
  range: { from: number; to: number },
  fetchPage: (from: number, to: number) => Promise<TickBlock[]>,
  maxPages = 20,
): Promise<TickBlock[]> {
  const out: TickBlock[] = [];
  let from = range.from;
  for (let i = 0; i < maxPages && from <= range.to; i++) {
    const page = await fetchPage(from, range.to);
    out.push(...page);
    const last = page[page.length - 1];
    if (!last || page.length < PAGE) break;
    from = Number(last.second) + 1;
  }
  return out;
}
