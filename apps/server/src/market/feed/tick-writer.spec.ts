import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { GENESIS_PREV_HASH, verifyChain } from '@candor/domain';
import { ChangeWithdrawnError, TickWriter, type PendingTick, type SymbolBlock, type SymbolSeed, type TickBus, type TickStore } from './tick-writer.js';

const T0 = Date.UTC(2026, 5, 1, 9, 0, 0);

class FakeStore implements TickStore {
  seeds = new Map<string, SymbolSeed>();
  commits: { ticks: PendingTick[]; blocks: SymbolBlock[] }[] = [];
  /** Writes started (stored or not yet). */
  started: { ticks: PendingTick[]; blocks: SymbolBlock[] }[] = [];
  fail: unknown = null;
  /** While set, a write waits for it (a commit in flight). */
  gate: Promise<void> | null = null;
  async seed(symbol: string): Promise<SymbolSeed | null> {
    return this.seeds.get(symbol) ?? null;
  }
  async commit(batch: { ticks: readonly PendingTick[]; blocks: readonly SymbolBlock[] }): Promise<void> {
    this.started.push({ ticks: [...batch.ticks], blocks: [...batch.blocks] });
    if (this.gate) await this.gate;
    if (this.fail) {
      const e = this.fail;
      this.fail = null;
      throw e;
    }
    this.commits.push({ ticks: [...batch.ticks], blocks: [...batch.blocks] });
  }
  get ticks() {
    return this.commits.flatMap((c) => c.ticks);
  }
  get blocks() {
    return this.commits.flatMap((c) => c.blocks);
  }
}

class FakeBus implements TickBus {
  published: PendingTick[][] = [];
  async publish(ticks: readonly PendingTick[]): Promise<void> {
    this.published.push([...ticks]);
  }
}

/** A gate the test opens: `store.gate = g.promise`, later `g.open()`. */
function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

/** Lets every queued write run (setImmediate comes after the promise jobs of this turn). */
const settle = async (turns = 3) => {
  for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
};

const emptySeed = (precision = 2): SymbolSeed => ({ precision, lastSeq: null, lastTick: null, lastBlock: null, unsealed: [], minutes: [] });
const quiet = { warn: () => undefined, error: () => undefined };

function setup(opts: { now?: number } = {}) {
  const clock = { now: opts.now ?? T0 + 100 };
  const store = new FakeStore();
  store.seeds.set('BTCUSDT', emptySeed(2));
  const bus = new FakeBus();
  const writer = new TickWriter(store, bus, { flushIntervalMs: 60_000, sealGraceMs: 150, now: () => clock.now, log: quiet });
  return { clock, store, bus, writer };
}

let writers: TickWriter[] = [];
afterEach(() => {
  for (const w of writers) w.reset();
  writers = [];
  jest.useRealTimers();
});

describe('TickWriter', () => {
  it('stores each tick at once: ticks written in one turn share one commit, published after it in seq order', async () => {
    const { store, bus, writer } = setup();
    writers.push(writer);
    store.seeds.set('ETHUSDT', emptySeed(2));
    await Promise.all([writer.writeTick('BTCUSDT', '100.00'), writer.writeTick('ETHUSDT', '10.00'), writer.writeTick('BTCUSDT', '100.50')]);
    expect(store.commits).toHaveLength(0); // queued: the write starts on the next turn, so the burst goes together
    await settle();
    expect(store.commits).toHaveLength(1);
    expect(store.commits[0]!.ticks.map((k) => [k.symbol, k.seq, k.price]).sort()).toEqual([
      ['BTCUSDT', '1', '100.00'],
      ['BTCUSDT', '2', '100.50'],
      ['ETHUSDT', '1', '10.00'],
    ]);
    expect(bus.published).toEqual([store.commits[0]!.ticks]); // published after the commit, the same ticks
    await writer.writeTick('BTCUSDT', '100.75');
    await settle();
    expect(store.commits.map((c) => c.ticks.length)).toEqual([3, 1]);
    expect(bus.published).toEqual(store.commits.map((c) => c.ticks));
  });

  it('group commit: ticks written while a write is in flight join the next one, published only once stored', async () => {
    const { store, bus, writer, clock } = setup();
    writers.push(writer);
    const first = gate();
    store.gate = first.promise;
    await writer.writeTick('BTCUSDT', '1.00');
    await settle();
    expect(store.started.map((c) => c.ticks.map((k) => k.price))).toEqual([['1.00']]); // in flight
    for (const p of ['1.01', '1.02', '1.03']) {
      clock.now += 10;
      await writer.writeTick('BTCUSDT', p);
      await settle();
    }
    expect(store.started).toHaveLength(1); // they wait for the write in flight, not for a timer
    expect(bus.published).toHaveLength(0); // nothing announced before its commit
    store.gate = null;
    first.open();
    await settle();
    expect(store.commits.map((c) => c.ticks.map((k) => k.price))).toEqual([['1.00'], ['1.01', '1.02', '1.03']]);
    expect(bus.published.map((p) => p.map((k) => k.seq))).toEqual([['1'], ['2', '3', '4']]);
  });

  it('a failed write keeps its ticks; later ticks wait for the retry on the timer, then all are stored in order', async () => {
    jest.useFakeTimers({ now: T0 + 100 });
    const store = new FakeStore();
    store.seeds.set('BTCUSDT', emptySeed());
    const bus = new FakeBus();
    const writer = new TickWriter(store, bus, { flushIntervalMs: 250, log: quiet });
    writers.push(writer);
    store.fail = new Error('connection refused');
    await writer.writeTick('BTCUSDT', '1.00');
    await jest.advanceTimersByTimeAsync(1);
    expect(store.started).toHaveLength(1);
    await writer.writeTick('BTCUSDT', '1.01');
    await jest.advanceTimersByTimeAsync(1);
    expect(store.started).toHaveLength(1); // no write per tick while Postgres fails
    await jest.advanceTimersByTimeAsync(250);
    expect(store.commits.map((c) => c.ticks.map((k) => k.seq))).toEqual([['1', '2']]);
    expect(bus.published.flat().map((k) => k.seq)).toEqual(['1', '2']);
    await writer.writeTick('BTCUSDT', '1.02');
    await jest.advanceTimersByTimeAsync(1);
    expect(store.commits.map((c) => c.ticks.map((k) => k.seq))).toEqual([['1', '2'], ['3']]); // at once again
  });

  it('tells its onStored listeners each stored write, in order, after its announcement; a failing listener harms nothing', async () => {
    const { store, bus, writer } = setup();
    writers.push(writer);
    const heard: string[][] = [];
    writer.onStored(() => {
      throw new Error('a broken listener');
    });
    writer.onStored((ticks) => heard.push(ticks.map((k) => `${k.seq}:${k.price}:${bus.published.length}`)));
    await writer.writeTick('BTCUSDT', '100.00', undefined, { flush: true });
    await Promise.all([writer.writeTick('BTCUSDT', '100.10'), writer.writeTick('BTCUSDT', '100.20')]);
    await settle();
    expect(store.ticks.map((k) => k.seq)).toEqual(['1', '2', '3']);
    expect(heard).toEqual([['1:100.00:1'], ['2:100.10:2', '3:100.20:2']]); // each after its own publish
    store.fail = new Error('Postgres down');
    await writer.writeTick('BTCUSDT', '100.30').catch(() => undefined);
    await settle();
    expect(heard).toHaveLength(2); // nothing stored, nothing heard
  });

  it('seals a finished second on its own timer when no tick comes', async () => {
    jest.useFakeTimers({ now: T0 + 100 });
    const store = new FakeStore();
    store.seeds.set('BTCUSDT', emptySeed());
    const writer = new TickWriter(store, new FakeBus(), { flushIntervalMs: 250, sealGraceMs: 150, log: quiet });
    writers.push(writer);
    await writer.writeTick('BTCUSDT', '1.00');
    await jest.advanceTimersByTimeAsync(1);
    expect(store.ticks.map((k) => k.seq)).toEqual(['1']);
    expect(store.blocks).toEqual([]);
    await jest.advanceTimersByTimeAsync(1300); // second 0 ended at T0 + 1000, plus the grace
    expect(store.blocks.map((b) => [b.second - T0 / 1000, b.ticks.map((k) => k.seq)])).toEqual([[0, ['1']]]);
  });

  it('with flush: true the tick is stored and published before writeTick resolves', async () => {
    const { store, bus, writer } = setup();
    writers.push(writer);
    const w = await writer.writeTick('BTCUSDT', '67000.1', undefined, { flush: true, volume: '0.5' });
    expect(w).toMatchObject({ seq: '1', price: '67000.10', volume: '0.5' });
    expect(store.ticks.map((k) => k.price)).toEqual(['67000.10']);
    expect(bus.published.flat().map((k) => k.message.price)).toEqual(['67000.10']);
  });

  it("a block holds every tick of its second when they were stored in several writes, and none of the next second's", async () => {
    const { store, writer, clock } = setup({ now: T0 + 200 });
    writers.push(writer);
    const write = async (at: number) => {
      clock.now = T0 + at;
      await writer.writeTick('BTCUSDT', (1 + at / 10000).toFixed(2));
      await settle();
    };
    for (const at of [200, 500, 900, 1002]) await write(at);
    expect(store.commits.map((c) => c.ticks.length)).toEqual([1, 1, 1, 1]);
    expect(store.blocks).toEqual([]); // second 0 ended within the grace
    await write(1160); // this write seals second 0, beside a tick of second 1
    expect(store.commits.at(-1)!.blocks.map((b) => [b.second - T0 / 1000, b.ticks.map((k) => k.seq)])).toEqual([[0, ['1', '2', '3']]]);
    expect(store.commits.at(-1)!.ticks.map((k) => k.seq)).toEqual(['5']);
    await write(1400);
    clock.now = T0 + 2200;
    await writer.flush();
    expect(store.blocks.map((b) => [b.second - T0 / 1000, b.ticks.map((k) => k.seq)])).toEqual([
      [0, ['1', '2', '3']],
      [1, ['4', '5', '6']],
    ]);
    expect(verifyChain(store.blocks, { fromGenesis: true })).toEqual({ ok: true });
  });

  it('refuses a tick for a second whose block is in a write not yet committed', async () => {
    const { store, writer, clock } = setup({ now: T0 + 100 });
    writers.push(writer);
    await writer.writeTick('BTCUSDT', '1.00');
    await settle();
    const g = gate();
    store.gate = g.promise;
    clock.now = T0 + 1300;
    const sealing = writer.flush(); // seals second 0, held in flight
    await settle();
    expect(store.started.at(-1)!.blocks.map((b) => b.second - T0 / 1000)).toEqual([0]);
    await expect(writer.writeTick('BTCUSDT', '1.01', new Date(T0 + 900))).rejects.toThrow(/already sealed/);
    store.gate = null;
    g.open();
    await sealing;
    const w = await writer.writeTick('BTCUSDT', '1.02', new Date(T0 + 1000), { flush: true });
    expect(w.seq).toBe('2');
  });

  it('continues the seq and the chain of what is stored, and seals seconds once they have passed', async () => {
    const { store, writer, clock } = setup({ now: T0 + 2500 });
    writers.push(writer);
    store.seeds.set('BTCUSDT', {
      ...emptySeed(),
      lastSeq: '41',
      lastTick: { t: new Date(T0 + 1200).toISOString(), price: '10.00' },
      lastBlock: { second: T0 / 1000 + 1, hash: 'a'.repeat(64) },
    });
    await writer.writeTick('BTCUSDT', '10.01'); // t = now = second 2
    clock.now = T0 + 2900;
    await writer.writeTick('BTCUSDT', '10.02');
    clock.now = T0 + 3100; // second 2 ended, but within the grace
    await writer.flush();
    expect(store.blocks).toHaveLength(0);
    clock.now = T0 + 3200;
    await writer.writeTick('BTCUSDT', '10.03');
    await writer.flush();
    expect(store.ticks.map((k) => k.seq)).toEqual(['42', '43', '44']);
    expect(store.blocks.map((b) => [b.second, b.ticks.map((k) => k.seq), b.prevHash])).toEqual([[T0 / 1000 + 2, ['42', '43'], 'a'.repeat(64)]]);
  });

  it('builds a chain that verifies from genesis', async () => {
    const { store, writer, clock } = setup();
    writers.push(writer);
    for (let i = 0; i < 20; i++) {
      await writer.writeTick('BTCUSDT', (100 + i / 100).toFixed(2));
      clock.now += 370;
      if (i % 4 === 0) await writer.flush();
    }
    clock.now += 2000;
    await writer.flush();
    expect(store.blocks[0]!.prevHash).toBe(GENESIS_PREV_HASH);
    expect(verifyChain(store.blocks, { fromGenesis: true })).toEqual({ ok: true });
    expect(store.blocks.flatMap((b) => b.ticks.map((k) => k.seq))).toEqual(store.ticks.map((k) => k.seq));
  });

  it.each([
    ['too many decimals', '1.234', /more than 2 decimals/],
    ['not a number', '1e5', /bad price/],
    ['negative', '-1.00', /bad price/],
    ['zero', '0.00', /positive/],
  ])('refuses a price that is %s', async (_label, price, error) => {
    const { writer } = setup();
    writers.push(writer);
    await expect(writer.writeTick('BTCUSDT', price)).rejects.toThrow(error);
  });

  it('refuses an unknown product, a time that goes back, and a time in a sealed second', async () => {
    const { writer, clock } = setup();
    writers.push(writer);
    await expect(writer.writeTick('NOPE', '1.00')).rejects.toThrow(/unknown product/);
    await writer.writeTick('BTCUSDT', '1.00', new Date(T0 + 500));
    await expect(writer.writeTick('BTCUSDT', '1.00', new Date(T0 + 400))).rejects.toThrow(/goes back/);
    clock.now = T0 + 5000;
    await writer.flush(); // seals second 0
    await expect(writer.writeTick('BTCUSDT', '1.00', new Date(T0 + 900))).rejects.toThrow(/already sealed/);
    const w = await writer.writeTick('BTCUSDT', '1.00', new Date(T0 + 1000));
    expect(w.seq).toBe('2');
  });

  it('never stamps a tick earlier than the last one, even when the clock steps back', async () => {
    const { writer, clock } = setup();
    writers.push(writer);
    const a = await writer.writeTick('BTCUSDT', '1.00');
    clock.now -= 5000;
    const b = await writer.writeTick('BTCUSDT', '1.01');
    expect(Date.parse(b.t)).toBeGreaterThanOrEqual(Date.parse(a.t));
  });

  it('keeps the ticks when Postgres fails and stores them on the next write', async () => {
    const { store, bus, writer } = setup();
    writers.push(writer);
    await writer.writeTick('BTCUSDT', '1.00');
    store.fail = new Error('connection refused');
    await expect(writer.flush()).rejects.toThrow('connection refused');
    expect(bus.published).toHaveLength(0);
    await writer.writeTick('BTCUSDT', '1.01');
    await writer.flush();
    expect(store.ticks.map((k) => k.seq)).toEqual(['1', '2']);
  });

  it('on a conflict (another writer stored first) drops the write and re-reads the record', async () => {
    const { store, writer } = setup();
    writers.push(writer);
    await writer.writeTick('BTCUSDT', '1.00');
    store.fail = Object.assign(new Error('duplicate key value'), { code: '23505' });
    await writer.flush();
    store.seeds.set('BTCUSDT', { ...emptySeed(), lastSeq: '70', lastTick: { t: new Date(T0).toISOString(), price: '2.00' } });
    const w = await writer.writeTick('BTCUSDT', '2.01');
    expect(w.seq).toBe('71');
  });

  it('publishes live 24h statistics and candles with each tick', async () => {
    const { bus, writer, clock } = setup();
    writers.push(writer);
    await writer.writeTick('BTCUSDT', '100.00', undefined, { volume: '2' });
    clock.now += 1000;
    await writer.writeTick('BTCUSDT', '110.00', undefined, { volume: '1', flush: true });
    const last = bus.published.flat().at(-1)!.message;
    expect(last.stats).toEqual({ change24h: '0.100000', high24h: '110.00', low24h: '100.00', volume24h: '3', amount24h: '310.00' });
    expect(last.candles['1m']).toMatchObject({ o: '100.00', h: '110.00', l: '100.00', c: '110.00', v: '3' });
  });

  it('close() waits for the current second to end, then stores and seals everything', async () => {
    const store = new FakeStore();
    store.seeds.set('BTCUSDT', emptySeed());
    const writer = new TickWriter(store, new FakeBus(), { flushIntervalMs: 60_000, sealGraceMs: 50, log: quiet });
    await writer.writeTick('BTCUSDT', '5.00');
    const started = Date.now();
    await writer.close();
    expect(Date.now() - started).toBeLessThan(1700);
    expect(store.ticks).toHaveLength(1);
    expect(store.blocks).toHaveLength(1);
    await expect(writer.writeTick('BTCUSDT', '5.01')).rejects.toThrow(/closed/);
  });
});

describe('TickWriter with prices made from exchange quotes', () => {
  const sources = [
    { venue: 'binance', bid: '100.00', ask: '100.02', mid: '100.01', venueTs: null, venueId: '7', receivedAt: new Date(T0 + 50).toISOString(), used: true },
    { venue: 'okx', bid: '100.00', ask: '100.00', mid: '100', venueTs: null, venueId: null, receivedAt: new Date(T0 + 60).toISOString(), used: true },
    {
      venue: 'kraken',
      bid: '105.00',
      ask: '105.00',
      mid: '105',
      venueTs: null,
      venueId: null,
      receivedAt: new Date(T0 + 70).toISOString(),
      used: false,
      reason: 'deviation' as const,
    },
  ];
  const rule = { name: 'median-of-mids', version: 1, quorum: 2, maxDeviationBps: 50 };

  it('stores the sources and the rule with the tick, hashes them into its block, and says how many were used', async () => {
    const { store, writer, clock } = setup();
    writers.push(writer);
    await writer.writeTick('BTCUSDT', '100.01', undefined, { sources, rule });
    await writer.writeTick('BTCUSDT', '100.02', undefined, { kind: 'simulated' });
    clock.now = T0 + 2000;
    await writer.flush();
    const [withSources, plain] = store.ticks;
    expect(withSources).toMatchObject({ sources, rule, kind: 'venues' });
    expect(withSources!.message).toMatchObject({ kind: 'venues', sourcesUsed: 2, sourcesTotal: 3 });
    expect(plain!.sources).toBeUndefined();
    expect(plain!.message.kind).toBe('simulated');
    const [block] = store.blocks;
    expect(block!.ticks[0]).toEqual({ seq: '1', t: withSources!.t, price: '100.01', sources, rule });
    expect(verifyChain([block!])).toEqual({ ok: true });
    const tampered = JSON.parse(JSON.stringify(block)) as typeof block;
    (tampered!.ticks[0]!.sources as unknown as { bid: string }[])[0]!.bid = '100.01';
    expect(verifyChain([tampered!])).toMatchObject({ ok: false, fault: 'hash' });
  });

  it("publishes the exchanges' own 24h volume and turnover as the tick's figures; stores none of it", async () => {
    const { store, writer, clock } = setup();
    writers.push(writer);
    const market24h = { volume: '2600.875', amount: '260087.50' };
    await writer.writeTick('BTCUSDT', '100.01', undefined, { sources, rule, market24h });
    clock.now = T0 + 2000;
    await writer.flush();
    const [tick] = store.ticks;
    expect(tick!.message.stats).toMatchObject({ high24h: '100.01', volume24h: '2600.875', amount24h: '260087.50' });
    expect(JSON.stringify({ ...tick, message: undefined })).not.toContain('2600.875');
    expect(JSON.stringify(store.blocks)).not.toContain('2600.875');
  });

  it('refuses sources without a rule', async () => {
    const { writer } = setup();
    writers.push(writer);
    await expect(writer.writeTick('BTCUSDT', '100.01', undefined, { sources })).rejects.toThrow(RangeError);
  });

  describe('scheduled catalogue changes', () => {
    const change = (atMs: number, to = 1) => ({ id: 'c1', symbol: 'BTCUSDT', field: 'precision', from: 2, to, effectiveAtMs: atMs });

    it("rounds to the new precision from the change's second on, and records the change in that second's block", async () => {
      const { clock, store, writer } = setup();
      writers.push(writer);
      writer.setSchedule([change(T0 + 2000)]);
      await writer.writeTick('BTCUSDT', '100.25', new Date(T0 + 100), { flush: true });
      expect(writer.precisionAt('BTCUSDT', T0 + 1999)).toBe(2);
      expect(writer.precisionAt('BTCUSDT', T0 + 2000)).toBe(1);
      // A price made before the second with the old decimals is refused after it: never rounded behind its back.
      await expect(writer.writeTick('BTCUSDT', '100.25', new Date(T0 + 2001))).rejects.toThrow(/more than 1 decimals/);
      const later = await writer.writeTick('BTCUSDT', '100.3', new Date(T0 + 2100), { flush: true });
      expect(later.price).toBe('100.3');
      clock.now = T0 + 3500;
      await writer.flush();
      const own = store.blocks.find((b) => b.second === (T0 + 2000) / 1000)!;
      expect(own.changes).toEqual([{ id: 'c1', field: 'precision', from: '2', to: '1', effectiveAt: new Date(T0 + 2000).toISOString() }]);
      expect(own.ticks.map((k) => k.price)).toEqual(['100.3']);
      expect(store.blocks.find((b) => b.second === T0 / 1000)!.changes).toBeUndefined();
      expect(verifyChain(store.blocks, { fromGenesis: true })).toEqual({ ok: true });
      // Applied: the schedule no longer needs it, and a schedule read before its commit does not bring it back.
      writer.setSchedule([change(T0 + 2000)]);
      clock.now = T0 + 5500;
      await writer.writeTick('BTCUSDT', '100.4', new Date(T0 + 5000), { flush: true });
      expect(store.blocks.flatMap((b) => b.changes ?? [])).toHaveLength(1);
    });

    it('records a change in a block of its own when its second has no tick', async () => {
      const { clock, store, writer } = setup();
      writers.push(writer);
      await writer.writeTick('BTCUSDT', '100.25', new Date(T0 + 100), { flush: true });
      writer.setSchedule([change(T0 + 3000)]);
      clock.now = T0 + 4500;
      await writer.flush();
      await writer.writeTick('BTCUSDT', '100.5', new Date(T0 + 4600), { flush: true });
      clock.now = T0 + 6000;
      await writer.flush();
      const seconds = store.blocks.map((b) => [b.second - T0 / 1000, b.ticks.length, b.changes?.length ?? 0]);
      expect(seconds).toEqual([
        [0, 1, 0],
        [3, 0, 1],
        [4, 1, 0],
      ]);
      const empty = store.blocks[1]!;
      expect([empty.firstSeq, empty.lastSeq]).toEqual(['1', '1']); // spans no tick: the previous block's last seq
      expect(verifyChain(store.blocks, { fromGenesis: true })).toEqual({ ok: true });
    });

    it('seals the blocks again without a change the store no longer has pending', async () => {
      const { clock, store, writer } = setup();
      writers.push(writer);
      writer.setSchedule([change(T0 + 1000, 3)]);
      await writer.writeTick('BTCUSDT', '100.25', new Date(T0 + 100), { flush: true });
      await writer.writeTick('BTCUSDT', '100.26', new Date(T0 + 1100));
      clock.now = T0 + 2500;
      store.fail = new ChangeWithdrawnError('c1');
      await writer.flush();
      await writer.flush();
      expect(store.blocks.flatMap((b) => b.changes ?? [])).toEqual([]);
      expect(store.ticks.map((k) => k.price)).toEqual(['100.25', '100.260']);
      expect(verifyChain(store.blocks, { fromGenesis: true })).toEqual({ ok: true });
    });
  });
});
