import { describe, expect, it } from '@jest/globals';
import type { ProductEntity } from '@candor/db';
import { newTestService } from '../../test/utils.js';
import { Clock } from '../common/clock.js';
import { APP_CONFIG } from '../config/config.js';
import { MarketService } from '../market/market.service.js';
import { OrderStatisticsService } from './order-statistics.service.js';
import { OrdersRepository, type StatisticsRow } from './orders.repository.js';

// 2026-03-10 11:00 in Taipei.
const NOW = new Date('2026-03-10T03:00:00Z');
const row = (day: number, symbol: string, o: Partial<StatisticsRow>): StatisticsRow => ({
  day,
  symbol,
  orders: 0,
  wins: 0,
  losses: 0,
  ties: 0,
  staked: '0',
  paid_out: '0',
  net: '0',
  ...o,
});

function setup(rows: StatisticsRow[]) {
  const clock: Clock = { now: () => NOW };
  const { sut: built, mocks } = newTestService(OrderStatisticsService, [
    [APP_CONFIG, { PLATFORM_TIMEZONE: 'Asia/Taipei' }],
    [Clock, clock],
  ]);
  const sut = built as OrderStatisticsService;
  const repo = mocks.get<OrdersRepository>(OrdersRepository);
  repo.statistics.mockResolvedValue(rows);
  const products = [{ symbol: 'BTCUSDT', names: { 'zh-TW': '比特幣', en: 'Bitcoin' } }] as unknown as ProductEntity[];
  mocks.get<MarketService>(MarketService).allProductRows.mockResolvedValue(products);
  return { sut, repo };
}

describe('OrderStatisticsService', () => {
  it('asks for the period in the platform zone, by the created_at range around it, and answers the wire shape', async () => {
    const { sut, repo } = setup([
      // width_bucket's days are 1-based: 7 is today.
      row(7, 'BTCUSDT', { orders: 3, wins: 2, losses: 1, staked: '6000', paid_out: '7400', net: '1400' }),
      row(1, 'ETHUSDT', { orders: 1, ties: 1, staked: '1', paid_out: '1', net: '0' }),
    ]);
    const s = await sut.statistics('u1', { account: 'real', days: 7 }, 'en');
    const [userId, account, bounds, created] = repo.statistics.mock.calls[0]!;
    expect([userId, account]).toEqual(['u1', 'real']);
    expect(bounds.map((b) => b.toISOString())).toHaveLength(8);
    expect(bounds[0]!.toISOString()).toBe('2026-03-03T16:00:00.000Z');
    expect(created.from.getTime()).toBeLessThan(bounds[0]!.getTime() - 86_400_000);
    expect(s).toMatchObject({ account: 'real', days: 7, timezone: 'Asia/Taipei', from: '2026-03-03T16:00:00.000Z', to: '2026-03-10T16:00:00.000Z' });
    expect(s.totals).toEqual({ orders: 4, wins: 2, losses: 1, ties: 1, winRate: '0.6667', staked: '60.01', paidOut: '74.01', net: '14.00' });
    expect(s.byDay[0]).toMatchObject({ date: '2026-03-04', orders: 1, net: '0.00', winRate: null });
    expect(s.byDay[6]).toMatchObject({ date: '2026-03-10', orders: 3, net: '14.00', winRate: '0.6667' });
    expect(s.byDay.slice(1, 6).every((d) => d.orders === 0 && d.net === '0.00')).toBe(true);
    // A listed product by its name in the language asked for; one no longer listed by its symbol.
    expect(s.byProduct.map((p) => [p.symbol, p.name])).toEqual([
      ['BTCUSDT', 'Bitcoin'],
      ['ETHUSDT', 'ETHUSDT'],
    ]);
  });

  it('cuts the days in the zone asked for', async () => {
    const { sut, repo } = setup([]);
    const s = await sut.statistics('u1', { account: 'demo', days: 30, timezone: 'America/New_York' }, 'zh-TW');
    expect(s.timezone).toBe('America/New_York');
    expect(s.byDay).toHaveLength(30);
    expect(s.byDay[29]!.date).toBe('2026-03-09'); // 23:00 on the 9th in New York
    expect(repo.statistics.mock.calls[0]![1]).toBe('demo');
    expect(s.totals.winRate).toBeNull();
  });
});
