import { Injectable } from '@nestjs/common';
import { hasPermission, type AdminUserDetail, type AdminUserRequest, type KycStatus } from '@candor/contracts';
import { formatCents, maskPhone } from '@candor/domain';
import { DomainError } from '../common/domain-error.js';
import type { AuthOperator } from '../auth/auth.guard.js';
import { SessionService } from '../auth/session.service.js';
import { OperatorReadsService } from './operator-reads.service.js';
import { UserDetailRepository, type UserRequestRow } from './user-detail.repository.js';

/** How many of each kind of activity the detail shows (the full lists are on their own pages). */
const RECENT = 10;
const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const cents = (v: string): string => formatCents(Number(v));
const toRequest = (r: UserRequestRow): AdminUserRequest => ({
  id: r.id,
  orderNo: r.order_no,
  amount: cents(r.amount),
  status: r.status,
  createdAt: iso(r.created_at)!,
});

/**
 * One user as an operator sees them: profile, verification, access and sessions for every role that reads
 * users; orders, deposits and withdrawals only with `users.money`. Each kind read is audited for the user.
 */
@Injectable()
export class UserDetailService {
  constructor(
    private readonly repo: UserDetailRepository,
    private readonly sessions: SessionService,
    private readonly reads: OperatorReadsService,
  ) {}

  async get(operator: AuthOperator, id: string, ip: string | null): Promise<AdminUserDetail> {
    const user = await this.repo.user(id);
    if (!user) throw new DomainError('NOT_FOUND');
    const money = hasPermission(operator.role, 'users.money');
    const [kyc, sessions, orders, deposits, withdrawals] = await Promise.all([
      this.repo.latestKyc(id),
      this.sessions.list('user', id),
      money ? this.repo.orders(id, RECENT) : null,
      money ? this.repo.requests('deposits', id, RECENT) : null,
      money ? this.repo.requests('withdrawals', id, RECENT) : null,
    ]);
    // Audited before answering: a read that cannot be recorded is not served.
    await this.reads.record(operator.id, id, 'profile', ip);
    await this.reads.record(operator.id, id, 'sessions', ip);
    if (money) await this.reads.record(operator.id, id, 'money', ip);
    return {
      id: user.id,
      email: user.email,
      emailConfirmed: user.email_confirmed,
      phone: maskPhone(user.phone),
      nickname: user.nickname,
      inviteCode: user.invite_code,
      invitedByUserId: user.invited_by_user_id,
      createdAt: iso(user.created_at)!,
      kycStatus: user.kyc_status as KycStatus,
      kyc: kyc
        ? { id: kyc.id, attempt: kyc.attempt, status: kyc.status, final: kyc.final, submittedAt: iso(kyc.submitted_at)!, decidedAt: iso(kyc.decided_at) }
        : null,
      disabled: user.disabled_at !== null,
      disabledAt: iso(user.disabled_at),
      disabledReason: user.disabled_reason,
      sessions: sessions.map((s) => ({ id: s.id, createdAt: iso(s.created_at)!, lastUsedAt: iso(s.last_used_at)!, userAgent: s.user_agent, ip: s.ip })),
      activity:
        orders && deposits && withdrawals
          ? {
              orders: orders.map((o) => ({
                id: o.id,
                orderNo: o.order_no,
                account: o.account,
                symbol: o.symbol,
                direction: o.direction,
                amount: cents(o.amount),
                status: o.status,
                outcome: o.outcome,
                pnl: o.pnl === null ? null : cents(o.pnl),
                createdAt: iso(o.created_at)!,
              })),
              deposits: deposits.map(toRequest),
              withdrawals: withdrawals.map(toRequest),
            }
          : null,
    };
  }
}
