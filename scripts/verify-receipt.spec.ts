import { describe, expect, it } from '@jest/globals';
import { aggregateQuotes, canonicalJson, sealBlock, type ChainBlock, type ChainChange, type ChainTick, type VenueQuote } from '@candor/domain';
import { checkOpeningTerms, checkReceipt, roundHalfUp } from './verify-receipt.mjs';

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

/** A receipt naming the ticks `entrySeq` and `exitSeq` of `blocks` (none: no exit tick), as the server writes it. */
function receiptOf(blocks: ChainBlock[], entrySeq = '1', exitSeq: string | null = '2') {
  const ref = (seq: string) => {
    const b = blocks.find((x) => x.ticks.some((k) => k.seq === seq))!;
    return { ...b.ticks.find((k) => k.seq === seq)!, blockSecond: String(b.second), blockHash: b.hash };
  };
  const entry = ref(entrySeq);
  const exit = exitSeq === null ? null : ref(exitSeq);
  return {
    order: {
      id: 'o1',
      orderNo: 'N1',
      symbol: 'BTCUSDT',
      account: 'real',
      direction: 'up',
      amount: '10.00',
      // placed at S0 + 0.5 s on the tick of S0 + 2 ms: it expires at the first whole second from S0 + 1.5 s
      durationSeconds: 1,
      payoutRate: '0.85',
      openPrice: entry.price,
      openedAt: entry.t,
      expiresAt: new Date((S0 + 2) * 1000).toISOString(),
      precision: 2,
      priceVenues: [
        { venue: 'binance', symbol: 'BTCUSDT' },
        { venue: 'okx', symbol: 'BTC-USDT' },
        { venue: 'coinbase', symbol: 'BTC-USDT' },
      ],
      status: 'settled',
      closePrice: exit?.price,
      closedAt: exit?.t,
      outcome: 'win',
      pnl: '8.50',
      payout: '18.50',
    } as Record<string, unknown>,
    entryTick: entry,
    exitTick: exit,
    closeRule: 'expiry',
    graceMs: 10_000,
    staleMs: 5000,
  } as {
    order: Record<string, unknown>;
    entryTick: typeof entry;
    exitTick: typeof exit;
    closeRule: string;
    graceMs: number;
    staleMs?: number;
    halt?: { reason: string; startedAt: string; endedAt: string | null };
    gap?: { lastTickAt: string | null; staleMs: number };
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
    receipt.exitTick!.sources = receipt.exitTick!.sources!.map((s) => (s.venue === 'okx' ? { ...s, bid: '100.13', ask: '100.13', mid: '100.13' } : s));
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

/** A tick written as `price` (its decimals count) at S0 + `ms`. */
const at = (seq: string, ms: number, price: string): ChainTick => ({ seq, t: new Date(S0 * 1000 + ms).toISOString(), price });
/** Blocks sealed in turn, one per distinct second of the ticks (and of the changes, which take effect at a second's start). */
function sealed(ticks: ChainTick[], changes: ChainChange[] = []): ChainBlock[] {
  const secondOf = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  const seconds = [...new Set([...ticks.map((k) => secondOf(k.t)), ...changes.map((c) => secondOf(c.effectiveAt))])].sort((a, b) => a - b);
  const out: ChainBlock[] = [];
  for (const s of seconds)
    out.push(
      sealBlock(
        out[out.length - 1] ?? null,
        'BTCUSDT',
        s,
        ticks.filter((k) => secondOf(k.t) === s),
        changes.filter((c) => secondOf(c.effectiveAt) === s),
      ),
    );
  return out;
}
const change = (id: string, field: string, from: unknown, to: unknown, ms: number): ChainChange => ({
  id,
  field,
  from: canonicalJson(from),
  to: canonicalJson(to),
  effectiveAt: new Date(S0 * 1000 + ms).toISOString(),
});
/** A simulated-price receipt: ticks 1 (entry) and 2 (exit) as given, a later tick 3, the expiry at S0 + 2 s. */
function simulated(entry: string, exit: string, outcome: string, payout: string, pnl: string) {
  const blocks = sealed([at('1', 2, entry), at('2', 1500, exit), at('3', 2002, entry)]);
  const receipt = receiptOf(blocks);
  Object.assign(receipt.order, { priceVenues: [], outcome, payout, pnl });
  return { blocks, receipt };
}
const problemsOf = (r: unknown, blocks: ChainBlock[]) => checkReceipt(r, blocks).problems.join('\n');

describe('verify-receipt.mjs: the terms the order opened with', () => {
  it('the open price and the entry tick have exactly the order precision', () => {
    const blocks = record();
    expect(checkOpeningTerms(receiptOf(blocks).order, blocks[0]!.ticks[0])).toEqual([]);
    const three = receiptOf(blocks);
    three.order.precision = 3;
    const problems = problemsOf(three, blocks);
    expect(problems).toMatch(/open price 100\.02 does not have the order's precision of 3 decimals/);
    expect(problems).toMatch(/the entry tick's price 100\.02 does not have the order's precision of 3 decimals/);
    const unstated = receiptOf(blocks);
    delete unstated.order.precision;
    expect(problemsOf(unstated, blocks)).toMatch(/does not state the precision it opened with/);
  });

  it('compares the prices at the order precision, the close rounded half up to it', () => {
    expect(roundHalfUp('100.024', 2)).toBe('100.02');
    expect(roundHalfUp('100.025', 2)).toBe('100.03');
    expect(roundHalfUp('99.995', 2)).toBe('100.00');
    expect(roundHalfUp('7', 2)).toBe('7.00');
    expect(roundHalfUp('0.5', 0)).toBe('1');
    // 100.024 is 100.02 at two decimals: a tie, the stake back.
    const tie = simulated('100.02', '100.024', 'tie', '10.00', '0.00');
    expect(checkReceipt(tie.receipt, tie.blocks).problems).toEqual([]);
    const calledWin = simulated('100.02', '100.024', 'win', '18.50', '8.50');
    expect(problemsOf(calledWin.receipt, calledWin.blocks)).toMatch(/up from 100\.02 to 100\.024 \(100\.02 at 2 decimals\) is a tie/);
    // 100.025 rounds up to 100.03: a win.
    const win = simulated('100.02', '100.025', 'win', '18.50', '8.50');
    expect(checkReceipt(win.receipt, win.blocks).problems).toEqual([]);
    const calledTie = simulated('100.02', '100.025', 'tie', '10.00', '0.00');
    expect(problemsOf(calledTie.receipt, calledTie.blocks)).toMatch(/is a win/);
  });

  it("pays from the stake and the order's payout rate", () => {
    const blocks = record();
    const short = receiptOf(blocks);
    short.order.payout = '18.49';
    expect(problemsOf(short, blocks)).toMatch(/payout is 18\.49, but the rule gives 18\.50 for a win of 10\.00 at 0\.85/);
    const rate = receiptOf(blocks);
    rate.order.payoutRate = '0.7';
    expect(problemsOf(rate, blocks)).toMatch(/payout is 18\.50, but the rule gives 17\.00/);
    rate.order.payout = '17.00';
    rate.order.pnl = '7.00';
    expect(checkReceipt(rate, blocks).problems).toEqual([]);
    const odd = receiptOf(blocks);
    odd.order.payoutRate = '0.85001';
    expect(problemsOf(odd, blocks)).toMatch(/payout rate 0\.85001 is not a positive rate of at most 4 decimals/);
  });

  it('expires a whole second, the duration to 4 s after the tick it opened on', () => {
    const blocks = record();
    const longer = receiptOf(blocks);
    longer.order.durationSeconds = 5; // 1.998 s between the entry tick and the expiry
    expect(problemsOf(longer, blocks)).toMatch(/expiresAt .* is 1\.998 s after openedAt .*: a 5 s order expires 5 s to 9 s after the tick it opened on/);
    const shorter = receiptOf(blocks);
    shorter.order.durationSeconds = 2; // 1.998 s: under the 2 s chosen
    expect(problemsOf(shorter, blocks)).toMatch(/a 2 s order expires 2 s to 6 s after/);
    const fraction = receiptOf(blocks);
    fraction.order.expiresAt = new Date(S0 * 1000 + 1999).toISOString();
    expect(problemsOf(fraction, blocks)).toMatch(/expiresAt .* is not a whole second/);
  });

  it("the entry price was made only from the order's markets", () => {
    const blocks = record();
    const fewer = receiptOf(blocks);
    fewer.order.priceVenues = [
      { venue: 'binance', symbol: 'BTCUSDT' },
      { venue: 'okx', symbol: 'BTC-USDT' },
    ];
    expect(problemsOf(fewer, blocks)).toMatch(
      /the entry tick 1 used coinbase's quote, which is not among the order's markets \(binance BTCUSDT, okx BTC-USDT\)/,
    );
    const unstated = receiptOf(blocks);
    delete unstated.order.priceVenues;
    expect(problemsOf(unstated, blocks)).toMatch(/does not state the markets it opened with/);
  });
});

describe('verify-receipt.mjs: the close rule and the staleness limit', () => {
  // The last tick before the expiry at S0 + 8 s is at S0 + 1.5 s, 6.5 s old then (staleMs 5 s); the next at S0 + 9 s.
  const gapped = () => sealed([at('1', 2, '100.02'), at('2', 1500, '100.12'), at('3', 9000, '100.30')]);
  const gapReceipt = (blocks: ChainBlock[], exitSeq: string | null) => {
    const r = receiptOf(blocks, '1', exitSeq);
    // placed at S0 + 0.5 s for 7 s
    Object.assign(r.order, { durationSeconds: 7, expiresAt: new Date((S0 + 8) * 1000).toISOString() });
    return r;
  };

  it('the expiry rule needs a fresh tick: a stale one means the halt rule', () => {
    const blocks = gapped();
    const byExpiry = gapReceipt(blocks, '2');
    expect(problemsOf(byExpiry, blocks)).toMatch(
      /the last tick at or before the expiry \(2 at .*\) was 6500 ms old at the expiry, more than staleMs \(5000 ms\): the halt rule applies/,
    );
    const byHalt = gapReceipt(blocks, '3');
    Object.assign(byHalt, { closeRule: 'halt', gap: { lastTickAt: blocks[1]!.ticks[0]!.t, staleMs: 5000 } });
    Object.assign(byHalt.order, { payout: '18.50', pnl: '8.50', outcome: 'win' });
    const ok = checkReceipt(byHalt, blocks);
    expect(ok.problems).toEqual([]);
    expect(ok.notes.join('\n')).toMatch(/6500 ms old at the expiry, more than staleMs \(5000 ms\): a gap in the feed/);
    // A longer staleness limit makes the same tick fresh: then the halt rule may not apply without a halt.
    const fresh = { ...byHalt, staleMs: 7000 };
    expect(problemsOf(fresh, blocks)).toMatch(/was 6500 ms old at the expiry, within staleMs \(7000 ms\), and no halt is named: the order closes on it/);
    expect(problemsOf({ ...byExpiry, staleMs: 7000 }, blocks)).not.toMatch(/staleMs/);
    // The receipt's gap must name the record's last tick.
    const wrongGap = { ...byHalt, gap: { lastTickAt: blocks[0]!.ticks[0]!.t, staleMs: 5000 } };
    expect(problemsOf(wrongGap, blocks)).toMatch(/the receipt says the last tick before the gap was at .*, the record says/);
    expect(problemsOf({ ...byHalt, staleMs: undefined }, blocks)).toMatch(/does not state the feed's staleness limit/);
  });

  it('voids after a gap only when no tick came within the grace period', () => {
    const blocks = gapped();
    const voided = gapReceipt(blocks, null);
    Object.assign(voided, { closeRule: 'void', graceMs: 500, gap: { lastTickAt: blocks[1]!.ticks[0]!.t, staleMs: 5000 } });
    Object.assign(voided.order, { status: 'voided', outcome: undefined, payout: '10.00', pnl: '0.00', closePrice: undefined, closedAt: undefined });
    expect(checkReceipt(voided, blocks).problems).toEqual([]);
    expect(problemsOf({ ...voided, graceMs: 1000 }, blocks)).toMatch(/tick 3 at .* came within the grace period/);
  });
});

describe('verify-receipt.mjs: catalogue changes while the order was open', () => {
  it('reports a change of another field, and fails on a precision change between the entry and the close', () => {
    const hours = change('c1', 'hours', null, [{ close: '17:00', day: 1, open: '09:00' }], 1000);
    const quiet = sealed([at('1', 2, '100.02'), at('2', 1500, '100.12'), at('3', 2002, '100.30')], [hours]);
    const reported = checkReceipt(receiptOf(quiet), quiet);
    expect(reported.problems).toEqual([]);
    expect(reported.notes).toEqual([
      `a catalogue change took effect while the order was open: hours null -> [{"close":"17:00","day":1,"open":"09:00"}] at ${hours.effectiveAt} (block ${S0 + 1})`,
    ]);
    // The same order with a precision change (2 -> 3) in its way: the chain itself is sound, the order is not.
    const finer = change('c2', 'precision', 2, 3, 1000);
    const straddled = sealed([at('1', 2, '100.02'), at('2', 1500, '100.125'), at('3', 2002, '100.300')], [finer]);
    const receipt = receiptOf(straddled);
    const { problems } = checkReceipt(receipt, straddled);
    expect(problems).toEqual([`the order straddled a precision change (2 -> 3 at ${finer.effectiveAt}) between its entry and its close`]);
    // A change after the close is none of the order's business.
    const later = sealed([at('1', 2, '100.02'), at('2', 1500, '100.12'), at('3', 3002, '100.300')], [change('c2', 'precision', 2, 3, 3000)]);
    expect(checkReceipt(receiptOf(later), later)).toEqual({ problems: [], notes: [] });
  });
});
