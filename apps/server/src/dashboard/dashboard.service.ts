import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AdminDashboard, DashboardOpenOrders } from '@candor/contracts';
import { formatCents, statisticsDays } from '@candor/domain';
import { REDIS_KEYS } from '@candor/cross-process';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { Clock } from '../common/clock.js';
import { REDIS } from '../redis/redis.module.js';
import { toCents } from '../database/rows.js';
import { QueuesDashboard } from '../ops/queues-dashboard.js';
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
    private readonly clock: Clock,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async figures(): Promise<AdminDashboard> {
    const now = this.clock.now();
    const timezone = this.config.PLATFORM_TIMEZONE;
    const { dates, bounds } = statisticsDays(now, HOUSE_DAYS, timezone);
    const todayStart = bounds[bounds.length - 2]!;
    const [newToday, waiting, open, house, earn, jobs, ledger] = await Promise.all([
      this.repo.newUsersSince(todayStart),
      this.repo.waiting(),
      this.repo.openOrders(),
      this.repo.houseByDay(bounds),
      this.repo.earn(todayStart),
      this.jobs.counts(),
      this.lastLedgerCheck(),
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
    };
  }

  /** The worker's last scheduled ledger check (ledger-check.processor.ts keeps it in Redis); null before the first or when unreadable. */
  private async lastLedgerCheck(): Promise<AdminDashboard['ledger']> {
    try {
      const raw = await this.redis.get(REDIS_KEYS.ledgerCheckLast);
      const v = raw ? (JSON.parse(raw) as { ok?: unknown; accounts?: unknown; imbalance?: unknown; checkedAt?: unknown }) : null;
      if (!v || typeof v.checkedAt !== 'string' || typeof v.ok !== 'boolean') return null;
      return {
        checkedAt: v.checkedAt,
        ok: v.ok,
        accounts: typeof v.accounts === 'number' ? v.accounts : 0,
        imbalance: typeof v.imbalance === 'string' ? v.imbalance : '0.00',
      };
    } catch {
      return null;
    }
  }
}
