import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AdminDashboard, DashboardOpenOrders } from '@candor/contracts';
import { formatCents, statisticsDays } from '@candor/domain';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { Clock } from '../common/clock.js';
import { REDIS } from '../redis/redis.module.js';
import { toCents } from '../database/rows.js';
import { QueuesDashboard } from '../ops/queues-dashboard.js';
import { readLastLedgerCheck } from '../ledger/last-ledger-check.js';
import { TransparencyCache } from '../transparency/transparency-cache.js';
import { DashboardRepository } from './dashboard.repository.js';
import { houseDays, queueFigure } from './dashboard-figures.js';

/** How many days the house's result chart shows (today last). */
export const HOUSE_DAYS = 30;

/**
 * The console's landing figures, read-only: "today" is the calendar day in the platform's time zone
 * (PLATFORM_TIMEZONE, the one trade statistics and the personal center use).
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly repo: DashboardRepository,
    private readonly jobs: QueuesDashboard,
    private readonly transparency: TransparencyCache,
    private readonly clock: Clock,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async figures(): Promise<AdminDashboard> {
    const now = this.clock.now();
    const timezone = this.config.PLATFORM_TIMEZONE;
    const { dates, bounds } = statisticsDays(now, HOUSE_DAYS, timezone);
    const todayStart = bounds[bounds.length - 2]!;
    const [newToday, waiting, open, house, earn, jobs, ledger, transparency] = await Promise.all([
      this.repo.newUsersSince(todayStart),
      this.repo.waiting(),
      this.repo.openOrders(),
      this.repo.houseByDay(bounds),
      this.repo.earn(todayStart),
      this.jobs.counts(),
      readLastLedgerCheck(this.redis),
      this.transparency.read(),
    ]);
    const openOf = (account: 'real' | 'demo'): DashboardOpenOrders => {
      const r = open.find((o) => o.account === account);
      return { count: r?.count ?? 0, stake: formatCents(toCents(r?.stake ?? 0)) };
    };
    const h = houseDays(dates, house);
    const confirmed = toCents(earn.confirmed);
    const pending = toCents(earn.pending);
    return {
      generatedAt: now.toISOString(),
      timezone,
      today: dates[dates.length - 1]!,
      users: { newToday },
      queues: {
        deposits: queueFigure(waiting.deposits, waiting.deposits_oldest, now),
        withdrawals: queueFigure(waiting.withdrawals, waiting.withdrawals_oldest, now),
        kyc: queueFigure(waiting.kyc, waiting.kyc_oldest, now),
      },
      openOrders: { real: openOf('real'), demo: openOf('demo') },
      house: { today: h.today, last30Days: h.total, byDay: h.byDay },
      earn: {
        balance: formatCents(confirmed + pending),
        confirmed: formatCents(confirmed),
        pending: formatCents(pending),
        incomeToday: formatCents(toCents(earn.income_today)),
        incomeTotal: formatCents(toCents(earn.income_total)),
      },
      jobs,
      ledger,
      transparency,
    };
  }
}
