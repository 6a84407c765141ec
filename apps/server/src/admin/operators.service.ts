import { Injectable } from '@nestjs/common';
import type { OperatorEntity } from '@candor/db';
import { ROLE_PERMISSIONS, type Operator, type OperatorAccount, type OperatorEnrollment } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { SessionService } from '../auth/session.service.js';
import { TokenService } from '../auth/token.service.js';
import { AuditService } from './audit.service.js';
import { OperatorTotpService } from './operator-totp.service.js';
import { OperatorsRepository } from './operators.repository.js';

export const toOperator = (o: OperatorEntity): Operator => ({
  id: o.id,
  email: o.email,
  role: o.role,
  permissions: [...ROLE_PERMISSIONS[o.role]],
  createdAt: o.createdAt.toISOString(),
});
export const toOperatorAccount = (o: OperatorEntity): OperatorAccount => ({
  id: o.id,
  email: o.email,
  role: o.role,
  disabled: o.disabledAt !== null,
  totpEnrolled: o.totpSecretEnc !== null,
  createdAt: o.createdAt.toISOString(),
});

/** Admins must use a second factor; anyone who enrolled one (say, an admin later given another role) keeps using it. */
const needsTotp = (op: OperatorEntity): boolean => op.role === 'admin' || op.totpSecretEnc !== null;

@Injectable()
export class OperatorsService {
  constructor(
    private readonly operators: OperatorsRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
    private readonly audit: AuditService,
    private readonly totp: OperatorTotpService,
  ) {}

  findById(id: string): Promise<OperatorEntity | null> {
    return this.operators.findById(id);
  }

  /**
   * Password, then (admins) the second factor: without a code `TOTP_REQUIRED`; an admin who has no
   * secret yet gets TOTP_REQUIRED with an enrolment token instead of a session.
   */
  async login(email: string, password: string, totp: string | undefined, userAgent: string | undefined, ip: string) {
    const op = await this.operators.findByEmail(email);
    if (!(await this.hasher.verify(op?.passwordHash, password)) || !op || op.disabledAt) {
      await this.audit.record({ operatorId: null, action: 'operator.login_failed', details: { email: email.slice(0, 254) }, ip });
      throw new DomainError('INVALID_CREDENTIALS');
    }
    if (needsTotp(op)) {
      if (!op.totpSecretEnc) throw new DomainError('TOTP_REQUIRED', undefined, {}, { enrollmentToken: await this.totp.issueEnrollment(op.id, op.email) });
      if (!totp) throw new DomainError('TOTP_REQUIRED');
      await this.totp.check(op, totp, ip);
    }
    return this.startSession(op, userAgent, ip);
  }

  startEnrollment(token: string): Promise<OperatorEnrollment> {
    return this.totp.startEnrollment(token);
  }

  /** The first code confirms the enrolment and signs the operator in. */
  async confirmEnrollment(token: string, code: string, userAgent: string | undefined, ip: string) {
    const { operatorId, recoveryCodes } = await this.totp.confirmEnrollment(token, code, ip);
    const op = await this.findById(operatorId);
    if (!op || op.disabledAt) throw new DomainError('UNAUTHENTICATED');
    return { ...(await this.startSession(op, userAgent, ip)), recoveryCodes };
  }

  async refresh(token: string | undefined) {
    const r = await this.sessions.rotate(token, 'operator');
    if (!r.ok) throw new DomainError('UNAUTHENTICATED');
    const op = await this.findById(r.subjectId);
    if (!op || op.disabledAt) throw new DomainError('UNAUTHENTICATED');
    return { accessToken: await this.tokens.sign({ sub: op.id, sid: r.sessionId, typ: 'operator', role: op.role }), refreshToken: r.refreshToken };
  }

  private async startSession(op: OperatorEntity, userAgent: string | undefined, ip: string) {
    const { sessionId, refreshToken } = await this.sessions.create('operator', op.id, userAgent, ip);
    await this.audit.record({ operatorId: op.id, action: 'operator.login', targetType: 'session', targetId: sessionId, ip });
    const accessToken = await this.tokens.sign({ sub: op.id, sid: sessionId, typ: 'operator', role: op.role });
    return { accessToken, refreshToken, operator: toOperator(op) };
  }
}
