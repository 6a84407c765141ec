import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Product } from '@candor/contracts';
import type { ProductEntity } from '@candor/db';
import type { TickMessage } from '@candor/cross-process';
import { MarketService } from './market.service.js';
import type { MarketRepository } from './market.repository.js';

/** One product trading 10:00-12:00 UTC every day. */
const row = {
  id: '1',
  symbol: 'AAA',
  category: 'crypto',
  names: { 'zh-TW': '甲', en: 'A' },
  precision: 2,
  timezone: 'UTC',
  hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '10:00', close: '12:00' })),
  holidays: [],
  maintenance: false,
  maintenanceMessage: null,
  expiries: [{ seconds: 60, payoutRate: '0.85' }],
  minStake: '100',
  maxStake: '100000',
  recommended: false,
  enabled: true,
} as unknown as ProductEntity;

function service() {
  const reads = { products: 0, stats: 0 };
  const repo = {
    allProducts: async () => {
      reads.products++;
      return [row];
    },
    stats: async () => {
      reads.stats++;
      return new Map();
    },
    lastTicks: async () => new Map(),
  } as unknown as MarketRepository;
  const redis = { mget: async (...keys: string[]) => keys.map(() => null) };
  return { market: new MarketService(repo, redis as never), reads };
}
const parse = (body: Buffer) => JSON.parse(body.toString('utf8')) as Product[];

afterEach(() => {
  jest.useRealTimers();
});

describe('MarketService.productsJson', () => {
  it('turns a market open at its opening minute without any catalogue change, and keeps the text within a minute', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-25T09:59:58.000Z'), doNotFake: ['nextTick', 'setImmediate'] });
    const { market } = service();
    const before = await market.productsJson('en');
    expect(parse(before)[0]).toMatchObject({ status: 'closed', nextOpenAt: '2026-11-25T10:00:00.000Z' });
    jest.setSystemTime(Date.parse('2026-11-25T09:59:59.500Z'));
    expect(await market.productsJson('en')).toBe(before);
    jest.setSystemTime(Date.parse('2026-11-25T10:00:00.000Z'));
    const after = parse(await market.productsJson('en'))[0]!;
    expect(after.status).toBe('open');
    expect(after).not.toHaveProperty('nextOpenAt');
  });

  it('shows a tick from the stream in the next answer and reads nothing per request', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-25T10:30:05.000Z'), doNotFake: ['nextTick', 'setImmediate'] });
    const { market, reads } = service();
    expect(parse(await market.productsJson('en'))[0]!.lastPrice).toBeNull();
    const counted = { ...reads };
    await market.productsJson('en');
    expect(reads).toEqual(counted);
    const stats = { change24h: '0.050000', high24h: '2.10', low24h: '2.00', volume24h: '1', amount24h: '2.10' };
    market.onTick({ symbol: 'AAA', seq: '1', t: '2026-11-25T10:30:04.900Z', price: '2.10', volume: '1', stats, candles: {} } as unknown as TickMessage);
    expect(parse(await market.productsJson('en'))[0]).toMatchObject({ lastPrice: '2.10', lastTickAt: '2026-11-25T10:30:04.900Z', ...stats });
    expect(parse(await market.productsJson('zh-TW'))[0]).toMatchObject({ name: '甲', lastPrice: '2.10' });
  });

  it('after invalidate() the next answer comes from a fresh catalogue', async () => {
    const { market, reads } = service();
    await market.productsJson('en');
    market.invalidate();
    await market.productsJson('en');
    expect(reads.products).toBe(2);
  });

  it('keeps the same rows through background re-reads of an unchanged catalogue, and takes a changed one', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-25T10:30:00.000Z'), doNotFake: ['nextTick', 'setImmediate'] });
    let current: ProductEntity[] = [{ ...row }];
    const repo = { allProducts: async () => current.map((r) => ({ ...r })) } as unknown as MarketRepository;
    const market = new MarketService(repo, { mget: async () => [] } as never);
    const first = await market.allProductRows();
    const settle = async () => {
      jest.setSystemTime(Date.now() + 2_500);
      await market.allProductRows(); // past the TTL: answers the rows held and re-reads behind it
      await new Promise((r) => setImmediate(r));
      return market.allProductRows();
    };
    expect(await settle()).toBe(first);
    current = [{ ...row, maintenance: true } as ProductEntity];
    const changed = await settle();
    expect(changed).not.toBe(first);
    expect(changed[0]!.maintenance).toBe(true);
  });
});
