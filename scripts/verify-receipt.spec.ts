import { describe, expect, it } from '@jest/globals';
import { aggregateQuotes, sealBlock, type ChainBlock, type ChainTick, type VenueQuote } from '@candor/domain';
import { checkReceipt } from './verify-receipt.mjs';

const S0 = 1_800_000_000;
const quote = (venue: string, bid: string, ask: string, receivedAt: number): VenueQuote => ({
  venue,
  quoteCurrency: 'USDT',
  bid,
  ask,
  venueTs: null,
  venueId: null,
  receivedAt,
});

/** A tick made by the platform's rule from three exchanges' quotes at `ms`. */
function madeTick(seq: string, ms: number, mids: [string, string, string]): ChainTick {
  const venues = ['binance', 'okx', 'coinbase'];
  const agg = aggregateQuotes(
    mids.map((m, i) => quote(venues[i]!, m, m, ms - 10)),
    { nowMs: ms, staleMs: 5000, quorum: 3, maxDeviationBps: 50, precision: 2, quoteCurrency: 'USDT' },
  );
  if (!agg.ok) throw new Error('fixture');
  return { seq, t: new Date(ms).toISOString(), price: agg.price, sources: agg.sources, rule: agg.rule };
}

/** Three sealed seconds: the entry tick, the exit tick (the last before the expiry S0 + 2), a later one. */
function record(): ChainBlock[] {
  const b0 = sealBlock(null, 'BTCUSDT', S0, [madeTick('1', S0 * 1000 + 2, ['100.00', '100.02', '100.04'])]);
  const b1 = sealBlock(b0, 'BTCUSDT', S0 + 1, [madeTick('2', S0 * 1000 + 1500, ['100.10', '100.12', '100.20'])]);
  const b2 = sealBlock(b1, 'BTCUSDT', S0 + 2, [madeTick('3', S0 * 1000 + 2002, ['100.30', '100.30', '100.30'])]);
  return [b0, b1, b2];
}

function receiptOf(blocks: ChainBlock[]) {
  const ref = (b: ChainBlock) => ({ ...b.ticks[0]!, blockSecond: String(b.second), blockHash: b.hash });
  const entry = ref(blocks[0]!);
  const exit = ref(blocks[1]!);
  return {
    order: {
      id: 'o1',
      orderNo: 'N1',
      symbol: 'BTCUSDT',
      account: 'real',
      direction: 'up',
      amount: '10.00',
      durationSeconds: 2,
      payoutRate: '0.85',
      openPrice: entry.price,
      openedAt: entry.t,
      expiresAt: new Date((S0 + 2) * 1000).toISOString(),
      status: 'settled',
      closePrice: exit.price,
      closedAt: exit.t,
      outcome: 'win',
      pnl: '8.50',
      payout: '18.50',
    },
    entryTick: entry,
    exitTick: exit,
    closeRule: 'expiry',
    graceMs: 10_000,
  };
}

describe('verify-receipt.mjs', () => {
  it('accepts a receipt whose ticks were made from the recorded quotes', () => {
    const blocks = record();
    expect(blocks[0]!.ticks[0]!.price).toBe('100.02');
    expect(blocks[1]!.ticks[0]!.price).toBe('100.12');
    expect(checkReceipt(receiptOf(blocks), blocks).problems).toEqual([]);
  });

  it("fails when the receipt's quotes are not the record's", () => {
    const blocks = record();
    const receipt = receiptOf(blocks);
    receipt.exitTick.sources = receipt.exitTick.sources!.map((s) => (s.venue === 'okx' ? { ...s, bid: '100.13', ask: '100.13', mid: '100.13' } : s));
    expect(checkReceipt(receipt, blocks).problems.join('\n')).toMatch(/exit tick 2: the receipt's exchange quotes differ from the record's/);
  });

  it('fails when a stored quote was changed, whether or not the blocks were sealed again', () => {
    const honest = record();
    const changed = (b: ChainBlock): ChainBlock => {
      const tick = b.ticks[0]!;
      const sources = tick.sources!.map((s) => (s.venue === 'binance' ? { ...s, bid: '100.15', ask: '100.15', mid: '100.15' } : s));
      return { ...b, ticks: [{ ...tick, sources }] };
    };
    // Changed in place: the block's hash no longer matches.
    const inPlace = [honest[0]!, changed(honest[1]!), honest[2]!];
    expect(checkReceipt(receiptOf(inPlace), inPlace).problems.join('\n')).toMatch(/hash does not match its content/);
    // Changed and the chain sealed again from there: the hashes hold, the price is no longer the quotes' median.
    const b1 = sealBlock(honest[0]!, 'BTCUSDT', S0 + 1, changed(honest[1]!).ticks);
    const resealed = [honest[0]!, b1, sealBlock(b1, 'BTCUSDT', S0 + 2, honest[2]!.ticks)];
    const problems = checkReceipt(receiptOf(resealed), resealed).problems.join('\n');
    expect(problems).not.toMatch(/hash/);
    expect(problems).toMatch(/tick 2: price 100\.12 is not the median of the used quotes' mids/);
  });
});
