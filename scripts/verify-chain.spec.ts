import { describe, expect, it } from '@jest/globals';
import { aggregateQuotes, canonicalJson, hashBlock, sealBlock, verifyChain, type ChainBlock, type ChainChange, type VenueQuote } from '@candor/domain';
import { blockHash, changesIn, checkBlocks, checkChange, checkTickSources } from './verify-chain.mjs';

const S0 = 1_800_000_000;
const quote = (venue: string, bid: string, ask: string): VenueQuote => ({
  venue,
  quoteCurrency: 'USDT',
  bid,
  ask,
  venueTs: null,
  venueId: null,
  receivedAt: S0 * 1000,
});

/** A tick made by the platform's own rule from four quotes (one 5 % off). */
function madeTick(seq: string) {
  const agg = aggregateQuotes(
    [quote('binance', '100.00', '100.02'), quote('okx', '100.10', '100.10'), quote('coinbase', '99.90', '100.00'), quote('kraken', '105.00', '105.10')],
    {
      nowMs: S0 * 1000,
      staleMs: 5000,
      quorum: 3,
      maxDeviationBps: 50,
      precision: 2,
      quoteCurrency: 'USDT',
    },
  );
  if (!agg.ok) throw new Error('fixture');
  return { seq, t: new Date(S0 * 1000 + Number(seq)).toISOString(), price: agg.price, sources: agg.sources, rule: agg.rule };
}

describe('verify-chain.mjs, an independent implementation', () => {
  it('hashes ticks with sources exactly as the server does', () => {
    const b0 = sealBlock(null, 'BTCUSDT', S0, [madeTick('1'), { seq: '2', t: new Date(S0 * 1000 + 500).toISOString(), price: '100.05' }]);
    const b1 = sealBlock(b0, 'BTCUSDT', S0 + 1, [{ seq: '3', t: new Date(S0 * 1000 + 1001).toISOString(), price: '100.06' }]);
    expect(blockHash(b0)).toBe(hashBlock(b0));
    expect(blockHash(b1)).toBe(b1.hash);
    expect(checkBlocks([b0, b1], { fromGenesis: true })).toEqual([]);
  });

  it('recomputes the price from the recorded quotes', () => {
    const k = madeTick('1');
    expect(checkTickSources(k)).toEqual([]);
    expect(checkTickSources({ ...k, price: '100.07' }).join('\n')).toMatch(/not the median/);
    const moved = { ...k, sources: k.sources.map((s, i) => (i === 0 ? { ...s, bid: '100.20', ask: '100.22', mid: '100.21' } : s)) };
    expect(checkTickSources(moved).join('\n')).toMatch(/not the median/);
    const outlierUsed = { ...k, sources: k.sources.map((s) => ({ ...s, used: true, reason: undefined })) };
    expect(checkTickSources(outlierUsed).join('\n')).toMatch(/more than 50 bps|not the median|spread/);
  });

  it('a changed source quote breaks the chain', () => {
    const b0 = sealBlock(null, 'BTCUSDT', S0, [madeTick('1')]);
    const tampered = JSON.parse(JSON.stringify(b0));
    tampered.ticks[0].sources[1].bid = '100.11';
    expect(checkBlocks([tampered]).join('\n')).toMatch(/hash does not match/);
  });

  it('a quote changed and its block sealed again (a consistent hash) still fails: the price is recomputed', () => {
    const k = madeTick('1');
    // binance's quote moved up by 0.30 with its mid kept consistent: the hash is recomputed by whoever rewrote it
    const moved = { ...k, sources: k.sources.map((s) => (s.venue === 'binance' ? { ...s, bid: '100.30', ask: '100.32', mid: '100.31' } : s)) };
    const b0 = sealBlock(null, 'BTCUSDT', S0, [moved]);
    const problems = checkBlocks([b0], { fromGenesis: true });
    expect(problems.join('\n')).not.toMatch(/hash/);
    expect(k.price).toBe('100.01'); // the median of 100.01, 100.1 and 99.95
    expect(problems.join('\n')).toMatch(/price 100\.01 is not the median/);
  });

  it('checks the reasons a quote was dropped where the record can tell', () => {
    const k = madeTick('1');
    expect(k.sources.map((s) => [s.venue, s.used, s.reason])).toEqual([
      ['binance', true, undefined],
      ['okx', true, undefined],
      ['coinbase', true, undefined],
      ['kraken', false, 'deviation'],
    ]);
    // An honest quote called an outlier, so that the median moves (here to okx's and binance's mids).
    const hidden = {
      ...k,
      sources: k.sources.map((s) => (s.venue === 'coinbase' ? { ...s, used: false, reason: 'deviation' as const } : s)),
    };
    expect(checkTickSources(hidden).join('\n')).toMatch(/coinbase was dropped as deviating, but lies within 50 bps/);
    const calledInvalid = { ...k, sources: k.sources.map((s) => (s.venue === 'kraken' ? { ...s, reason: 'invalid' as const } : s)) };
    expect(checkTickSources(calledInvalid).join('\n')).toMatch(/kraken's quote 105\.00\/105\.10 is valid, yet it was dropped as invalid/);
    const crossed = { ...k, sources: k.sources.map((s) => (s.venue === 'binance' ? { ...s, bid: '100.03', ask: '100.01', mid: '100.02' } : s)) };
    expect(checkTickSources(crossed).join('\n')).toMatch(/binance is used but its quote is not a valid bid\/ask/);
    const late = { ...k, sources: k.sources.map((s) => (s.venue === 'okx' ? { ...s, receivedAt: new Date(S0 * 1000 + 5).toISOString() } : s)) };
    expect(checkTickSources(late).join('\n')).toMatch(/okx's quote was received .* after the tick was made/);
  });

  it('reports a malformed recorded mid instead of failing on it', () => {
    const k = madeTick('1');
    const odd = { ...k, sources: k.sources.map((s) => (s.venue === 'okx' ? { ...s, mid: '100.100000000000000000001' } : s)) };
    expect(checkTickSources(odd).join('\n')).toMatch(/okx's recorded mid 100\.100000000000000000001 is not/);
    const same = { ...k, sources: k.sources.map((s) => (s.venue === 'okx' ? { ...s, mid: '100.1000' } : s)) };
    expect(checkTickSources(same)).toEqual([]);
  });

  it("agrees with the platform's rule on random quotes: every price it makes verifies, a changed one does not", () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let made = 0;
    for (let i = 0; i < 400; i++) {
      const n = 1 + Math.floor(random() * 5);
      const center = 10 + random() * 1000;
      const quotes = Array.from({ length: n }, (_, j) => {
        const mid = center * (1 + (random() - 0.5) * (random() < 0.3 ? 0.02 : 0.002));
        const half = center * random() * 0.0005;
        const d = 1 + Math.floor(random() * 5);
        return {
          ...quote(['binance', 'okx', 'coinbase', 'kraken', 'extra'][j]!, (mid - half).toFixed(d), (mid + half).toFixed(d)),
          receivedAt: S0 * 1000 - Math.floor(random() * 8000),
        };
      });
      const agg = aggregateQuotes(quotes, {
        nowMs: S0 * 1000,
        staleMs: 5000,
        quorum: 1 + Math.floor(random() * 3),
        maxDeviationBps: 10 + Math.floor(random() * 60),
        precision: Math.floor(random() * 5),
        quoteCurrency: 'USDT',
      });
      if (!agg.ok) continue;
      made++;
      const k = { seq: String(i + 1), t: new Date(S0 * 1000).toISOString(), price: agg.price, sources: agg.sources, rule: agg.rule };
      expect(checkTickSources(k)).toEqual([]);
      const last = agg.price.slice(-1) === '9' ? '8' : String(Number(agg.price.slice(-1)) + 1);
      expect(checkTickSources({ ...k, price: agg.price.slice(0, -1) + last }).join('\n')).toMatch(/not the median/);
    }
    expect(made).toBeGreaterThan(100);
  });
});

/** A tick at `ms` after the second S0 + `s`, with a price as written (its decimals count). */
const tickAt = (seq: string, s: number, ms: number, price: string) => ({ seq, t: new Date((S0 + s) * 1000 + ms).toISOString(), price });
/** A catalogue change taking effect at the start of second S0 + `s`, its values as the record's canonical JSON text. */
const change = (id: string, field: string, from: unknown, to: unknown, s: number): ChainChange => ({
  id,
  field,
  from: canonicalJson(from),
  to: canonicalJson(to),
  effectiveAt: new Date((S0 + s) * 1000).toISOString(),
});

/** Blocks sealed in turn by the domain's own functions: [ticks, changes] per second from S0. */
function chainOf(seconds: [ReturnType<typeof tickAt>[], ChainChange[]][]): ChainBlock[] {
  const out: ChainBlock[] = [];
  for (const [i, [ticks, changes]] of seconds.entries()) out.push(sealBlock(out[i - 1] ?? null, 'BTCUSDT', S0 + i, ticks, changes));
  return out;
}

describe('verify-chain.mjs on catalogue change records', () => {
  const toThree = change('c1', 'precision', 2, 3, 1);
  /** 2 decimals, then from the block of the change (second S0 + 1, which has no tick) 3 decimals. */
  const honest = () =>
    chainOf([
      [[tickAt('1', 0, 100, '100.01'), tickAt('2', 0, 600, '100.02')], []],
      [[], [toThree]],
      [[tickAt('3', 2, 100, '100.025')], [change('c2', 'priceVenues', [{ venue: 'binance', symbol: 'BTCUSDT' }], [{ symbol: 'BTC-USDT', venue: 'okx' }], 2)]],
    ]);

  it('hashes a block with changes exactly as the server does, and accepts the chain', () => {
    const blocks = honest();
    expect(blocks[1]!.changes).toHaveLength(1);
    for (const b of blocks) expect(blockHash(b)).toBe(hashBlock(b));
    expect(verifyChain(blocks, { fromGenesis: true })).toEqual({ ok: true });
    expect(checkBlocks(blocks, { fromGenesis: true })).toEqual([]);
    // A block without changes still encodes as before: an empty list is no list.
    const plain = sealBlock(null, 'BTCUSDT', S0, [tickAt('1', 0, 0, '1.00')]);
    expect(blockHash({ ...plain, changes: [] })).toBe(plain.hash);
    expect(changesIn(blocks).map((c) => [c.field, c.from, c.to, c.second])).toEqual([
      ['precision', '2', '3', String(S0 + 1)],
      ['priceVenues', '[{"symbol":"BTCUSDT","venue":"binance"}]', '[{"symbol":"BTC-USDT","venue":"okx"}]', String(S0 + 2)],
    ]);
  });

  it('an altered change record breaks the chain', () => {
    const blocks = honest();
    const altered = JSON.parse(JSON.stringify(blocks)) as ChainBlock[];
    altered[1] = { ...altered[1]!, changes: [{ ...altered[1]!.changes![0]!, to: '4' }] };
    expect(checkBlocks(altered).join('\n')).toMatch(new RegExp(`block ${S0 + 1} .*: hash does not match its content`));
    // Dropping the record (an unannounced change) breaks it too.
    const dropped = blocks.map((b, i) => (i === 1 ? { ...b, changes: undefined } : b));
    expect(checkBlocks(dropped).join('\n')).toMatch(/hash does not match its content/);
  });

  it('a tick after a precision change with more decimals than it allows fails, even in a consistently sealed chain', () => {
    const toTwo = change('c1', 'precision', 3, 2, 1);
    const wide = chainOf([
      [[tickAt('1', 0, 100, '100.015')], []],
      [[tickAt('2', 1, 200, '100.02')], [toTwo]],
      [[tickAt('3', 2, 100, '100.025')], []],
    ]);
    expect(verifyChain(wide, { fromGenesis: true })).toEqual({ ok: true });
    const problems = checkBlocks(wide, { fromGenesis: true });
    expect(problems).toEqual([
      `block ${S0 + 2} (${new Date((S0 + 2) * 1000).toISOString()}): tick 3 price 100.025 has 3 decimals, more than the precision 2 in force since change c1 at ${toTwo.effectiveAt}`,
    ]);
    // The change's own block is under the new precision from its start.
    const sameBlock = chainOf([
      [[tickAt('1', 0, 100, '100.015')], []],
      [[tickAt('2', 1, 200, '100.025')], [toTwo]],
    ]);
    expect(checkBlocks(sameBlock).join('\n')).toMatch(/tick 2 price 100\.025 has 3 decimals, more than the precision 2/);
    // Without the change record the same decimals are no fault.
    const unchanged = chainOf([
      [[tickAt('1', 0, 100, '100.015')], []],
      [[tickAt('2', 1, 200, '100.025')], []],
    ]);
    expect(checkBlocks(unchanged)).toEqual([]);
  });

  it('a tick before a precision change with more decimals than its `from` fails', () => {
    const blocks = chainOf([
      [[tickAt('1', 0, 100, '100.015'), tickAt('2', 0, 300, '100.01')], []],
      [[tickAt('3', 1, 0, '100.025')], [change('c1', 'precision', 2, 3, 1)]],
    ]);
    expect(checkBlocks(blocks).join('\n')).toMatch(/tick 1 price 100\.015 has 3 decimals, more than the precision 2 in force before change c1/);
    const honestFrom = chainOf([
      [[tickAt('1', 0, 100, '100.01')], []],
      [[tickAt('3', 1, 0, '100.025')], [change('c1', 'precision', 2, 3, 1)]],
    ]);
    expect(checkBlocks(honestFrom)).toEqual([]);
  });

  it('checks each change record: fields, time, canonical JSON, the value, and that it follows the last one', () => {
    const ok = change('c1', 'hours', null, [{ day: 1, open: '09:00', close: '17:30' }], 0);
    expect(checkChange(ok, S0)).toEqual([]);
    expect(checkChange({ ...ok, id: 7 }, S0)).toEqual(['change 7: malformed change record']);
    expect(checkChange({ ...ok, field: 'payoutRate' }, S0).join('\n')).toMatch(/unknown field payoutRate/);
    expect(checkChange(ok, S0 + 1)).toEqual([`change c1 (hours) takes effect at ${ok.effectiveAt}, outside the block's second (changeTime)`]);
    expect(checkChange({ ...ok, to: '[{"day":1,"open":"09:00","close":"17:30"}]' }, S0).join('\n')).toMatch(/to .* is not canonical JSON/);
    expect(checkChange({ ...ok, to: '[{"close":"17:30", "day":1,"open":"09:00"}]' }, S0).join('\n')).toMatch(/is not canonical JSON/);
    expect(checkChange({ ...ok, from: 'null,' }, S0).join('\n')).toMatch(/from null, is not JSON/);
    expect(checkChange({ ...ok, to: '[{"close":"25:00","day":1,"open":"09:00"}]' }, S0).join('\n')).toMatch(/is not a valid hours/);
    expect(checkChange(change('c2', 'precision', 2, 2.5, 0), S0).join('\n')).toMatch(/to 2.5 is not a valid precision/);
    expect(checkChange(change('c3', 'timezone', 'Asia/Taipei', 'Mars/Olympus', 0), S0).join('\n')).toMatch(/to "Mars\/Olympus" is not a valid timezone/);
    expect(checkChange(change('c4', 'holidays', [], ['2026-01-01'], 0), S0)).toEqual([]);

    // In a chain: each is checked where it lies, and a second change of a field starts where the first ended.
    const blocks = chainOf([
      [[tickAt('1', 0, 0, '1.00')], [change('c1', 'timezone', 'UTC', 'Asia/Taipei', 0)]],
      [[tickAt('2', 1, 0, '1.00')], [change('c2', 'timezone', 'Asia/Tokyo', 'UTC', 1)]],
      [[tickAt('3', 2, 0, '1.00')], [{ ...change('c3', 'holidays', [], [], 2), effectiveAt: new Date((S0 + 3) * 1000).toISOString() }]],
    ]);
    const problems = checkBlocks(blocks).join('\n');
    expect(problems).toMatch(/change c2 \(timezone\) starts from "Asia\/Tokyo", but the previous change of timezone set "Asia\/Taipei"/);
    expect(problems).toMatch(/change c3 \(holidays\) takes effect at .* outside the block's second \(changeTime\)/);
    expect(problems).not.toMatch(/hash/);
  });

  it('a block with neither ticks nor changes is still a fault', () => {
    const blocks = chainOf([
      [[tickAt('1', 0, 0, '1.00')], []],
      [[], []],
    ]);
    expect(checkBlocks(blocks).join('\n')).toMatch(new RegExp(`block ${S0 + 1} .*: no ticks`));
  });
});
