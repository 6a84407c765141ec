import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AdminWithdrawal, Page, RequestWithdrawalBody, Withdrawal } from '@candor/contracts';
import {
  approvalsRequired,
  formatCents,
  maskAddress,
  maskCardNumber,
  MAX_AMOUNT_CENTS,
  parseMoney,
  reviewWithdrawal,
  type WithdrawalReviewAction,
} from '@candor/domain';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DomainError } from '../common/domain-error.js';
import { isUuid, keysetCursor, parseKeysetCursor } from '../common/keyset.js';
import { answerOrRethrow, findIdempotent, idempotencyClaim, runIdempotent, type IdempotentResult } from '../common/idempotency.js';
import { TradePasswordService } from '../auth/trade-password.service.js';
import { UserTotpService } from '../auth/totp/user-totp.service.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { toCents } from '../database/rows.js';
import { AuditService } from '../admin/audit.service.js';
import { SystemMessages } from '../messages/system-messages.js';
import { EventBus } from '../events/event-bus.js';
import { UsersRepository } from '../users/users.repository.js';
import { ApprovalsRepository } from '../approvals/approvals.repository.js';
import { approvalsNeeded, secondApprovalCents } from '../approvals/four-eyes.js';
import { WithdrawalAccountRepository } from './withdrawal-account.repository.js';
import { WithdrawalsRepository, type AdminWithdrawalRow, type WithdrawalRow } from './withdrawals.repository.js';

export function toWithdrawal(r: WithdrawalRow): Withdrawal {
  const a = r.account;
  return {
    id: r.id,
    orderNo: r.order_no,
    amount: formatCents(toCents(r.amount)),
    status: r.status,
    reason: r.reason,
    method: {
      type: a.type === 'crypto' ? 'crypto' : 'bank',
      masked: a.card_number ? maskCardNumber(a.card_number) : maskAddress(a.currency_address ?? ''),
      network: a.network ?? null,
      bank: a.bank ?? null,
    },
    approvals: r.approvals,
    approvalsRequired: r.approvals_required,
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
    timeline: r.timeline,
  };
}

function toAdminWithdrawal(r: AdminWithdrawalRow): AdminWithdrawal {
  const { method: _method, ...rest } = toWithdrawal(r);
  return {
    ...rest,
    userId: r.user_id,
    userEmail: r.email,
    account: r.account,
    firstApproverId: r.first_approver_id,
    balances: { available: formatCents(toCents(r.available)), held: formatCents(toCents(r.held)) },
  };
}

/**
 * Withdrawals: the amount is held (cash -> hold) when requested, so it cannot be spent twice; the
 * review pays it out (hold -> withdrawals_clearing) or gives it back (hold -> cash), exactly once, in
 * the transaction that records the decision. The rule of who may decide what is libs/domain's.
 */
@Injectable()
export class WithdrawalsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ledger: LedgerService,
    private readonly accounts: WithdrawalAccountRepository,
    private readonly withdrawals: WithdrawalsRepository,
    private readonly tradePassword: TradePasswordService,
    private readonly audit: AuditService,
    private readonly messages: SystemMessages,
    private readonly events: EventBus,
    private readonly approvals: ApprovalsRepository,
    private readonly users: UsersRepository,
    private readonly totp: UserTotpService,
  ) {}

  async request(userId: string, body: RequestWithdrawalBody, key: string | undefined, ip = ''): Promise<IdempotentResult<Withdrawal>> {
    const amount = parseMoney(body.amount);
    if (amount === null) throw new DomainError('VALIDATION_FAILED', 'amount');
    if (amount <= 0 || amount > MAX_AMOUNT_CENTS) throw new DomainError('AMOUNT_OUT_OF_RANGE', 'amount');
    const claim = idempotencyClaim(key, userId, 'withdrawal', { amount });
    if (claim) {
      const earlier = await findIdempotent<Withdrawal>(this.ds.manager, claim);
      if (earlier) return earlier;
    }
    try {
      // Before the trade password, so a refused try costs none of its attempts: money leaves only for a confirmed address.
      if (!(await this.users.isEmailConfirmed(userId))) throw new DomainError('EMAIL_NOT_CONFIRMED');
      // Money leaves only to a verified person; trading and deposits need no verification.
      if (!(await this.users.isKycVerified(userId))) throw new DomainError('KYC_REQUIRED');
      const account = await this.accounts.find(userId);
      if (!account) throw new DomainError('WITHDRAWAL_ACCOUNT_NOT_BOUND');
      if (account.hold_until && account.hold_until.getTime() > Date.now()) {
        throw new DomainError('WITHDRAWAL_HOLD_ACTIVE', undefined, {}, { holdUntil: account.hold_until.toISOString() });
      }
      if (!body.tradePassword) throw new DomainError('VALIDATION_FAILED', 'tradePassword');
      // With two-factor on: a missing code is refused before the password is judged, a code is judged only after it.
      const second = await this.totp.demand(userId, body.totp);
      await this.tradePassword.verify(userId, body.tradePassword);
      if (second) await this.totp.verify(second, body.totp, ip);
      const { hold_until: _hold, updated_at: _updated, ...snapshot } = account;
      const result = await runIdempotent(
        (fn) => this.ledger.transaction(fn),
        claim,
        201,
        async (em) => {
          const row = await this.withdrawals.insert(em, {
            userId,
            amount,
            account: snapshot,
            approvalsRequired: approvalsRequired(amount, secondApprovalCents(this.config)),
          });
          const ids = await this.ledger.userAccountIds(em, userId);
          await this.ledger.post(em, {
            type: 'withdrawal',
            userId,
            refType: 'withdrawal',
            refId: row.id,
            uniqueKey: `withdrawal-hold:${row.id}`,
            postings: [
              { accountId: ids.cash, amount: -amount },
              { accountId: ids.hold, amount },
            ],
          });
          return toWithdrawal(row);
        },
        this.ds.manager,
      );
      if (!result.replayed) {
        await this.events.publish('account.changed', { userId });
        await this.events.publish('withdrawal.requested', { userId, withdrawalId: result.body.id, amount });
      }
      return result;
    } catch (e) {
      return answerOrRethrow<Withdrawal>(this.ds.manager, claim, e);
    }
  }

  async list(userId: string, q: { limit?: number; cursor?: string }): Promise<Page<Withdrawal>> {
    const limit = q.limit ?? 20;
    const rows = await this.withdrawals.listForUser(userId, limit + 1, parseKeysetCursor(q.cursor));
    const items = rows.slice(0, limit);
    return {
      items: items.map(toWithdrawal),
      nextCursor: rows.length > limit ? keysetCursor(items[items.length - 1]!.created_at, items[items.length - 1]!.id) : null,
    };
  }

  async get(userId: string, id: string): Promise<Withdrawal> {
    const row = isUuid(id) ? await this.withdrawals.get(userId, id) : null;
    if (!row) throw new DomainError('NOT_FOUND');
    return toWithdrawal(row);
  }

  cancel(userId: string, id: string): Promise<Withdrawal> {
    return this.decide(id, { kind: 'cancel' }, userId).then(toWithdrawal);
  }

  /** A page of one status, oldest first; `nextCursor` continues after the last row, so no row is shown twice or skipped. */
  async listForReview(q: { status?: Withdrawal['status']; limit?: number; cursor?: string }): Promise<Page<AdminWithdrawal>> {
    const limit = q.limit ?? 50;
    const rows = await this.withdrawals.listForReview(q.status ?? 'in_review', limit + 1, parseKeysetCursor(q.cursor));
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items: items.map(toAdminWithdrawal), nextCursor: rows.length > limit && last ? keysetCursor(last.position, last.id) : null };
  }

  async approve(operatorId: string, id: string, ip: string | null): Promise<Withdrawal> {
    return toWithdrawal(await this.decide(id, { kind: 'approve', operatorId }, undefined, ip));
  }

  async reject(operatorId: string, id: string, reason: string, ip: string | null): Promise<Withdrawal> {
    return toWithdrawal(await this.decide(id, { kind: 'reject', operatorId }, undefined, ip, reason));
  }

  /**
   * One decision: the row locked, the rule applied, the status, the timeline, the money, the audit line and the
   * user's message in one transaction; after the commit `withdrawal.decided` (once final) and `account.changed`.
   */
  private async decide(id: string, action: WithdrawalReviewAction, userId?: string, ip: string | null = null, reason?: string): Promise<WithdrawalRow> {
    if (!isUuid(id)) throw new DomainError('NOT_FOUND');
    const { updated, messageId } = await this.ledger.transaction(async (em) => {
      const row = await this.withdrawals.lock(em, id, userId);
      if (!row) throw new DomainError('NOT_FOUND');
      const approval =
        action.kind === 'approve' && row.status === 'in_review'
          ? { kind: 'withdrawal' as const, requestId: id, userId: row.user_id, operatorId: action.operatorId, amount: toCents(row.amount) }
          : null;
      // Four eyes over what this operator approved for this user lately, not only over this one request.
      const required = approval ? await approvalsNeeded(this.approvals, em, this.config, approval, row.approvals_required) : row.approvals_required;
      const outcome = reviewWithdrawal(
        { status: row.status, approvals: row.approvals, approvalsRequired: required, firstApproverId: row.first_approver_id },
        action,
      );
      if (!outcome.ok) throw new DomainError(outcome.error);
      if (approval) await this.approvals.record(em, approval);
      const step = outcome.next.status === 'in_review' ? 'approved_once' : outcome.next.status;
      const updated = await this.withdrawals.update(em, id, { ...outcome.next, reason: reason ?? null }, step);
      if (outcome.money !== 'none') await this.moveHeld(em, row, outcome.money);
      if (action.kind !== 'cancel') {
        await this.audit.record(
          {
            operatorId: action.operatorId,
            action: action.kind === 'approve' ? 'withdrawal.approve' : 'withdrawal.reject',
            targetType: 'withdrawal',
            targetId: id,
            userId: row.user_id,
            details: {
              orderNo: row.order_no,
              amount: formatCents(toCents(row.amount)),
              before: row.status,
              after: outcome.next.status,
              approvals: outcome.next.approvals,
              approvalsRequired: outcome.next.approvalsRequired,
              ...(reason ? { reason } : {}),
            },
            ip,
          },
          em,
        );
      }
      // The user hears of an operator's final decision; their own cancel needs no message.
      const key = action.kind === 'cancel' || outcome.money === 'none' ? null : outcome.money === 'pay' ? 'withdrawalPaid' : 'withdrawalRejected';
      const vars = { orderNo: row.order_no, amount: formatCents(toCents(row.amount)), reason: reason ?? '' };
      return { updated, messageId: key ? await this.messages.write(em, row.user_id, key, vars) : null };
    });
    if (updated.status !== 'in_review') {
      await this.events.publish('withdrawal.decided', { userId: updated.user_id, withdrawalId: updated.id, status: updated.status, messageId });
    }
    await this.events.publish('account.changed', { userId: updated.user_id });
    return updated;
  }

  private async moveHeld(em: EntityManager, row: WithdrawalRow, money: 'pay' | 'refund'): Promise<void> {
    const amount = toCents(row.amount);
    const ids = await this.ledger.userAccountIds(em, row.user_id);
    const to = money === 'pay' ? await this.ledger.platformAccountId(em, 'withdrawals_clearing') : ids.cash;
    await this.ledger.post(em, {
      type: money === 'pay' ? 'withdrawal' : 'withdrawal_refund',
      userId: row.user_id,
      refType: 'withdrawal',
      refId: row.id,
      uniqueKey: `withdrawal-${money}:${row.id}`,
      postings: [
        { accountId: ids.hold, amount: -amount },
        { accountId: to, amount },
      ],
    });
  }
}
