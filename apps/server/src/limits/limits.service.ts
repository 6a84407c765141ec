import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { LimitsResponse, PendingLimitChange, PutLimitsBody, ResponsibleLimits } from '@candor/contracts';
import {
  extendUntil,
  firstExceeded,
  formatCents,
  limitPeriod,
  LIMIT_NAMES,
  MAX_AMOUNT_CENTS,
  MAX_ORDER_DURATION_MS,
  MAX_CLOSE_AFTER_EXPIRY_MS,
  MONEY_LIMITS,
  parseMoney,
  requestLimits,
  resolveLimits,
  selfExclusionEnd,
  timeOutEnd,
  type LimitName,
  type Limits,
  type LimitsState,
  type LimitUse,
} from '@candor/domain';
import { Clock } from '../common/clock.js';
import { DomainError } from '../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { toCents } from '../database/rows.js';
import { EventBus } from '../events/event-bus.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { SystemMessages } from '../messages/system-messages.js';
import { LimitsRepository, type LimitsRow } from './limits.repository.js';

const COLUMN: Record<LimitName, keyof LimitsRow> = {
  depositDay: 'deposit_day',
  depositWeek: 'deposit_week',
  depositMonth: 'deposit_month',
  lossDay: 'loss_day',
  lossWeek: 'loss_week',
  lossMonth: 'loss_month',
  stakePerOrder: 'stake_per_order',
  reminderMinutes: 'reminder_minutes',
};

const stateOf = (r: LimitsRow | null): LimitsState => ({
  limits: Object.fromEntries(
    LIMIT_NAMES.map((n) => {
      const v = r?.[COLUMN[n]] as string | number | null | undefined;
      return [n, v === null || v === undefined ? null : Number(v)];
    }),
  ) as Limits,
  pending: r?.pending ?? {},
});

const showValue = (name: LimitName, v: number | null): string | number | null => (v === null ? null : name === 'reminderMinutes' ? v : formatCents(v));

/**
 * Self-set responsible-trading limits (docs/responsible-trading.md). The user alone changes them: no operator route
 * reaches this service's writes. The guards run inside the transaction that places a real order, records a deposit or
 * moves money into Yu'e Bao, with the user's user_limits row locked, so parallel requests are checked one after another.
 */
@Injectable()
export class LimitsService {
  constructor(
    private readonly repo: LimitsRepository,
    private readonly ledger: LedgerService,
    private readonly messages: SystemMessages,
    private readonly events: EventBus,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async view(userId: string): Promise<LimitsResponse> {
    return this.answer(await this.repo.find(userId), this.clock.now());
  }

  /** Lower limits at once; higher or removed ones after the cooling-off, each with an inbox message when it starts. */
  async update(userId: string, body: PutLimitsBody): Promise<LimitsResponse> {
    const changes: Partial<Limits> = {};
    for (const name of MONEY_LIMITS) {
      const v = body[name];
      if (v === undefined) continue;
      if (v === null) changes[name] = null;
      else {
        const cents = parseMoney(v);
        if (cents === null || cents < 0 || cents > MAX_AMOUNT_CENTS) throw new DomainError('VALIDATION_FAILED', name);
        changes[name] = cents;
      }
    }
    if (body.reminderMinutes !== undefined) changes.reminderMinutes = body.reminderMinutes;
    const now = this.clock.now();
    const { row, messageIds } = await this.ledger.transaction(async (em) => {
      const current = await this.repo.lockOrCreate(em, userId);
      const { state, started } = requestLimits(resolveLimits(stateOf(current), now), changes, now);
      const next = this.rowOf(current, state);
      await this.repo.save(em, userId, next);
      const messageIds: string[] = [];
      for (const name of started) {
        const p = state.pending[name]!;
        const value = p.value === null ? '' : String(showValue(name, p.value));
        messageIds.push(
          await this.messages.write(em, userId, 'limitRaisePending', {
            name,
            value,
            effectiveAt: new Date(p.effectiveAtMs).toISOString().slice(0, 16).replace('T', ' '),
          }),
        );
      }
      return { row: next, messageIds };
    });
    if (messageIds.length > 0) await this.events.publish('limits.coolingOff', { userId, messageIds });
    return this.answer(row, now);
  }

  /** A time-out of `days` days: extends a running one, never shortens it. */
  timeOut(userId: string, days: number): Promise<LimitsResponse> {
    return this.restrict(userId, (r, now) => ({ ...r, time_out_until: extendUntil(r.time_out_until, timeOutEnd(now, days)) }));
  }

  /** A self-exclusion of `months` months: extends a running one, never shortens it. */
  selfExclude(userId: string, months: number): Promise<LimitsResponse> {
    return this.restrict(userId, (r, now) => ({ ...r, self_excluded_until: extendUntil(r.self_excluded_until, selfExclusionEnd(now, months)) }));
  }

  /** Whether a real order must take the checked path: the user keeps a limits row (set anything once). */
  async guardsOrders(userId: string): Promise<boolean> {
    return (await this.repo.find(userId)) !== null;
  }

  /**
   * In the order's transaction: refuses a real order during a time-out or self-exclusion (SELF_EXCLUDED), above the stake
   * limit, or when the stake with the losses of the period so far and the stakes of open real orders could pass a loss
   * limit (LIMIT_REACHED): every open stake counts as a possible loss, so orders placed side by side cannot overshoot.
   */
  async guardOrder(em: EntityManager, userId: string, stakeCents: number): Promise<void> {
    const row = await this.repo.find(userId, em, true);
    if (!row) return;
    const now = this.clock.now();
    this.refuseIfExcluded(row, now);
    const { limits } = resolveLimits(stateOf(row), now);
    if (limits.stakePerOrder !== null && stakeCents > limits.stakePerOrder) {
      throw new DomainError('LIMIT_REACHED', 'amount', {}, { limit: 'stakePerOrder' });
    }
    if (limits.lossDay === null && limits.lossWeek === null && limits.lossMonth === null) return;
    const [day, week, month] = this.periods(now);
    const createdFrom = new Date(
      Math.min(day.start.getTime(), week.start.getTime(), month.start.getTime()) - MAX_ORDER_DURATION_MS - MAX_CLOSE_AFTER_EXPIRY_MS,
    );
    const r = await this.repo.realResults(em, userId, day.start, week.start, month.start, createdFrom);
    const open = toCents(r.open_stakes);
    const lossOf = (pnl: string) => Math.max(0, -toCents(pnl)) + open;
    this.refuseIfExceeded(
      [
        { name: 'lossDay', limit: limits.lossDay, used: lossOf(r.pnl_day), resetsAt: day.end },
        { name: 'lossWeek', limit: limits.lossWeek, used: lossOf(r.pnl_week), resetsAt: week.end },
        { name: 'lossMonth', limit: limits.lossMonth, used: lossOf(r.pnl_month), resetsAt: month.end },
      ],
      stakeCents,
    );
  }

  /** In the deposit's transaction: refuses it during a time-out or self-exclusion, or past a deposit limit. */
  async guardDeposit(em: EntityManager, userId: string, amountCents: number): Promise<void> {
    const row = await this.repo.find(userId, em, true);
    if (!row) return;
    const now = this.clock.now();
    this.refuseIfExcluded(row, now);
    const { limits } = resolveLimits(stateOf(row), now);
    if (limits.depositDay === null && limits.depositWeek === null && limits.depositMonth === null) return;
    const [day, week, month] = this.periods(now);
    const used = await this.repo.depositsSince(em, userId, day.start, week.start, month.start);
    this.refuseIfExceeded(
      [
        { name: 'depositDay', limit: limits.depositDay, used: toCents(used.day), resetsAt: day.end },
        { name: 'depositWeek', limit: limits.depositWeek, used: toCents(used.week), resetsAt: week.end },
        { name: 'depositMonth', limit: limits.depositMonth, used: toCents(used.month), resetsAt: month.end },
      ],
      amountCents,
    );
  }

  /** In a Yu'e Bao transfer in's transaction: refused during a time-out or self-exclusion (a transfer out never is). */
  async guardTransferIn(em: EntityManager, userId: string): Promise<void> {
    const row = await this.repo.find(userId, em, true);
    if (row) this.refuseIfExcluded(row, this.clock.now());
  }

  private async restrict(userId: string, change: (r: LimitsRow, now: Date) => LimitsRow): Promise<LimitsResponse> {
    const now = this.clock.now();
    const row = await this.ledger.transaction(async (em) => {
      const current = await this.repo.lockOrCreate(em, userId);
      const next = change(this.rowOf(current, resolveLimits(stateOf(current), now)), now);
      await this.repo.save(em, userId, next);
      return next;
    });
    return this.answer(row, now);
  }

  private refuseIfExcluded(row: LimitsRow, now: Date): void {
    const t = row.time_out_until && row.time_out_until.getTime() > now.getTime() ? row.time_out_until : null;
    const s = row.self_excluded_until && row.self_excluded_until.getTime() > now.getTime() ? row.self_excluded_until : null;
    if (!t && !s) return;
    const self = s !== null && (t === null || s.getTime() >= t.getTime());
    const until = self ? s : t!;
    throw new DomainError('SELF_EXCLUDED', undefined, {}, { until: until.toISOString(), reason: self ? 'self_exclusion' : 'time_out' });
  }

  private refuseIfExceeded(uses: LimitUse[], adding: number): void {
    const hit = firstExceeded(uses, adding);
    if (hit) throw new DomainError('LIMIT_REACHED', 'amount', {}, { limit: hit.name, resetsAt: hit.resetsAt.toISOString() });
  }

  private periods(now: Date) {
    const tz = this.config.PLATFORM_TIMEZONE;
    return [limitPeriod(now, 'day', tz), limitPeriod(now, 'week', tz), limitPeriod(now, 'month', tz)] as const;
  }

  private rowOf(base: LimitsRow, state: LimitsState): LimitsRow {
    const out: LimitsRow = { ...base, pending: state.pending };
    for (const n of LIMIT_NAMES) {
      const v = state.limits[n];
      (out as unknown as Record<string, unknown>)[COLUMN[n]] = v === null ? null : n === 'reminderMinutes' ? v : String(v);
    }
    return out;
  }

  private answer(row: LimitsRow | null, now: Date): LimitsResponse {
    const { limits, pending } = resolveLimits(stateOf(row), now);
    const out: LimitsResponse = {
      limits: Object.fromEntries(LIMIT_NAMES.map((n) => [n, showValue(n, limits[n])])) as unknown as ResponsibleLimits,
      pending: (Object.entries(pending) as [LimitName, { value: number | null; effectiveAtMs: number }][])
        .map(([name, p]): PendingLimitChange => ({ name, value: showValue(name, p.value), effectiveAt: new Date(p.effectiveAtMs).toISOString() }))
        .sort((a, b) => LIMIT_NAMES.indexOf(a.name) - LIMIT_NAMES.indexOf(b.name)),
      timezone: this.config.PLATFORM_TIMEZONE,
    };
    if (row?.time_out_until && row.time_out_until.getTime() > now.getTime()) out.timeOutUntil = row.time_out_until.toISOString();
    if (row?.self_excluded_until && row.self_excluded_until.getTime() > now.getTime()) out.selfExcludedUntil = row.self_excluded_until.toISOString();
    return out;
  }
}
