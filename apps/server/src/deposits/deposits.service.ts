import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  DEFAULT_LOCALE,
  type AdminDeposit,
  type AdminDepositMethod,
  type CreateDepositBody,
  type Deposit,
  type DepositMethod,
  type DepositMethodBody,
  type Locale,
  type Page,
  type PatchDepositMethodBody,
} from '@candor/contracts';
import { approvalsRequired as approvalsRequiredFor, formatCents, MAX_AMOUNT_CENTS, parseMoney, reviewWithdrawal } from '@candor/domain';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DomainError } from '../common/domain-error.js';
import { answerOrRethrow, findIdempotent, idempotencyClaim, runIdempotent, type IdempotentResult } from '../common/idempotency.js';
import { isUuid, keysetCursor, parseKeysetCursor } from '../common/keyset.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { toCents } from '../database/rows.js';
import { AuditService } from '../admin/audit.service.js';
import { SystemMessages } from '../messages/system-messages.js';
import { EventBus } from '../events/event-bus.js';
import { ApprovalsRepository } from '../approvals/approvals.repository.js';
import { approvalsNeeded, secondApprovalCents } from '../approvals/four-eyes.js';
import { LimitsService } from '../limits/limits.service.js';
import { DepositsRepository, type AdminDepositRow, type DepositMethodRow, type DepositRow } from './deposits.repository.js';

const inLocale = (texts: Record<string, string> | undefined, locale: Locale): string => texts?.[locale] || texts?.[DEFAULT_LOCALE] || '';

export function toDeposit(r: DepositRow, locale: Locale): Deposit {
  return {
    id: r.id,
    orderNo: r.order_no,
    amount: formatCents(toCents(r.amount)),
    status: r.status,
    reason: r.reason,
    reference: r.reference,
    method: { id: r.method_id, type: r.method.type, name: inLocale(r.method.names, locale) },
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
    timeline: r.timeline,
    approvals: r.approvals,
    approvalsRequired: r.approvals_required,
    slip: r.slip_upload_id !== null,
  };
}

function toMethod(m: DepositMethodRow, locale: Locale): DepositMethod {
  return {
    id: m.id,
    type: m.type,
    name: inLocale(m.names, locale),
    details: m.details,
    instructions: inLocale(m.instructions, locale),
    minAmount: formatCents(toCents(m.min_amount)),
    maxAmount: formatCents(toCents(m.max_amount)),
  };
}

function toAdminMethod(m: DepositMethodRow): AdminDepositMethod {
  return { ...toMethod(m, DEFAULT_LOCALE), names: m.names, instructions: m.instructions, enabled: m.enabled, sort: m.sort };
}

/** Money in: the user says what they sent by which method; a reviewer's approval credits it (deposits_clearing -> cash), once. */
@Injectable()
export class DepositsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly ledger: LedgerService,
    private readonly deposits: DepositsRepository,
    private readonly audit: AuditService,
    private readonly messages: SystemMessages,
    private readonly events: EventBus,
    private readonly approvals: ApprovalsRepository,
    private readonly limits: LimitsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async methods(locale: Locale): Promise<DepositMethod[]> {
    return (await this.deposits.methods(true)).map((m) => toMethod(m, locale));
  }

  async adminMethods(): Promise<AdminDepositMethod[]> {
    return (await this.deposits.methods(false)).map(toAdminMethod);
  }

  async saveMethod(operatorId: string, id: string | null, body: DepositMethodBody | PatchDepositMethodBody, ip: string | null): Promise<AdminDepositMethod> {
    if (id !== null && !isUuid(id)) throw new DomainError('NOT_FOUND');
    const before = id ? await this.deposits.method(id) : null;
    if (id && !before) throw new DomainError('NOT_FOUND');
    const money = (v: unknown, field: string, fallback?: string): number => {
      const c = v === undefined && fallback !== undefined ? toCents(fallback) : parseMoney(v);
      if (c === null || c <= 0 || c > MAX_AMOUNT_CENTS) throw new DomainError('VALIDATION_FAILED', field);
      return c;
    };
    const min = money(body.minAmount, 'minAmount', before?.min_amount);
    const max = money(body.maxAmount, 'maxAmount', before?.max_amount);
    if (max < min) throw new DomainError('VALIDATION_FAILED', 'maxAmount');
    const type = body.type ?? before?.type;
    const names = (body.names ?? before?.names) as Record<string, string> | undefined;
    const details = body.details ?? before?.details;
    if (!type) throw new DomainError('VALIDATION_FAILED', 'type');
    if (!names?.[DEFAULT_LOCALE]) throw new DomainError('VALIDATION_FAILED', 'names');
    if (!details) throw new DomainError('VALIDATION_FAILED', 'details');
    const saved = await this.ledger.transaction(async (em) => {
      const row = await this.deposits.saveMethod(em, id, {
        type,
        names,
        details,
        instructions: (body.instructions ?? before?.instructions ?? {}) as Record<string, string>,
        min,
        max,
        enabled: body.enabled ?? before?.enabled ?? true,
        sort: body.sort ?? before?.sort ?? 0,
      });
      await this.audit.record(
        {
          operatorId,
          action: id ? 'deposit_method.update' : 'deposit_method.create',
          targetType: 'deposit_method',
          targetId: row.id,
          details: { before: before ? toAdminMethod(before) : null, after: toAdminMethod(row) },
          ip,
        },
        em,
      );
      return row;
    });
    return toAdminMethod(saved);
  }

  /**
   * Deletes a deposit method no deposit was ever made with; one that was used stays (its deposits name it) and can
   * only be disabled: `409 DEPOSIT_METHOD_IN_USE`. Audited with the method as it was.
   */
  async deleteMethod(operatorId: string, id: string, ip: string | null): Promise<void> {
    if (!isUuid(id)) throw new DomainError('NOT_FOUND');
    await this.ledger.transaction(async (em) => {
      const before = await this.deposits.lockMethod(em, id);
      if (!before) throw new DomainError('NOT_FOUND');
      if (await this.deposits.methodUsed(em, id)) throw new DomainError('DEPOSIT_METHOD_IN_USE');
      await this.deposits.deleteMethod(em, id);
      await this.audit.record(
        { operatorId, action: 'deposit_method.delete', targetType: 'deposit_method', targetId: id, details: { before: toAdminMethod(before) }, ip },
        em,
      );
    });
  }

  async create(userId: string, body: CreateDepositBody, key: string | undefined, locale: Locale): Promise<IdempotentResult<Deposit>> {
    const amount = parseMoney(body.amount);
    if (amount === null) throw new DomainError('VALIDATION_FAILED', 'amount');
    const claim = idempotencyClaim(key, userId, 'deposit', { methodId: body.methodId, amount, reference: body.reference ?? null });
    if (claim) {
      const earlier = await findIdempotent<Deposit>(this.ds.manager, claim);
      if (earlier) return earlier;
    }
    try {
      const method = isUuid(body.methodId) ? await this.deposits.method(body.methodId) : null;
      if (!method || !method.enabled) throw new DomainError('VALIDATION_FAILED', 'methodId');
      if (amount < toCents(method.min_amount) || amount > toCents(method.max_amount)) throw new DomainError('AMOUNT_OUT_OF_RANGE', 'amount');
      return await runIdempotent(
        (fn) => this.ledger.transaction(fn),
        claim,
        201,
        async (em) => {
          // The user's own limits, with their limits row locked: a parallel deposit waits for this one's commit.
          await this.limits.guardDeposit(em, userId, amount);
          // At or above the threshold on its own it needs two approvals from the start (the sum rule may add one later).
          const approvalsRequired = approvalsRequiredFor(amount, secondApprovalCents(this.config));
          return toDeposit(await this.deposits.insert(em, { userId, method, amount, reference: body.reference || null, approvalsRequired }), locale);
        },
        this.ds.manager,
      );
    } catch (e) {
      return answerOrRethrow<Deposit>(this.ds.manager, claim, e);
    }
  }

  async list(userId: string, q: { limit?: number; cursor?: string }, locale: Locale): Promise<Page<Deposit>> {
    const limit = q.limit ?? 20;
    const rows = await this.deposits.listForUser(userId, limit + 1, parseKeysetCursor(q.cursor));
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items: items.map((r) => toDeposit(r, locale)), nextCursor: rows.length > limit && last ? keysetCursor(last.created_at, last.id) : null };
  }

  async get(userId: string, id: string, locale: Locale): Promise<Deposit> {
    const row = isUuid(id) ? await this.deposits.get(userId, id) : null;
    if (!row) throw new DomainError('NOT_FOUND');
    return toDeposit(row, locale);
  }

  /** A page of one status, oldest first; `nextCursor` continues after the last row, so no row is shown twice or skipped. */
  async listForReview(q: { status?: Deposit['status']; limit?: number; cursor?: string }): Promise<Page<AdminDeposit>> {
    const limit = q.limit ?? 50;
    const rows = await this.deposits.listForReview(q.status ?? 'in_review', limit + 1, parseKeysetCursor(q.cursor));
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items: items.map(toAdminDeposit), nextCursor: rows.length > limit && last ? keysetCursor(last.position, last.id) : null };
  }

  /**
   * One decision: the row locked, the status, the credit, the audit line and the user's message in one
   * transaction; `deposit.decided` and `account.changed` are published after it commits. Four eyes as for
   * withdrawals (the same rule): once what this operator approved for this user lately reaches the
   * threshold, the approval is the first of two and the deposit stays in review for another operator.
   */
  async decide(operatorId: string, id: string, action: 'approve' | 'reject', reason: string | null, ip: string | null): Promise<Deposit> {
    if (!isUuid(id)) throw new DomainError('NOT_FOUND');
    const { row, final, messageId } = await this.ledger.transaction(async (em) => {
      const current = await this.deposits.lock(em, id);
      if (!current) throw new DomainError('NOT_FOUND');
      const amount = toCents(current.amount);
      const approval =
        action === 'approve' && current.status === 'in_review'
          ? { kind: 'deposit' as const, requestId: id, userId: current.user_id, operatorId, amount }
          : null;
      const required = approval ? await approvalsNeeded(this.approvals, em, this.config, approval, current.approvals_required) : current.approvals_required;
      const outcome = reviewWithdrawal(
        { status: current.status, approvals: current.approvals, approvalsRequired: required, firstApproverId: current.first_approver_id },
        { kind: action, operatorId },
      );
      if (!outcome.ok) throw new DomainError(outcome.error);
      const status = outcome.next.status;
      if (status === 'cancelled') throw new DomainError('ALREADY_DECIDED'); // not reachable: only a user's cancel leads there
      if (approval) await this.approvals.record(em, approval);
      const updated = await this.deposits.decide(em, id, { ...outcome.next, status }, operatorId, reason);
      if (outcome.money === 'pay') await this.credit(em, current.user_id, id, amount);
      await this.audit.record(
        {
          operatorId,
          action: action === 'approve' ? 'deposit.approve' : 'deposit.reject',
          targetType: 'deposit',
          targetId: id,
          userId: current.user_id,
          details: {
            orderNo: current.order_no,
            amount: formatCents(amount),
            before: current.status,
            after: status,
            approvals: outcome.next.approvals,
            approvalsRequired: outcome.next.approvalsRequired,
            ...(reason ? { reason } : {}),
          },
          ip,
        },
        em,
      );
      if (status === 'in_review') return { row: updated, final: null, messageId: null };
      const vars = { orderNo: current.order_no, amount: formatCents(amount), reason: reason ?? '' };
      const approved = outcome.money === 'pay';
      const messageId = await this.messages.write(em, current.user_id, approved ? 'depositApproved' : 'depositRejected', vars);
      return { row: updated, final: { approved }, messageId };
    });
    if (final && messageId) {
      await this.events.publish('deposit.decided', { userId: row.user_id, depositId: row.id, approved: final.approved, messageId });
      await this.events.publish('account.changed', { userId: row.user_id });
    }
    return toDeposit(row, DEFAULT_LOCALE);
  }

  /** deposits_clearing -> the user's cash, once per deposit. */
  private async credit(em: EntityManager, userId: string, depositId: string, amount: number): Promise<void> {
    const ids = await this.ledger.userAccountIds(em, userId);
    await this.ledger.post(em, {
      type: 'deposit',
      userId,
      refType: 'deposit',
      refId: depositId,
      uniqueKey: `deposit:${depositId}`,
      postings: [
        { accountId: await this.ledger.platformAccountId(em, 'deposits_clearing'), amount: -amount },
        { accountId: ids.cash, amount },
      ],
    });
  }
}

function toAdminDeposit(r: AdminDepositRow): AdminDeposit {
  return {
    ...toDeposit(r, DEFAULT_LOCALE),
    userId: r.user_id,
    userEmail: r.email,
    firstApproverId: r.first_approver_id,
    balances: { available: formatCents(toCents(r.available)), held: formatCents(toCents(r.held)) },
  };
}
