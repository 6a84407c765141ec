import { describe, expect, it } from '@jest/globals';
import { DataSource, type EntityManager } from 'typeorm';
import type { AdminProductBody } from '@candor/contracts';
import { REDIS_CHANNELS } from '@candor/cross-process';
import type { ProductEntity } from '@candor/db';
import { newTestService } from '../../test/utils.js';
import { AuditService } from '../admin/audit.service.js';
import { DomainError } from '../common/domain-error.js';
import { Clock } from '../common/clock.js';
import { APP_CONFIG } from '../config/config.js';
import { REDIS } from '../redis/redis.module.js';
import { AdminProductsService, applyPatch, CANCEL_CUTOFF_MS, diff } from './admin-products.service.js';
import { CatalogueChangesRepository, type ChangeRow } from './catalogue/catalogue-changes.repository.js';
import { MarketRepository } from './market.repository.js';
import { MarketService } from './market.service.js';
import { MarketStatusWatcher } from './market-status.watcher.js';

const current = {
  names: { 'zh-TW': '比特幣', en: 'Bitcoin' },
  precision: 2,
  timezone: 'UTC',
  hours: null,
  holidays: [],
  maintenance: false,
  maintenanceMessage: null,
  expiries: [{ seconds: 60, payoutRate: '0.85' }],
  minStake: 100,
  maxStake: 10_000_000,
  recommended: true,
  enabled: true,
  priceVenues: [] as { venue: string; symbol: string }[],
};

function fieldOf(body: AdminProductBody): string | undefined {
  try {
    applyPatch(current, body, 'BTCUSDT');
    return undefined;
  } catch (e) {
    if (e instanceof DomainError) return `${e.code}:${e.field}`;
    throw e;
  }
}

describe('product settings patch', () => {
  it.each<[string, AdminProductBody, string]>([
    ['min above max', { minStake: '500.00', maxStake: '100.00' }, 'VALIDATION_FAILED:minStake'],
    ['min above the current max', { minStake: '100000.01' }, 'VALIDATION_FAILED:minStake'],
    ['max below the current min', { maxStake: '0.99' }, 'VALIDATION_FAILED:maxStake'],
    ['a zero stake', { minStake: '0' }, 'VALIDATION_FAILED:minStake'],
    ['a stake with 3 decimals', { minStake: '1.001' }, 'VALIDATION_FAILED:minStake'],
    ['a stake above the amount maximum', { maxStake: '1000000.00' }, 'VALIDATION_FAILED:maxStake'],
    ['a rate of 0', { expiries: [{ seconds: 30, payoutRate: '0' }] }, 'VALIDATION_FAILED:expiries.0.payoutRate'],
    ['a rate above 1', { expiries: [{ seconds: 30, payoutRate: '1.0001' }] }, 'VALIDATION_FAILED:expiries.0.payoutRate'],
    [
      'an exchange twice',
      {
        priceVenues: [
          { venue: 'okx', symbol: 'BTC-USDT' },
          { venue: 'okx', symbol: 'ETH-USDT' },
        ],
      },
      'VALIDATION_FAILED:priceVenues.1.venue',
    ],
    // The market must trade the product's own asset: BTCUSDT is never priced from another instrument.
    ['another asset (BTCUSDT from Binance ETHUSDT)', { priceVenues: [{ venue: 'binance', symbol: 'ETHUSDT' }] }, 'VALIDATION_FAILED:priceVenues.0.symbol'],
    [
      'another asset in second place',
      {
        priceVenues: [
          { venue: 'binance', symbol: 'BTCUSDT' },
          { venue: 'okx', symbol: 'BTCX-USDT' },
        ],
      },
      'VALIDATION_FAILED:priceVenues.1.symbol',
    ],
    ["a symbol not in the exchange's spelling", { priceVenues: [{ venue: 'kraken', symbol: 'BTC-USDT' }] }, 'VALIDATION_FAILED:priceVenues.0.symbol'],
    [
      'two quote currencies in one median',
      {
        priceVenues: [
          { venue: 'binance', symbol: 'BTCUSDT' },
          { venue: 'coinbase', symbol: 'BTC-USD' },
        ],
      },
      'VALIDATION_FAILED:priceVenues.1.symbol',
    ],
    [
      'two expiries of the same length',
      {
        expiries: [
          { seconds: 30, payoutRate: '0.8' },
          { seconds: 30, payoutRate: '0.7' },
        ],
      },
      'VALIDATION_FAILED:expiries.1.seconds',
    ],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'VALIDATION_FAILED:timezone'],
    ['an opening at 24:00', { hours: [{ day: 1, open: '24:00', close: '10:00' }] }, 'VALIDATION_FAILED:hours.0.open'],
    ['a closing at 25:00', { hours: [{ day: 1, open: '09:00', close: '25:00' }] }, 'VALIDATION_FAILED:hours.0.close'],
    ['a holiday that is no date', { holidays: ['2026-02-30'] }, 'VALIDATION_FAILED:holidays.0'],
    ['names without zh-TW', { names: { en: 'Bitcoin' } }, 'VALIDATION_FAILED:names.zh-TW'],
    ['a name in an unknown language', { names: { 'zh-TW': '比特幣', xx: 'Bitcoin' } }, 'VALIDATION_FAILED:names.xx'],
    ['a blank name', { names: { 'zh-TW': '   ' } }, 'VALIDATION_FAILED:names.zh-TW'],
  ])('refuses %s', (_label, body, expected) => {
    expect(fieldOf(body)).toBe(expected);
  });

  it.each<[string, AdminProductBody]>([
    ['a rate of exactly 1', { expiries: [{ seconds: 30, payoutRate: '1' }] }],
    ['a rate with 4 decimals', { expiries: [{ seconds: 30, payoutRate: '0.8125' }] }],
    ['min equal to max', { minStake: '50.00', maxStake: '50' }],
    [
      'an overnight session and a closing at 24:00',
      {
        hours: [
          { day: 0, open: '17:00', close: '17:00' },
          { day: 5, open: '00:00', close: '24:00' },
        ],
      },
    ],
    ['an IANA zone', { timezone: 'America/New_York' }],
    ["Kraken's XBT for BTC", { priceVenues: [{ venue: 'kraken', symbol: 'XBT/USDT' }] }],
    [
      'the same asset on every exchange',
      {
        priceVenues: [
          { venue: 'binance', symbol: 'BTCUSDT' },
          { venue: 'coinbase', symbol: 'BTC-USDT' },
        ],
      },
    ],
  ])('accepts %s', (_label, body) => {
    expect(fieldOf(body)).toBeUndefined();
  });

  it('normalises what it stores: rates, sorted expiries, unique sorted holidays, cents, an empty message as null', () => {
    const next = applyPatch(
      current,
      {
        expiries: [
          { seconds: 300, payoutRate: '.80' },
          { seconds: 30, payoutRate: '0.8500' },
        ],
        holidays: ['2026-12-25', '2026-01-01', '2026-12-25'],
        minStake: 10,
        maxStake: '2500.5',
        maintenanceMessage: '  ',
      },
      'ETHUSDT',
    );
    expect(next.expiries).toEqual([
      { seconds: 30, payoutRate: '0.85' },
      { seconds: 300, payoutRate: '0.8' },
    ]);
    expect(next.holidays).toEqual(['2026-01-01', '2026-12-25']);
    expect([next.minStake, next.maxStake]).toEqual([1000, 250050]);
    expect(next.maintenanceMessage).toBeNull();
  });

  it("keeps a product's exchange markets in the exchanges' order, upper-cased; an empty list is simulated prices", () => {
    const next = applyPatch(
      current,
      {
        priceVenues: [
          { venue: 'kraken', symbol: 'eth/usdt' },
          { venue: 'binance', symbol: 'ETHUSDT' },
          { venue: 'okx', symbol: 'ETH-USDT' },
        ],
      },
      'ETHUSDT',
    );
    expect(next.priceVenues).toEqual([
      { venue: 'binance', symbol: 'ETHUSDT' },
      { venue: 'okx', symbol: 'ETH-USDT' },
      { venue: 'kraken', symbol: 'ETH/USDT' },
    ]);
    expect(diff(current, next).after).toEqual({ priceVenues: next.priceVenues });
    expect(applyPatch(next, { priceVenues: [] }, 'ETHUSDT').priceVenues).toEqual([]);
  });

  it('names only the changed fields, stakes as money', () => {
    const next = applyPatch(current, { maintenance: true, maxStake: '200.00', precision: 2 }, 'ETHUSDT');
    expect(diff(current, next)).toEqual({ before: { maintenance: false, maxStake: '100000.00' }, after: { maintenance: true, maxStake: '200.00' } });
  });
});

const NOW = Date.parse('2026-12-01T00:00:00Z');
const CHANGE_ID = '00000000-0000-4000-8000-0000000000c1';
const em = { name: 'the edit transaction' } as unknown as EntityManager;

const product = (over: Partial<ProductEntity> = {}): ProductEntity =>
  ({
    id: 'p1',
    symbol: 'ETHUSDT',
    category: 'crypto',
    sort: 0,
    updatedAt: new Date(NOW),
    ...current,
    minStake: '100',
    maxStake: '10000000',
    ...over,
  }) as ProductEntity;

const change = (over: Partial<ChangeRow> = {}): ChangeRow => ({
  id: CHANGE_ID,
  symbol: 'ETHUSDT',
  field: 'timezone',
  from_value: 'UTC',
  to_value: 'Asia/Taipei',
  effective_at: new Date(NOW + 3_600_000),
  status: 'pending',
  created_at: new Date(NOW - 60_000),
  decided_at: null,
  refused_reason: null,
  block_second: null,
  ...over,
});

/** The service on fakes: one product, no pending change, no open order, a clock at NOW, 24 h of notice. */
function setup(row: ProductEntity | null = product()) {
  const { sut: built, mocks } = newTestService(AdminProductsService, [
    [APP_CONFIG, { CATALOGUE_NOTICE_HOURS: 24 }],
    [Clock, { now: () => new Date(NOW) }],
  ]);
  const sut = built as AdminProductsService;
  mocks.get<DataSource>(DataSource).transaction.mockImplementation((async (fn: (em: EntityManager) => Promise<unknown>) => fn(em)) as never);
  const products = mocks.get<MarketRepository>(MarketRepository);
  products.lockProduct.mockResolvedValue(row);
  products.productById.mockImplementation(async () => row);
  const changes = mocks.get<CatalogueChangesRepository>(CatalogueChangesRepository);
  changes.pending.mockResolvedValue([]);
  changes.lastOpenExpiry.mockResolvedValue(null);
  changes.find.mockResolvedValue(change());
  changes.insert.mockImplementation(async (_em, c) => change({ id: c.id, field: c.field, from_value: c.from, to_value: c.to, effective_at: c.effectiveAt }));
  const market = mocks.get<MarketService>(MarketService);
  market.latestTick.mockResolvedValue({ seq: '1', t: new Date(NOW).toISOString(), price: '3000.00' } as never);
  const redis = mocks.get<{ publish: (channel: string, message: string) => Promise<number> }>(REDIS);
  redis.publish.mockResolvedValue(1);
  mocks.get<{ check: () => Promise<void> }>(MarketStatusWatcher).check.mockResolvedValue(undefined);
  return { sut, products, changes, market, redis, audit: mocks.get<AuditService>(AuditService) };
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
  );

describe('AdminProductsService.update', () => {
  it('writes the immediate fields at once, keeping the scheduled ones, and audits the difference', async () => {
    const { sut, products, changes, audit, redis, market } = setup();
    const r = await sut.update('ETHUSDT', { maxStake: '200.00', maintenance: true }, 'op1', '10.0.0.1');
    expect(products.updateSettings).toHaveBeenCalledWith(em, 'p1', expect.objectContaining({ maxStake: 20000, maintenance: true, timezone: 'UTC' }));
    expect(changes.insert).not.toHaveBeenCalled();
    expect(r.scheduled).toEqual([]);
    expect(audit.record).toHaveBeenCalledWith(
      expect.objectContaining({
        action: 'product.update',
        targetId: 'ETHUSDT',
        details: { symbol: 'ETHUSDT', before: { maintenance: false, maxStake: '100000.00' }, after: { maintenance: true, maxStake: '200.00' } },
      }),
      em,
    );
    expect(market.invalidate).toHaveBeenCalled();
    expect(redis.publish).toHaveBeenCalledWith(REDIS_CHANNELS.productsChanged, 'ETHUSDT');
  });

  it('schedules a session field at the earliest allowed time (the notice ahead) instead of writing it', async () => {
    const { sut, products, changes, audit } = setup();
    const r = await sut.update('ETHUSDT', { timezone: 'Asia/Taipei' }, 'op1', null);
    expect(products.updateSettings).not.toHaveBeenCalled();
    expect(changes.insert).toHaveBeenCalledWith(
      em,
      expect.objectContaining({ symbol: 'ETHUSDT', field: 'timezone', from: 'UTC', to: 'Asia/Taipei', effectiveAt: new Date(NOW + 24 * 3_600_000) }),
    );
    expect(r.scheduled).toMatchObject([{ field: 'timezone', to: 'Asia/Taipei', effectiveAt: new Date(NOW + 24 * 3_600_000).toISOString() }]);
    expect(audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'product.change_scheduled' }), em);
  });

  it('refuses a second pending change of the same field, and an unknown product', async () => {
    const taken = setup();
    taken.changes.pending.mockResolvedValue([change()]);
    expect(await codeOf(taken.sut.update('ETHUSDT', { timezone: 'Asia/Tokyo' }, 'op1', null))).toBe('CHANGE_ALREADY_SCHEDULED');
    expect(taken.changes.insert).not.toHaveBeenCalled();
    const unknown = setup(null);
    expect(await codeOf(unknown.sut.update('NOPEUSDT', { maintenance: true }, 'op1', null))).toBe('NOT_FOUND');
    expect(unknown.redis.publish).not.toHaveBeenCalled();
  });

  it('announces nothing when the patch changes nothing', async () => {
    const { sut, products, redis } = setup();
    await sut.update('ETHUSDT', { maintenance: false }, 'op1', null);
    expect(products.updateSettings).not.toHaveBeenCalled();
    expect(redis.publish).not.toHaveBeenCalled();
  });
});

describe('AdminProductsService.cancel', () => {
  it('cancels a pending change, audited, and tells every instance', async () => {
    const { sut, changes, audit, redis } = setup();
    await sut.cancel('ETHUSDT', CHANGE_ID, 'op1', null);
    expect(changes.decide).toHaveBeenCalledWith(em, CHANGE_ID, { status: 'cancelled', operatorId: 'op1' });
    expect(audit.record).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'product.change_cancelled', details: expect.objectContaining({ changeId: CHANGE_ID }) }),
      em,
    );
    expect(redis.publish).toHaveBeenCalledWith(REDIS_CHANNELS.productsChanged, 'ETHUSDT');
  });

  it("refuses an id that is no change of this product's (404), and one decided or too close to its time (409)", async () => {
    const { sut, changes } = setup();
    expect(await codeOf(sut.cancel('ETHUSDT', 'not-a-uuid', 'op1', null))).toBe('NOT_FOUND');
    expect(await codeOf(sut.cancel('BTCUSDT', CHANGE_ID, 'op1', null))).toBe('NOT_FOUND');
    changes.find.mockResolvedValueOnce(change({ status: 'applied' }));
    expect(await codeOf(sut.cancel('ETHUSDT', CHANGE_ID, 'op1', null))).toBe('ALREADY_DECIDED');
    changes.find.mockResolvedValueOnce(change({ effective_at: new Date(NOW + CANCEL_CUTOFF_MS) }));
    expect(await codeOf(sut.cancel('ETHUSDT', CHANGE_ID, 'op1', null))).toBe('ALREADY_DECIDED');
    expect(changes.decide).not.toHaveBeenCalled();
  });
});
