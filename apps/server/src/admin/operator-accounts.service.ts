import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { CreateOperatorBody, OperatorAccount, UpdateOperatorBody } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { SessionService } from '../auth/session.service.js';
import { AuditService } from './audit.service.js';
import { toOperatorAccount } from './operators.service.js';
import { OperatorsRepository } from './operators.repository.js';

/** Admins manage operator accounts here; every change is audited, and a role change or disabling ends the operator's sessions. */
@Injectable()
export class OperatorAccountsService {
  constructor(
    private readonly operators: OperatorsRepository,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<OperatorAccount[]> {
    const rows = await this.operators.list();
    return rows.map(toOperatorAccount);
  }

  async create(actorId: string, body: CreateOperatorBody, ip: string): Promise<OperatorAccount> {
    const passwordHash = await this.hasher.hash(body.password);
    const id = await this.ds.transaction(async (em) => {
      const created = await this.operators.insert(em, { email: body.email, passwordHash, role: body.role });
      if (!created) throw new DomainError('OPERATOR_EXISTS', 'email');
      await this.audit.record(
        { operatorId: actorId, action: 'operator.create', targetType: 'operator', targetId: created, details: { email: body.email, role: body.role }, ip },
        em,
      );
      return created;
    });
    return toOperatorAccount((await this.operators.findById(id))!);
  }

  /**
   * Another operator's role or disabled flag. An admin cannot change themself (so one admin always
   * remains); the operator's sessions end at once, so the change counts from the next request on.
   */
  async update(actorId: string, id: string, body: UpdateOperatorBody, ip: string): Promise<OperatorAccount> {
    if (id === actorId) throw new DomainError('FORBIDDEN');
    const before = await this.operators.findById(id);
    if (!before) throw new DomainError('NOT_FOUND');
    const role = body.role ?? before.role;
    const disabled = body.disabled ?? before.disabledAt !== null;
    const roleChanged = role !== before.role;
    const disabledChanged = disabled !== (before.disabledAt !== null);
    if (!roleChanged && !disabledChanged) return toOperatorAccount(before);
    await this.ds.transaction(async (em) => {
      await this.operators.updateAccess(em, id, role, disabled);
      const details: Record<string, unknown> = {};
      if (roleChanged) details.role = { before: before.role, after: role };
      if (disabledChanged) details.disabled = { before: !disabled, after: disabled };
      await this.audit.record({ operatorId: actorId, action: 'operator.update', targetType: 'operator', targetId: id, details, ip }, em);
    });
    if (disabled || roleChanged) await this.sessions.revokeAll('operator', id, disabled ? 'operator_disabled' : 'operator_role_changed');
    return toOperatorAccount((await this.operators.findById(id))!);
  }
}
