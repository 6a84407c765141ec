import { describe, expect, it } from '@jest/globals';
import { aggregateQuotes, canonicalJson, sealBlock, type ChainBlock, type ChainChange, type ChainTick, type VenueQuote } from '@candor/domain';
import type { OrderReceipt, TickBlock, TickRef } from '@candor/contracts';
import { blockRange, fetchBlockRange, judgeReceipt } from './receiptCheck';

// A small chain: seconds 100..104; the entry tick at 100.2 s, expiry at 102.5 s, so the exit is
// the last tick at or before that (102.4 s) and a later tick (103.1 s) exists.
const SYMBOL = 'BTCUSDT';
const iso = (ms: number) => new Date(ms).toISOString();
const TICKS: Record<number, ChainTick[]> = {
  100: [{ seq: '1', t: iso(100_200), price: '100.00' }],
  101: [{ seq: '2', t: iso(101_500), price: '100.50' }],
  102: [
    { seq: '3', t: iso(102_100), price: '99.00' },
    { seq: '4', t: iso(102_400), price: '101.25' },
  ],
  103: [{ seq: '5', t: iso(103_100), price: '101.00' }],
  104: [],
};

/** The blocks of `ticks` (and of `changes`, catalogue changes recorded in a second), as /blocks sends them. */
function chain(ticks = TICKS, changes: Record<number, ChainChange[]> = {}): TickBlock[] {
  const out: ChainBlock[] = [];
  for (const second of [...new Set([...Object.keys(ticks), ...Object.keys(changes)].map(Number))].sort((a, b) => a - b))
    out.push(sealBlock(out[out.length - 1] ?? null, SYMBOL, second, ticks[second] ?? [], changes[second] ?? []));
  return out.map((b) => ({ ...b, second: String(b.second), ticks: b.ticks.map((k) => ({ ...k })) })) as TickBlock[];
}

function ref(blocks: TickBlock[], seq: string): TickRef {
  const block = blocks.find((b) => b.ticks.some((k) => k.seq === seq))!;
  const tick = block.ticks.find((k) => k.seq === seq)!;
  return { ...tick, blockSecond: block.second, blockHash: block.hash };
}

function receipt(blocks: TickBlock[], overrides: Partial<OrderReceipt['order']> = {}, exitSeq = '4'): OrderReceipt {
  return {
    order: {
      id: 'o1',
      orderNo: '1',
      symbol: SYMBOL,
      account: 'demo',
      direction: 'up',
      amount: '10.00',
      durationSeconds: 2,
      payoutRate: '0.85',
      openPrice: '100.00',
      openedAt: iso(100_200),
      expiresAt: iso(102_500),
      precision: 2,
      priceVenues: [],
      status: 'settled',
      closePrice: '101.25',
      closedAt: iso(102_400),
      outcome: 'win',
      pnl: '8.50',
      payout: '18.50',
      ...overrides,
    },
    entryTick: ref(blocks, '1'),
    exitTick: ref(blocks, exitSeq),
    closeRule: 'expiry',
    graceMs: 10_000,
    staleMs: 5_000,
    verify: '',
  };
}

describe('judgeReceipt', () => {
  it('accepts a settled order whose ticks, close, outcome and amounts all check out', () => {
    const blocks = chain();
    expect(judgeReceipt(receipt(blocks), blocks)).toEqual({ ok: true });
  });

  it('accepts a loss and a tie computed by the same rules', () => {
    const blocks = chain();
    expect(judgeReceipt(receipt(blocks, { direction: 'down', outcome: 'loss', pnl: '-10.00', payout: '0.00' }), blocks)).toEqual({ ok: true });
    const flat = chain({
      ...TICKS,
      102: [
        { seq: '3', t: iso(102_100), price: '99.00' },
        { seq: '4', t: iso(102_400), price: '100.0' },
      ],
    });
    expect(judgeReceipt(receipt(flat, { closePrice: '100.0', outcome: 'tie', pnl: '0.00', payout: '10.00' }), flat)).toEqual({ ok: true });
  });

  it('fails when a tick in the record was rewritten after sealing', () => {
    const blocks = chain();
    const tampered = blocks.map((b) => (b.second === '101' ? { ...b, ticks: [{ ...b.ticks[0]!, price: '150.00' }] } : b));
    expect(judgeReceipt(receipt(blocks), tampered)).toEqual({ ok: false, reason: 'chain' });
  });

  it('fails when the receipt names a price the record does not hold', () => {
    const blocks = chain();
    const r = receipt(blocks);
    expect(judgeReceipt({ ...r, entryTick: { ...r.entryTick, price: '99.00' } }, blocks)).toEqual({ ok: false, reason: 'entry' });
    expect(judgeReceipt({ ...r, exitTick: { ...r.exitTick!, price: '102.00' } }, blocks)).toEqual({ ok: false, reason: 'exit' });
  });

  it('fails when the exit is not the last tick at or before expiry', () => {
    const blocks = chain();
    expect(judgeReceipt(receipt(blocks, { closePrice: '99.00', outcome: 'loss', pnl: '-10.00', payout: '0.00' }, '3'), blocks)).toEqual({
      ok: false,
      reason: 'close',
    });
  });

  it('fails when the outcome does not follow from the prices', () => {
    const blocks = chain();
    expect(judgeReceipt(receipt(blocks, { outcome: 'loss', pnl: '-10.00', payout: '0.00' }), blocks)).toEqual({ ok: false, reason: 'outcome' });
  });

  it('fails when the payout is off by a cent', () => {
    const blocks = chain();
    expect(judgeReceipt(receipt(blocks, { pnl: '8.51', payout: '18.51' }), blocks)).toEqual({ ok: false, reason: 'payout' });
  });

  it('waits while no tick after expiry is in the blocks', () => {
    const blocks = chain().filter((b) => Number(b.second) <= 102);
    expect(judgeReceipt(receipt(blocks), blocks)).toEqual({ ok: false, reason: 'incomplete' });
  });

  it('waits while a tick is not sealed into a block', () => {
    const blocks = chain();
    const r = receipt(blocks);
    expect(judgeReceipt({ ...r, exitTick: { ...r.exitTick!, blockHash: null as unknown as string } }, blocks)).toEqual({ ok: false, reason: 'unsealed' });
  });
});

describe('blockRange and fetchBlockRange', () => {
  it('asks from the entry block to a few seconds past expiry', () => {
    const blocks = chain();
    expect(blockRange(receipt(blocks))).toEqual({ from: 100, to: 105 });
  });

  it('pages on from the last second + 1 while pages are full', async () => {
    const calls: [number, number][] = [];
    const all = Array.from({ length: 1300 }, (_, i) => ({ symbol: SYMBOL, second: String(i), ticks: [], prevHash: '', hash: '' }));
    const got = await fetchBlockRange({ from: 0, to: 1299 }, async (from, to) => {
      calls.push([from, to]);
      return all.filter((b) => Number(b.second) >= from && Number(b.second) <= to).slice(0, 600);
    });
    expect(calls).toEqual([
      [0, 1299],
      [600, 1299],
      [1200, 1299],
    ]);
    expect(got).toHaveLength(1300);
  });
});

/** A price made by the domain's rule from four exchanges' quotes (bid = ask = mid), received at `atMs`. */
function fromQuotes(seq: string, atMs: number, mids: string[]): ChainTick {
  const quotes: VenueQuote[] = mids.map((m, i) => ({
    venue: ['binance', 'okx', 'coinbase', 'kraken'][i]!,
    bid: m,
    ask: m,
    venueTs: iso(atMs - 40),
    venueId: `${seq}${i}`,
    receivedAt: atMs - 20,
  }));
  const made = aggregateQuotes(quotes, { nowMs: atMs, staleMs: 5000, quorum: 3, maxDeviationBps: 50, precision: 2 });
  if (!made.ok) throw new Error('fixture: no price');
  return { seq, t: iso(atMs), price: made.price, sources: made.sources, rule: made.rule };
}

describe('judgeReceipt: exchange quotes', () => {
  // The entry and exit prices made from quotes: 100.00 from mids around it, 101.25 with an outlier dropped.
  const QUOTED: Record<number, ChainTick[]> = {
    ...TICKS,
    100: [fromQuotes('1', 100_200, ['99.99', '100.00', '100.01', '100.00'])],
    102: [{ seq: '3', t: iso(102_100), price: '99.00' }, fromQuotes('4', 102_400, ['101.24', '101.25', '101.26', '103.00'])],
  };

  it('accepts prices that are the median of the quotes recorded with them', () => {
    const blocks = chain(QUOTED);
    const r = receipt(blocks);
    expect(r.entryTick.sources).toHaveLength(4);
    expect(r.exitTick?.sources?.filter((s) => s.used)).toHaveLength(3);
    expect(judgeReceipt(r, blocks)).toEqual({ ok: true });
  });

  it('fails when the receipt shows other quotes than the record holds', () => {
    const blocks = chain(QUOTED);
    const r = receipt(blocks);
    const shown = r.entryTick.sources!.map((s, i) => (i === 1 ? { ...s, bid: '100.02' } : s));
    expect(judgeReceipt({ ...r, entryTick: { ...r.entryTick, sources: shown } }, blocks)).toEqual({ ok: false, reason: 'sources', which: 'entry' });
    const { sources: _dropped, ...bare } = r.exitTick!;
    expect(judgeReceipt({ ...r, exitTick: bare }, blocks)).toEqual({ ok: false, reason: 'sources', which: 'exit' });
  });

  it('fails when a sealed price is not the median of its own quotes', () => {
    // A record whose exit price was set beside its quotes (the hash chain itself is intact).
    const exit = fromQuotes('4', 102_400, ['101.24', '101.25', '101.26', '103.00']);
    const blocks = chain({
      ...QUOTED,
      102: [
        { seq: '3', t: iso(102_100), price: '99.00' },
        { ...exit, price: '101.30' },
      ],
    });
    const r = receipt(blocks, { closePrice: '101.30' });
    expect(judgeReceipt(r, blocks)).toEqual({ ok: false, reason: 'sources', which: 'exit' });
  });

  it('fails when a dropped quote is marked used', () => {
    const exit = fromQuotes('4', 102_400, ['101.24', '101.25', '101.26', '103.00']);
    const forged = { ...exit, sources: exit.sources!.map((s) => ({ ...s, used: true, reason: undefined })) };
    const blocks = chain({ ...QUOTED, 102: [{ seq: '3', t: iso(102_100), price: '99.00' }, forged] });
    expect(judgeReceipt(receipt(blocks), blocks)).toEqual({ ok: false, reason: 'sources', which: 'exit' });
  });
});

describe('judgeReceipt: an expiry in a halt', () => {
  // Ticks stop at 101.5 s; the halt starts at 101.6 s; expiry 102.5 s; prices come back at 104.1 s.
  const HALT = { reason: 'quorum' as const, startedAt: iso(101_600), endedAt: iso(104_000) };
  const HALTED: Record<number, ChainTick[]> = {
    100: [{ seq: '1', t: iso(100_200), price: '100.00' }],
    101: [{ seq: '2', t: iso(101_500), price: '100.50' }],
    104: [fromQuotes('3', 104_100, ['101.24', '101.25', '101.26'])],
    105: [{ seq: '4', t: iso(105_000), price: '99.00' }],
  };
  const settled = (blocks: TickBlock[], graceMs = 10_000, exitSeq = '3'): OrderReceipt => ({
    ...receipt(blocks, { closePrice: exitSeq === '3' ? '101.25' : '99.00', closedAt: iso(exitSeq === '3' ? 104_100 : 105_000) }, exitSeq),
    closeRule: 'halt',
    graceMs,
    halt: HALT,
  });

  it('accepts a close on the first tick within the grace period', () => {
    const blocks = chain(HALTED);
    expect(judgeReceipt(settled(blocks), blocks)).toEqual({ ok: true });
  });

  it('fails when the exit is not the first tick after the expiry, or lies past the grace period', () => {
    const blocks = chain(HALTED);
    expect(judgeReceipt(settled(blocks, 10_000, '4'), blocks)).toEqual({ ok: false, reason: 'grace' });
    expect(judgeReceipt(settled(blocks, 1_000), blocks)).toEqual({ ok: false, reason: 'grace' });
  });

  it('fails when the record holds a price between the halt’s start and the expiry, or names no halt and no gap', () => {
    const blocks = chain({ ...HALTED, 102: [{ seq: '2', t: iso(102_000), price: '100.70' }], 101: [] });
    expect(judgeReceipt(settled(blocks), blocks)).toEqual({ ok: false, reason: 'halt' });
    const plain = chain(HALTED);
    const { halt: _none, ...noHalt } = settled(plain);
    // The last tick before the expiry (101.5 s) was 1 s old at it, within the 5 s limit: no gap either.
    expect(judgeReceipt(noHalt, plain)).toEqual({ ok: false, reason: 'gap' });
  });

  const voided = (blocks: TickBlock[], overrides: Partial<OrderReceipt['order']> = {}): OrderReceipt => {
    const { closePrice: _c, closedAt: _d, outcome: _o, ...open } = receipt(blocks).order;
    return {
      order: { ...open, status: 'voided', payout: '10.00', pnl: '0.00', voidReason: 'halt', voidedAt: iso(105_200), ...overrides },
      entryTick: receipt(blocks).entryTick,
      exitTick: null,
      closeRule: 'void',
      graceMs: 1_000,
      staleMs: 5_000,
      halt: HALT,
      verify: '',
    };
  };

  it('accepts a voided order: no tick within the grace period, and exactly the stake refunded', () => {
    const blocks = chain(HALTED);
    expect(judgeReceipt(voided(blocks), blocks)).toEqual({ ok: true });
  });

  it('refuses a void when a tick came within the grace period', () => {
    const blocks = chain(HALTED);
    expect(judgeReceipt({ ...voided(blocks), graceMs: 2_000 }, blocks)).toEqual({ ok: false, reason: 'void' });
  });

  it('refuses a voided order that kept part of the stake, or carries an outcome, or names another close rule', () => {
    const blocks = chain(HALTED);
    expect(judgeReceipt(voided(blocks, { payout: '9.99', pnl: '-0.01' }), blocks)).toEqual({ ok: false, reason: 'payout' });
    expect(judgeReceipt(voided(blocks, { pnl: '8.50' }), blocks)).toEqual({ ok: false, reason: 'payout' });
    expect(judgeReceipt(voided(blocks, { outcome: 'tie' }), blocks)).toEqual({ ok: false, reason: 'outcome' });
    expect(judgeReceipt({ ...voided(blocks), closeRule: 'expiry' }, blocks)).toEqual({ ok: false, reason: 'close' });
  });

  it('waits while no tick after the grace period is in the record', () => {
    const blocks = chain(HALTED);
    const before = blocks.filter((b) => Number(b.second) <= 101);
    expect(judgeReceipt(voided(blocks), before)).toEqual({ ok: false, reason: 'graceOpen' });
  });

  it('asks for the blocks from the halt’s start (when earlier) to past the grace period and the halt’s end', () => {
    const blocks = chain(HALTED);
    expect(blockRange(voided(blocks))).toEqual({ from: 100, to: 107 });
    expect(blockRange({ ...voided(blocks), halt: { ...HALT, startedAt: iso(99_000), endedAt: iso(120_000) } })).toEqual({ from: 99, to: 123 });
  });
});

describe('judgeReceipt: the order’s precision and catalogue changes in the record', () => {
  it('compares the prices at the precision the order opened with, the close rounded half up to it', () => {
    // A close recorded with three decimals: 100.004 is 100.00 at the order's two, a tie; 100.005 is 100.01, a win.
    const at = (price: string) =>
      chain({
        ...TICKS,
        102: [
          { seq: '3', t: iso(102_100), price: '99.00' },
          { seq: '4', t: iso(102_400), price },
        ],
      });
    const tie = at('100.004');
    expect(judgeReceipt(receipt(tie, { closePrice: '100.004', outcome: 'tie', pnl: '0.00', payout: '10.00' }), tie)).toEqual({ ok: true });
    expect(judgeReceipt(receipt(tie, { closePrice: '100.004', outcome: 'win', pnl: '8.50', payout: '18.50' }), tie)).toEqual({ ok: false, reason: 'outcome' });
    const win = at('100.005');
    expect(judgeReceipt(receipt(win, { closePrice: '100.005' }), win)).toEqual({ ok: true });
    // At three decimals the first would have been a win: the order's own precision decides.
    expect(judgeReceipt(receipt(tie, { closePrice: '100.004', precision: 3, outcome: 'win', pnl: '8.50', payout: '18.50' }), tie)).toEqual({ ok: true });
  });

  it('takes a close with fewer decimals than the precision at its value', () => {
    const flat = chain({
      ...TICKS,
      102: [
        { seq: '3', t: iso(102_100), price: '99.00' },
        { seq: '4', t: iso(102_400), price: '100' },
      ],
    });
    expect(judgeReceipt(receipt(flat, { closePrice: '100', outcome: 'tie', pnl: '0.00', payout: '10.00' }), flat)).toEqual({ ok: true });
    const up = chain({
      ...TICKS,
      102: [
        { seq: '3', t: iso(102_100), price: '99.00' },
        { seq: '4', t: iso(102_400), price: '100.1' },
      ],
    });
    expect(judgeReceipt(receipt(up, { closePrice: '100.1', outcome: 'win' }), up)).toEqual({ ok: true });
  });

  // A catalogue change recorded in the chain: in a second with ticks, and alone in a second without any.
  const change = (id: string, ms: number, field: string, from: unknown, to: unknown): ChainChange => ({
    id,
    field,
    from: canonicalJson(from),
    to: canonicalJson(to),
    effectiveAt: iso(ms),
  });
  const CHANGES = {
    101: [change('c1', 101_000, 'holidays', [], ['2026-12-25'])],
    104: [change('c2', 104_000, 'priceVenues', [{ venue: 'okx', symbol: 'BTC-USDT' }], [{ venue: 'kraken', symbol: 'BTC/USDT' }])],
  };

  it('verifies blocks that carry catalogue changes, with or without ticks', () => {
    const blocks = chain(TICKS, CHANGES);
    expect(blocks.find((b) => b.second === '104')).toMatchObject({ ticks: [], changes: CHANGES[104] });
    expect(blocks.find((b) => b.second === '101')?.changes).toEqual(CHANGES[101]);
    expect(judgeReceipt(receipt(blocks), blocks)).toEqual({ ok: true });
  });

  it('fails when a recorded change was rewritten after sealing', () => {
    const blocks = chain(TICKS, CHANGES);
    const rewritten = blocks.map((b) => (b.second === '101' ? { ...b, changes: b.changes!.map((c) => ({ ...c, to: canonicalJson(['2026-12-26']) })) } : b));
    expect(judgeReceipt(receipt(blocks), rewritten)).toEqual({ ok: false, reason: 'chain' });
    const dropped = blocks.map((b) => (b.second === '101' ? { ...b, changes: [] } : b));
    expect(judgeReceipt(receipt(blocks), dropped)).toEqual({ ok: false, reason: 'chain' });
  });
});

describe('judgeReceipt: a gap in the prices before the expiry', () => {
  // The entry at 100.2 s, then nothing until 108.1 s; the expiry at 106.5 s: the last tick before it is
  // 6.3 s old there, past the 5 s limit, so the halt rule applies with no halt recorded.
  const GAP: Record<number, ChainTick[]> = {
    100: [{ seq: '1', t: iso(100_200), price: '100.00' }],
    108: [{ seq: '2', t: iso(108_100), price: '101.25' }],
    109: [{ seq: '3', t: iso(109_000), price: '99.00' }],
  };
  const gapped = (blocks: TickBlock[], overrides: Partial<OrderReceipt> = {}): OrderReceipt => ({
    ...receipt(blocks, { expiresAt: iso(106_500), closePrice: '101.25', closedAt: iso(108_100) }, '2'),
    closeRule: 'halt',
    gap: { lastTickAt: iso(100_200), staleMs: 5_000 },
    ...overrides,
  });

  it('accepts a close on the first tick within the grace period after the expiry', () => {
    const blocks = chain(GAP);
    expect(judgeReceipt(gapped(blocks), blocks)).toEqual({ ok: true });
  });

  it('fails the halt rule when the last tick before the expiry was fresh', () => {
    // A tick at 103 s: 3.5 s old at the expiry, within the limit.
    const fresh = chain({
      100: GAP[100]!,
      103: [{ seq: '2', t: iso(103_000), price: '100.10' }],
      108: [{ seq: '3', t: iso(108_100), price: '101.25' }],
      109: [{ seq: '4', t: iso(109_000), price: '99.00' }],
    });
    const r = { ...receipt(fresh, { expiresAt: iso(106_500), closePrice: '101.25', closedAt: iso(108_100) }, '3'), closeRule: 'halt' as const };
    expect(judgeReceipt(r, fresh)).toEqual({ ok: false, reason: 'gap' });
    // ...and with a longer staleness limit the gapped record holds no gap either.
    expect(judgeReceipt({ ...gapped(chain(GAP)), staleMs: 7_000 }, chain(GAP))).toEqual({ ok: false, reason: 'gap' });
  });

  it('fails when the receipt names another last tick than the record holds', () => {
    const blocks = chain(GAP);
    expect(judgeReceipt(gapped(blocks, { gap: { lastTickAt: iso(99_000), staleMs: 5_000 } }), blocks)).toEqual({ ok: false, reason: 'gap' });
  });

  it('fails an order closed by the expiry rule on a stale tick', () => {
    // The last tick before the expiry at 101 s: 5.5 s old at it.
    const blocks = chain({ ...GAP, 101: [{ seq: '2', t: iso(101_000), price: '100.50' }], 108: [{ seq: '3', t: iso(108_100), price: '101.25' }], 109: [] });
    const r = receipt(blocks, { expiresAt: iso(106_500), closePrice: '100.50', closedAt: iso(101_000) }, '2');
    expect(judgeReceipt(r, blocks)).toEqual({ ok: false, reason: 'stale' });
    expect(judgeReceipt({ ...r, staleMs: 10_000 }, blocks)).toEqual({ ok: true });
  });

  it('accepts a void after a gap when no tick came within the grace period', () => {
    const blocks = chain(GAP);
    const { closePrice: _c, closedAt: _d, outcome: _o, ...open } = receipt(blocks, {}, '1').order;
    const voided: OrderReceipt = {
      order: { ...open, expiresAt: iso(106_500), status: 'voided', payout: '10.00', pnl: '0.00', voidReason: 'halt', voidedAt: iso(108_600) },
      entryTick: receipt(blocks, {}, '1').entryTick,
      exitTick: null,
      closeRule: 'void',
      graceMs: 1_000,
      staleMs: 5_000,
      gap: { lastTickAt: iso(100_200), staleMs: 5_000 },
      verify: '',
    };
    expect(judgeReceipt(voided, blocks)).toEqual({ ok: true });
    expect(judgeReceipt({ ...voided, graceMs: 2_000 }, blocks)).toEqual({ ok: false, reason: 'void' });
  });

  it('asks for the blocks from the last tick before the gap', () => {
    const blocks = chain(GAP);
    expect(blockRange(gapped(blocks, { gap: { lastTickAt: iso(97_500), staleMs: 5_000 } }))).toEqual({ from: 97, to: 111 });
  });
});
