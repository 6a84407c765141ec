import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import type { OperatorEnrollment } from '@candor/contracts';
import { REDIS_KEYS } from '@candor/cross-process';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { secretFor } from '../config/keys.js';
import { DomainError } from '../common/domain-error.js';
import { REDIS } from '../redis/redis.module.js';
import { AuditService } from './audit.service.js';
import { OperatorsRepository } from './operators.repository.js';
import { deriveTotpKey, encryptSecret, generateRecoveryCodes, hashRecoveryCode, hashToken } from '../auth/totp/totp-crypto.js';
import { TotpVerifier, type TotpHolder } from '../auth/totp/totp-verifier.js';

export { TOTP_FAILURE_WINDOW_SECONDS, TOTP_MAX_FAILURES } from '../auth/totp/totp-verifier.js';
export const ENROLLMENT_TTL_SECONDS = 10 * 60;
const ISSUER = 'Candor console';

interface PendingEnrollment {
  operatorId: string;
  email: string;
  secretEnc?: string;
}
export type TotpOperator = TotpHolder;

/**
 * Operators' second factor: TOTP codes (each time step accepted once), one-use recovery codes,
 * a per-operator failure limit, and the enrolment of a new secret. Secrets never leave it in clear
 * except to the operator enrolling.
 */
@Injectable()
export class OperatorTotpService {
  private readonly key: Buffer;
  private readonly verifier: TotpVerifier;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
    private readonly operators: OperatorsRepository,
  ) {
    this.key = deriveTotpKey(secretFor(config, 'totp'));
    this.verifier = new TotpVerifier({
      holderKind: 'operator',
      keyVariable: 'TOTP_ENCRYPTION_KEY (npm run keys:rotate-totp)',
      key: this.key,
      redis,
      store: operators,
      failureKey: (id) => REDIS_KEYS.totpFailures(id),
      addressKey: (ip) => REDIS_KEYS.totpFailuresByAddress(ip),
      addressLimit: config.TOTP_FAILURES_PER_ADDRESS,
    });
  }

  /** Accepts a current TOTP code (not used before) or an unused recovery code; else TOTP_INVALID, or RATE_LIMITED after too many. */
  async check(op: TotpOperator, code: string, ip: string): Promise<void> {
    const accepted = await this.verifier.judge(op, code, ip);
    if (!accepted) await this.fail(op.id, ip);
    if (accepted === 'recovery') await this.recoveryCodeUsed(op.id, ip);
    await this.verifier.succeeded(op.id, ip);
  }

  /** A short-lived token that lets this operator (password already checked) enrol a TOTP secret. */
  async issueEnrollment(operatorId: string, email: string): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    const pending: PendingEnrollment = { operatorId, email };
    await this.redis.set(REDIS_KEYS.operatorEnrollment(hashToken(this.key, token)), JSON.stringify(pending), 'EX', ENROLLMENT_TTL_SECONDS);
    return token;
  }

  /** A fresh secret for the enrolment (replacing one started before), as text, otpauth URL and QR code. */
  async startEnrollment(token: string): Promise<OperatorEnrollment> {
    const redisKey = REDIS_KEYS.operatorEnrollment(hashToken(this.key, token));
    const pending = await this.pending(redisKey);
    const secret = generateSecret();
    await this.redis.set(redisKey, JSON.stringify({ ...pending, secretEnc: encryptSecret(this.key, secret) }), 'KEEPTTL');
    const ttl = await this.redis.pttl(redisKey);
    const otpauthUrl = generateURI({ issuer: ISSUER, label: pending.email, secret });
    const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUrl, qrSvg, expiresAt: new Date(Date.now() + Math.max(ttl, 0)).toISOString() };
  }

  /** The first valid code stores the secret and makes new recovery codes (returned this once); the token is spent. */
  async confirmEnrollment(token: string, code: string, ip: string): Promise<{ operatorId: string; recoveryCodes: string[] }> {
    const redisKey = REDIS_KEYS.operatorEnrollment(hashToken(this.key, token));
    const pending = await this.pending(redisKey);
    const secretEnc = pending.secretEnc;
    if (!secretEnc) throw new DomainError('UNAUTHENTICATED');
    const result = await this.verifier.judgeNew(pending.operatorId, secretEnc, code, ip);
    if (result === null) await this.fail(pending.operatorId, ip);
    // Only one confirmation wins, even when two race with the same token.
    if ((await this.redis.del(redisKey)) !== 1) throw new DomainError('UNAUTHENTICATED');
    const recoveryCodes = generateRecoveryCodes();
    await this.ds.transaction(async (em) => {
      await this.operators.storeTotpSecret(em, pending.operatorId, secretEnc, result);
      await this.operators.deleteRecoveryCodes(em, pending.operatorId);
      await this.operators.insertRecoveryCodes(
        em,
        pending.operatorId,
        recoveryCodes.map((c) => hashRecoveryCode(this.key, c)),
      );
      await this.audit.record(
        { operatorId: pending.operatorId, action: 'operator.totp_enrolled', targetType: 'operator', targetId: pending.operatorId, ip },
        em,
      );
    });
    await this.verifier.succeeded(pending.operatorId, ip);
    return { operatorId: pending.operatorId, recoveryCodes };
  }

  /** For the seed and tests: the stored form of a secret. */
  encrypt(secret: string): string {
    return encryptSecret(this.key, secret);
  }

  private async pending(redisKey: string): Promise<PendingEnrollment> {
    const raw = await this.redis.get(redisKey);
    if (!raw) throw new DomainError('UNAUTHENTICATED');
    return JSON.parse(raw) as PendingEnrollment;
  }

  private async recoveryCodeUsed(operatorId: string, ip: string): Promise<void> {
    const left = await this.operators.countUnusedRecoveryCodes(operatorId);
    await this.audit.record({
      operatorId,
      action: 'operator.recovery_code_used',
      targetType: 'operator',
      targetId: operatorId,
      details: { left },
      ip,
    });
  }

  /** The try was counted before it was judged; a failure only leaves its audit line. */
  private async fail(operatorId: string, ip: string): Promise<never> {
    await this.audit.record({ operatorId: null, action: 'operator.totp_failed', targetType: 'operator', targetId: operatorId, ip });
    throw new DomainError('TOTP_INVALID');
  }
}
