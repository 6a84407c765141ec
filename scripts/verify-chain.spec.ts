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
});
