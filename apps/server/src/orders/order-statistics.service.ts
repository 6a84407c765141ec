import { Inject, Injectable } from '@nestjs/common';
import { createdRangeFor, formatCents, statisticsDays, sumStatistics, winRate, type StatisticsCounts, type StatisticsPeriod } from '@candor/domain';
import type { Locale, OrderStatistics, OrderStatisticsCounts } from '@candor/contracts';
import { Clock } from '../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { toCents } from '../database/rows.js';
import { MarketService } from '../market/market.service.js';
import { productName } from '../market/product-view.js';
import { OrdersRepository } from './orders.repository.js';

export interface StatisticsRequest {
  account: 'real' | 'demo';
  days: StatisticsPeriod;
  /** An IANA zone the query schema already checked; the platform's when the user gave none. */
  timezone?: string;
}

/**
 * The signed-in user's trade statistics: settled orders of one account over the last 7, 30 or 90 calendar days
 * in a time zone, each counted on the day its closing tick fell, summed in total, by day (every day, zeros
 * included) and by product. Open and voided orders are not counted (docs/internals.md, "Trade statistics").
 */
@Injectable()
export class OrderStatisticsService {
  constructor(
    private readonly repo: OrdersRepository,
    private readonly market: MarketService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async statistics(userId: string, q: StatisticsRequest, locale: Locale): Promise<OrderStatistics> {
    const timezone = q.timezone ?? this.config.PLATFORM_TIMEZONE;
    const { dates, bounds } = statisticsDays(this.clock.now(), q.days, timezone);
    const from = bounds[0]!;
    const to = bounds[bounds.length - 1]!;
    const { createdFrom, createdTo } = createdRangeFor(from, to);
    const [rows, products] = await Promise.all([
      this.repo.statistics(userId, q.account, bounds, { from: createdFrom, to: createdTo }),
      this.market.allProductRows(),
    ]);
    const sums = sumStatistics(
      rows.map((r) => ({
        day: Number(r.day) - 1,
        symbol: r.symbol,
        orders: Number(r.orders),
        wins: Number(r.wins),
        losses: Number(r.losses),
        ties: Number(r.ties),
        stakedCents: toCents(r.staked),
        paidOutCents: toCents(r.paid_out),
        netCents: toCents(r.net),
      })),
      dates,
    );
    const bySymbol = new Map(products.map((p) => [p.symbol, p]));
    return {
      account: q.account,
      days: q.days,
      timezone,
      from: from.toISOString(),
      to: to.toISOString(),
      totals: counts(sums.totals),
      byDay: sums.byDay.map((d) => ({ date: d.date, ...counts(d) })),
      byProduct: sums.byProduct.map((p) => {
        const row = bySymbol.get(p.symbol);
        return { symbol: p.symbol, name: row ? productName(row, locale) : p.symbol, ...counts(p) };
      }),
    };
  }
}

/** Counts as the wire shows them: the win rate from wins and losses, money as 2-decimal strings. */
function counts(c: StatisticsCounts): OrderStatisticsCounts {
  return {
    orders: c.orders,
    wins: c.wins,
    losses: c.losses,
    ties: c.ties,
    winRate: winRate(c.wins, c.losses),
    staked: formatCents(c.stakedCents),
    paidOut: formatCents(c.paidOutCents),
    net: formatCents(c.netCents),
  };
}
