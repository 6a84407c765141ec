import { describe, expect, it } from '@jest/globals';
import { DataSource, type EntityManager } from 'typeorm';
import { REDIS_CHANNELS } from '@candor/cross-process';
import { newTestService } from '../../test/utils.js';
import { REDIS } from '../redis/redis.module.js';
import { MarketService } from '../market/market.service.js';
import { PriceAlertsRepository, type PriceAlertRow } from './price-alerts.repository.js';
import { PriceAlertsService } from './price-alerts.service.js';

const em = { name: 'a transaction' } as unknown as EntityManager;
const product = { id: 'p1', symbol: 'BTCUSDT', precision: 2, enabled: true };
const row = (over: Partial<PriceAlertRow> = {}): PriceAlertRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  symbol: 'BTCUSDT',
  direction: 'above',
  level: '101.00',
  created_at: new Date('2026-12-02T10:00:00Z'),
  triggered_at: null,
  triggered_price: null,
  ...over,
});

function setup(opts: { price?: string | null; active?: number; productRow?: object | null } = {}) {
  const { sut: built, mocks } = newTestService(PriceAlertsService);
  const sut = built as PriceAlertsService;
  mocks.get<DataSource>(DataSource).transaction.mockImplementation((async (fn: (em: EntityManager) => Promise<unknown>) => fn(em)) as never);
  const market = mocks.get<MarketService>(MarketService);
  market.getProductRow.mockResolvedValue((opts.productRow === undefined ? product : opts.productRow) as never);
  const price = opts.price === undefined ? '100.00' : opts.price;
  market.latestTick.mockResolvedValue(price === null ? null : { seq: '1', t: new Date(), price });
  const repo = mocks.get<PriceAlertsRepository>(PriceAlertsRepository);
  repo.countActive.mockResolvedValue(opts.active ?? 0);
  repo.insert.mockImplementation(async (_em, a) => row({ direction: a.direction, level: a.level, symbol: a.symbol }));
  const redis = mocks.get<{ publish(ch: string, m: string): Promise<number> }>(REDIS);
  redis.publish.mockResolvedValue(1);
  return { sut, repo, redis, market };
}

describe('PriceAlertsService.create', () => {
  it('takes the side the level lies on, writes it with the product decimals, under the user lock, and announces the product', async () => {
    const { sut, repo, redis } = setup();
    const made = await sut.create('u1', { symbol: 'btcusdt', level: '101.5' });
    expect(made).toMatchObject({ symbol: 'BTCUSDT', direction: 'above', level: '101.50', triggeredAt: null });
    expect(repo.lockUser).toHaveBeenCalledWith(em, 'u1');
    expect(repo.insert).toHaveBeenCalledWith(em, { userId: 'u1', symbol: 'BTCUSDT', direction: 'above', level: '101.50' });
    expect(redis.publish).toHaveBeenCalledWith(REDIS_CHANNELS.priceAlertsChanged, 'BTCUSDT');
    expect((await sut.create('u1', { symbol: 'BTCUSDT', level: '99', direction: 'below' })).direction).toBe('below');
  });

  it.each<[string, { level: string; direction?: 'above' | 'below' }]>([
    ['an above level under the price', { level: '99.99', direction: 'above' }],
    ['a below level over the price', { level: '100.01', direction: 'below' }],
    ['a level at the price, with a side', { level: '100', direction: 'above' }],
    ['a level at the price, without one', { level: '100.00' }],
  ])('refuses %s: 422 ALERT_LEVEL_WRONG_SIDE', async (_name, body) => {
    const { sut, repo } = setup();
    await expect(sut.create('u1', { symbol: 'BTCUSDT', ...body })).rejects.toMatchObject({ code: 'ALERT_LEVEL_WRONG_SIDE', status: 422 });
    expect(repo.insert).not.toHaveBeenCalled();
  });

  it('an unknown or unlisted product is 400 on symbol; more decimals than the product has, or zero, 400 on level', async () => {
    await expect(setup({ productRow: null }).sut.create('u1', { symbol: 'NOPE', level: '1' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'symbol',
    });
    await expect(setup({ productRow: { ...product, enabled: false } }).sut.create('u1', { symbol: 'BTCUSDT', level: '1' })).rejects.toMatchObject({
      field: 'symbol',
    });
    const bad = setup();
    await expect(bad.sut.create('u1', { symbol: '../x', level: '1' })).rejects.toMatchObject({ field: 'symbol' });
    expect(bad.market.getProductRow).not.toHaveBeenCalled();
    await expect(bad.sut.create('u1', { symbol: 'BTCUSDT', level: '101.001' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'level' });
    await expect(bad.sut.create('u1', { symbol: 'BTCUSDT', level: '0.00' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'level' });
  });

  it('a product without a price yet is 422 MARKET_DATA_STALE', async () => {
    await expect(setup({ price: null }).sut.create('u1', { symbol: 'BTCUSDT', level: '1' })).rejects.toMatchObject({ code: 'MARKET_DATA_STALE' });
  });

  it('the 21st active alert is 422 ALERT_LIMIT_REACHED, with the limit for the message; nothing is announced', async () => {
    const { sut, repo, redis } = setup({ active: 20 });
    await expect(sut.create('u1', { symbol: 'BTCUSDT', level: '120' })).rejects.toMatchObject({ code: 'ALERT_LIMIT_REACHED', vars: { limit: 20 } });
    expect(repo.insert).not.toHaveBeenCalled();
    expect(redis.publish).not.toHaveBeenCalled();
  });
});

describe('PriceAlertsService.remove and list', () => {
  it('removes the caller’s own alert and announces its product; another user’s, or a malformed id, is 404', async () => {
    const { sut, repo, redis } = setup();
    repo.remove.mockResolvedValueOnce('ETHUSDT');
    await sut.remove('u1', '00000000-0000-4000-8000-000000000001');
    expect(repo.remove).toHaveBeenCalledWith('u1', '00000000-0000-4000-8000-000000000001');
    expect(redis.publish).toHaveBeenCalledWith(REDIS_CHANNELS.priceAlertsChanged, 'ETHUSDT');
    repo.remove.mockResolvedValueOnce(null);
    await expect(sut.remove('u2', '00000000-0000-4000-8000-000000000001')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    repo.remove.mockClear();
    await expect(sut.remove('u1', "1' OR 1=1")).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(repo.remove).not.toHaveBeenCalled();
  });

  it('lists with the limit; a symbol no product can have lists nothing without a query', async () => {
    const { sut, repo } = setup();
    repo.listForUser.mockResolvedValue([row(), row({ id: 'x', triggered_at: new Date('2026-12-02T11:00:00Z'), triggered_price: '101.20' })]);
    const list = await sut.list('u1', 'btcusdt');
    expect(repo.listForUser).toHaveBeenCalledWith('u1', 'BTCUSDT');
    expect(list.maxActive).toBe(20);
    expect(list.items[1]).toMatchObject({ triggeredAt: '2026-12-02T11:00:00.000Z', triggeredPrice: '101.20' });
    repo.listForUser.mockClear();
    expect((await sut.list('u1', '%00')).items).toEqual([]);
    expect(repo.listForUser).not.toHaveBeenCalled();
  });
});
