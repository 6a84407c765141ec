import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_KEYS } from '@candor/cross-process';
import type { OperatorEntity } from '@candor/db';
import { ROLE_PERMISSIONS, type Operator, type OperatorAccount, type OperatorEnrollment } from '@candor/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DomainError } from '../common/domain-error.js';
import { REDIS } from '../redis/redis.module.js';
import { countTry, tryWasRight } from '../auth/login-failures.js';
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

/** How long wrong console passwords are remembered, per account and per address. */
export const OPERATOR_LOGIN_WINDOW_SECONDS = 15 * 60;

@Injectable()
export class OperatorsService {
  constructor(
    private readonly operators: OperatorsRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
    private readonly audit: AuditService,
    private readonly totp: OperatorTotpService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  findById(id: string): Promise<OperatorEntity | null> {
    return this.operators.findById(id);
  }

  /**
   * Password, then the second factor: without a code `TOTP_REQUIRED`; an operator who has no secret yet
   * gets TOTP_REQUIRED with an enrolment token instead of a session. Each password try is counted before it
   * is judged, per account and per address; past the limit the account's password step locks for a while.
   */
  async login(email: string, password: string, totp: string | undefined, userAgent: string | undefined, ip: string) {
    await this.countPasswordTry(email, ip);
    const op = await this.operators.findByEmail(email);
    if (!(await this.hasher.verify(op?.passwordHash, password)) || !op || op.disabledAt) {
      await this.audit.record({ operatorId: null, action: 'operator.login_failed', details: { email: email.slice(0, 254) }, ip });
      throw new DomainError('INVALID_CREDENTIALS');
    }
    await tryWasRight(this.redis, [REDIS_KEYS.operatorLoginFailures(email)], [REDIS_KEYS.operatorLoginFailuresByAddress(ip || '?')]);
    // Every role signs in with a second factor: a reviewer's password alone must not move money. No secret yet: enrol first.
    if (!op.totpSecretEnc) throw new DomainError('TOTP_REQUIRED', undefined, {}, { enrollmentToken: await this.totp.issueEnrollment(op.id, op.email) });
    if (!totp) throw new DomainError('TOTP_REQUIRED');
    await this.totp.check(op, totp, ip);
    return this.startSession(op, userAgent, ip);
  }

  /**
   * Counts the password try before it is judged, per address and per account. Past the account's limit the try
   * is refused unjudged (429) and the account's password step stays locked for OPERATOR_LOGIN_LOCK_MINUTES from
   * then (audited once per lock); a right password (a try judged before the limit) starts the account again.
   */
  private async countPasswordTry(email: string, ip: string): Promise<void> {
    const address = { key: REDIS_KEYS.operatorLoginFailuresByAddress(ip || '?'), limit: this.config.OPERATOR_LOGIN_MAX_FAILURES_PER_ADDRESS };
    const addressRetryMs = await countTry(this.redis, [address], OPERATOR_LOGIN_WINDOW_SECONDS);
    if (addressRetryMs !== null) throw DomainError.rateLimited(addressRetryMs);
    const key = REDIS_KEYS.operatorLoginFailures(email);
    const res = await this.redis.multi().incr(key).expire(key, OPERATOR_LOGIN_WINDOW_SECONDS, 'NX').exec();
    const count = Number(res?.[0]?.[1] ?? 0);
    const limit = this.config.OPERATOR_LOGIN_MAX_FAILURES;
    if (count <= limit) return;
    const lockMs = this.config.OPERATOR_LOGIN_LOCK_MINUTES * 60_000;
    await this.redis.pexpire(key, lockMs);
    if (count === limit + 1) {
      const until = new Date(Date.now() + lockMs).toISOString();
      await this.audit.record({ operatorId: null, action: 'operator.login_failed', details: { email: email.slice(0, 254), locked: true, until }, ip });
    }
    throw DomainError.rateLimited(lockMs);
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
