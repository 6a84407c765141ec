import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AdminInvitationCode, CreateInvitationCodeBody } from '@candor/contracts';
import { isValidInviteCode } from '@candor/domain';
import { DomainError } from '../common/domain-error.js';
import { randomInviteCode } from '../users/invite-code.js';
import { AuditService } from './audit.service.js';
import { InvitationCodesRepository, type InvitationCodeRow } from './invitation-codes.repository.js';

/** How many platform codes the console lists (newest first). */
const LISTED = 500;

const toCode = (r: InvitationCodeRow): AdminInvitationCode => ({
  code: r.code,
  active: r.active,
  uses: r.uses,
  createdAt: new Date(r.created_at).toISOString(),
  createdByOperatorId: r.created_by_operator_id,
});

/**
 * The invitation codes the platform gives out: operators create them (typed or random) and disable or
 * enable them; every change is audited. Users' own codes are theirs and are not listed or changed here.
 * Who registered with a code is a user search by that code.
 */
@Injectable()
export class InvitationCodesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly codes: InvitationCodesRepository,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<AdminInvitationCode[]> {
    return (await this.codes.list(LISTED)).map(toCode);
  }

  /** A typed code taken by anyone (any case) is `409 INVITATION_CODE_EXISTS`; a random one is tried again. */
  async create(operatorId: string, body: CreateInvitationCodeBody, ip: string | null): Promise<AdminInvitationCode> {
    return this.ds.transaction(async (em) => {
      let row: InvitationCodeRow | null = null;
      for (let attempt = 0; !row && attempt < (body.code ? 1 : 10); attempt++) {
        row = await this.codes.insert(em, (body.code ?? randomInviteCode()).toUpperCase(), operatorId);
      }
      if (!row && body.code) throw new DomainError('INVITATION_CODE_EXISTS', 'code');
      if (!row) throw new Error('could not find a free invitation code');
      await this.audit.record(
        { operatorId, action: 'invitation_code.create', targetType: 'invitation_code', targetId: row.code, details: { code: row.code }, ip },
        em,
      );
      return toCode(row);
    });
  }

  /** Disables or enables a platform code; the same state again changes nothing and records nothing. */
  async setActive(operatorId: string, code: string, active: boolean, ip: string | null): Promise<AdminInvitationCode> {
    if (!isValidInviteCode(code)) throw new DomainError('NOT_FOUND');
    return this.ds.transaction(async (em) => {
      const changed = await this.codes.setActive(em, code, active);
      if (!changed) throw new DomainError('NOT_FOUND');
      if (changed.before.active !== active) {
        await this.audit.record(
          {
            operatorId,
            action: active ? 'invitation_code.enable' : 'invitation_code.disable',
            targetType: 'invitation_code',
            targetId: changed.after.code,
            details: { code: changed.after.code },
            ip,
          },
          em,
        );
      }
      return toCode(changed.after);
    });
  }
}
