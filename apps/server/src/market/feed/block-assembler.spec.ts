import { describe, expect, it } from '@jest/globals';
import { GENESIS_PREV_HASH, hashBlock, verifyChain, type ChainTick } from '@candor/domain';
import { BlockAssembler } from './block-assembler.js';

const T0 = Date.UTC(2026, 0, 5, 12, 0, 0); // a whole second
const tick = (seq: number, ms: number, price = '100.00'): ChainTick => ({ seq: String(seq), t: new Date(T0 + ms).toISOString(), price });

describe('BlockAssembler', () => {
  it('groups a stream of ticks into one block per second with ticks, chained from genesis', () => {
    const a = new BlockAssembler('BTCUSDT');
    const stream = [tick(1, 100), tick(2, 450), tick(3, 999), tick(4, 1000), tick(5, 3200, '101.50')]; // seconds 0, 0, 0, 1, 3
    for (const k of stream) a.add(k);
    const blocks = a.seal(T0 + 5000, 150);
    expect(blocks.map((b) => [b.second - T0 / 1000, b.ticks.map((k) => k.seq)])).toEqual([
      [0, ['1', '2', '3']],
      [1, ['4']],
      [3, ['5']],
    ]);
    expect(blocks[0]!.prevHash).toBe(GENESIS_PREV_HASH);
    expect(blocks[1]!.prevHash).toBe(blocks[0]!.hash);
    expect(blocks[2]!.prevHash).toBe(blocks[1]!.hash); // the empty second 2 has no block
    expect(blocks.map((b) => [b.firstSeq, b.lastSeq])).toEqual([
      ['1', '3'],
      ['4', '4'],
      ['5', '5'],
    ]);
    for (const b of blocks) expect(b.hash).toBe(hashBlock(b));
    expect(verifyChain(blocks, { fromGenesis: true })).toEqual({ ok: true });
  });

  it('hashes ticks made from exchange quotes exactly as the domain does (node:crypto here, plain JavaScript there)', () => {
    const a = new BlockAssembler('BTCUSDT');
    const rule = { name: 'median-of-mids', version: 1, quorum: 3, maxDeviationBps: 50 };
    const source = (venue: string, bid: string, used = true) => ({
      venue,
      bid,
      ask: bid,
      mid: bid,
      venueTs: null,
      venueId: '7',
      receivedAt: new Date(T0).toISOString(),
      used,
      ...(used ? {} : { reason: 'deviation' as const }),
    });
    a.add({
      ...tick(1, 100),
      sources: [source('binance', '100.00'), source('okx', '100.00'), source('kraken', '100.00'), source('coinbase', '105.00', false)],
      rule,
    });
    a.add(tick(2, 400));
    a.add({ ...tick(3, 1200), sources: [source('binance', '100.10'), source('okx', '100.00'), source('kraken', '100.20')], rule });
    const blocks = a.seal(T0 + 5000, 150);
    expect(blocks).toHaveLength(2);
    expect(blocks[0]!.ticks[0]).toMatchObject({ sources: expect.any(Array), rule });
    for (const b of blocks) expect(b.hash).toBe(hashBlock(b));
    expect(verifyChain(blocks, { fromGenesis: true })).toEqual({ ok: true });
  });

  it.each([
    ['inside the second', 500, 0],
    ['just after it ended, within the grace', 1100, 0],
    ['once the grace has passed', 1150, 1],
  ])('seals a second only after it ended plus the grace: now %s', (_label, nowOffset, expected) => {
    const a = new BlockAssembler('X1');
    a.add(tick(1, 200));
    expect(a.seal(T0 + nowOffset, 150)).toHaveLength(expected);
  });

  it('changes nothing until commit, then continues the chain from the stored block', () => {
    const a = new BlockAssembler('X1');
    a.add(tick(1, 100));
    const first = a.seal(T0 + 2000, 150);
    expect(a.seal(T0 + 2000, 150)).toEqual(first); // proposing twice is the same proposal
    expect(a.pendingCount).toBe(1);
    a.commit(first);
    expect(a.pendingCount).toBe(0);
    expect(a.lastBlock).toEqual({ second: T0 / 1000, hash: first[0]!.hash, lastSeq: '1' });
    a.add(tick(2, 2100));
    const next = a.seal(T0 + 4000, 150);
    expect(next[0]!.prevHash).toBe(first[0]!.hash);
    expect(verifyChain([...first, ...next], { fromGenesis: true })).toEqual({ ok: true });
  });

  it('refuses ticks in a sealed second, going back in time, or without a larger seq', () => {
    const a = new BlockAssembler('X1');
    a.add(tick(5, 100));
    a.commit(a.seal(T0 + 2000, 0));
    expect(() => a.add(tick(6, 900))).toThrow(/already sealed/);
    a.add(tick(6, 1500));
    expect(() => a.add(tick(6, 1600))).toThrow(/does not increase/);
    expect(() => a.add(tick(7, 1400))).toThrow(/goes back/);
  });

  it('picks up a predecessor: unsealed ticks after its last block are sealed onto that block', () => {
    const prev = new BlockAssembler('X1');
    prev.add(tick(1, 100));
    const stored = prev.seal(T0 + 2000, 0);
    const next = new BlockAssembler('X1', { second: T0 / 1000, hash: stored[0]!.hash }, [tick(2, 1200), tick(3, 1300)]);
    const blocks = next.seal(T0 + 3000, 0);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.ticks.map((k) => k.seq)).toEqual(['2', '3']);
    expect(verifyChain([...stored, ...blocks], { fromGenesis: true })).toEqual({ ok: true });
  });

  it('seals everything on request (closing), including the current second', () => {
    const a = new BlockAssembler('X1');
    a.add(tick(1, 100));
    expect(a.seal(T0 + 200, 150)).toHaveLength(0);
    expect(a.seal(T0 + 200, 150, true)).toHaveLength(1);
  });

  it('records a catalogue change whose second is already sealed in the first open second, saying when it began', () => {
    const a = new BlockAssembler('X1');
    a.add(tick(1, 100));
    a.commit(a.seal(T0 + 3000, 0));
    const change = { id: 'c', field: 'precision', from: '2', to: '3', effectiveAt: new Date(T0).toISOString() };
    const recorded = a.addChange(change, 0);
    expect(recorded.effectiveAt).toBe(new Date(T0 + 1000).toISOString());
    const [block] = a.seal(T0 + 3000, 0);
    expect(block).toMatchObject({ second: T0 / 1000 + 1, ticks: [], changes: [recorded], firstSeq: '1', lastSeq: '1' });
    expect(a.pendingCount).toBe(1);
    a.commit([block!]);
    expect(a.pendingCount).toBe(0);
  });
});
