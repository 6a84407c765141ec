import { describe, expect, it } from '@jest/globals';
import { aggregateQuotes, hashBlock, sealBlock, type VenueQuote } from '@candor/domain';
import { blockHash, checkBlocks, checkTickSources } from './verify-chain.mjs';

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
