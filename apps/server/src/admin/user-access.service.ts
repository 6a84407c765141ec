import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { UserAccess } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { SessionService } from '../auth/session.service.js';
import { UsersRepository, type UserAccessRow } from '../users/users.repository.js';
import { AuditService } from './audit.service.js';

const toAccess = (r: UserAccessRow): UserAccess => ({
  id: r.id,
  disabled: r.disabled_at !== null,
  disabledAt: r.disabled_at ? new Date(r.disabled_at).toISOString() : null,
  disabledReason: r.disabled_reason,
});

/**
 * Disabling and enabling users' accounts. A disabled account cannot sign in and every one of its
 * sessions ends at once, with their sockets on every api instance (SessionService's revocation).
 * Its money stays where it is: disabling moves nothing on the ledger.
 */
@Injectable()
export class UserAccessService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly users: UsersRepository,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
  ) {}

  async setDisabled(operatorId: string, userId: string, disabled: boolean, reason: string | null, ip: string): Promise<UserAccess> {
    const after = await this.ds.transaction(async (em) => {
      const before = await this.users.lockAccess(em, userId);
      if (!before) throw new DomainError('NOT_FOUND');
      // Disabling twice or enabling an enabled account changes nothing and logs nothing.
      if ((before.disabled_at !== null) === disabled) return before;
      const row = await this.users.setDisabled(em, userId, disabled, disabled ? reason : null);
      await this.audit.record(
        {
          operatorId,
          action: disabled ? 'user.disable' : 'user.enable',
          targetType: 'user',
          targetId: userId,
          userId,
          details: { reason, disabled: { before: !disabled, after: disabled } },
          ip,
        },
        em,
      );
      return row;
    });
    if (disabled) await this.sessions.revokeAll('user', userId, 'account_disabled');
    return toAccess(after);
  }

  async get(userId: string): Promise<UserAccess> {
    const row = await this.users.findAccess(userId);
    if (!row) throw new DomainError('NOT_FOUND');
    return toAccess(row);
  }
}
