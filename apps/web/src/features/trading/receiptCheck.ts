/**
 * Checking a receipt on the user's own device, with the rules of libs/domain and nothing of
 * the server's but the public blocks: the hash chain links, both named ticks are in the named
 * blocks, the exit tick is the last one at or before expiry (with a later tick recorded), and
 * the outcome and the amounts follow from the two prices.
 */
import { closingTick, decideOutcome, formatCents, parseMoney, settleAmounts, verifyReceipt, type ChainBlock, type ReceiptTick } from '@candor/domain';
import type { OrderReceipt, TickBlock, TickRef } from '@candor/contracts';

/** A receipt tick whose second is sealed into a block, or null while it is not yet. */
function sealed(k: TickRef): ReceiptTick | null {
  return k.blockHash && k.blockSecond ? { ...k, blockSecond: k.blockSecond, blockHash: k.blockHash } : null;
}

export type ReceiptVerdict = { ok: true } | { ok: false; reason: 'unsealed' | 'incomplete' | 'chain' | 'entry' | 'exit' | 'close' | 'outcome' | 'payout' };

/** The range of block seconds a receipt's check needs: from the entry block to a few seconds past expiry. */
export function blockRange(receipt: OrderReceipt): { from: number; to: number } | null {
  const entry = Number(receipt.entryTick.blockSecond);
  if (!receipt.entryTick.blockHash || !Number.isSafeInteger(entry)) return null;
  const expiry = Math.floor(Date.parse(receipt.order.expiresAt) / 1000);
  const exit = receipt.exitTick ? Number(receipt.exitTick.blockSecond) : expiry;
  return { from: entry, to: Math.max(expiry, Number.isSafeInteger(exit) ? exit : expiry) + 3 };
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
  if (order.status !== 'settled' || !exitTick) return { ok: true };

  // The exit must be the last tick at or before expiry, read once a later tick existed.
  const ticks = blocks.flatMap((b) => b.ticks.map((k) => ({ seq: k.seq, t: Date.parse(k.t) })));
  const close = closingTick(ticks, Date.parse(order.expiresAt));
  if (close.status === 'pending') return { ok: false, reason: 'incomplete' };
  if (close.status === 'none' || close.tick.seq !== exitTick.seq) return { ok: false, reason: 'close' };

  const outcome = decideOutcome(order.direction, entryTick.price, exitTick.price);
  if (outcome !== order.outcome || order.closePrice !== exitTick.price || order.openPrice !== entryTick.price) return { ok: false, reason: 'outcome' };

  const stake = parseMoney(order.amount);
  if (stake === null || stake <= 0) return { ok: false, reason: 'payout' };
  const { payoutCents, pnlCents } = settleAmounts(stake, order.payoutRate, outcome);
  if (order.payout !== formatCents(payoutCents) || order.pnl !== formatCents(pnlCents)) return { ok: false, reason: 'payout' };
  return { ok: true };
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
