import { describe, expect, it } from '@jest/globals';
import { sealBlock, type ChainBlock } from '@candor/domain';
import type { OrderReceipt, TickBlock, TickRef } from '@candor/contracts';
import { blockRange, fetchBlockRange, judgeReceipt } from './receiptCheck';

// A small chain: seconds 100..104; the entry tick at 100.2 s, expiry at 102.5 s, so the exit is
// the last tick at or before that (102.4 s) and a later tick (103.1 s) exists.
const SYMBOL = 'BTCUSDT';
const iso = (ms: number) => new Date(ms).toISOString();
const TICKS: Record<number, { seq: string; t: string; price: string }[]> = {
  100: [{ seq: '1', t: iso(100_200), price: '100.00' }],
  101: [{ seq: '2', t: iso(101_500), price: '100.50' }],
  102: [
    { seq: '3', t: iso(102_100), price: '99.00' },
    { seq: '4', t: iso(102_400), price: '101.25' },
  ],
  103: [{ seq: '5', t: iso(103_100), price: '101.00' }],
  104: [],
};

function chain(ticks = TICKS): TickBlock[] {
  const out: ChainBlock[] = [];
  for (const second of Object.keys(ticks)
    .map(Number)
    .sort((a, b) => a - b))
    out.push(sealBlock(out[out.length - 1] ?? null, SYMBOL, second, ticks[second]!));
  return out.map((b) => ({ ...b, second: String(b.second), ticks: b.ticks.map(({ seq, t, price }) => ({ seq, t, price })) }));
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
