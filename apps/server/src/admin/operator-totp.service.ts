import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { OperatorEnrollment } from '@candor/contracts';
import { REDIS_KEYS } from '@candor/cross-process';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { secretFor } from '../config/keys.js';
import { DomainError } from '../common/domain-error.js';
import { REDIS } from '../redis/redis.module.js';
import { countTry, tryWasRight } from '../auth/login-failures.js';
import { AuditService } from './audit.service.js';
import { OperatorsRepository } from './operators.repository.js';
import {
  decryptSecret,
  deriveTotpKey,
  encryptSecret,
  generateRecoveryCodes,
  hashRecoveryCode,
  hashToken,
  looksLikeTotp,
  TOTP_PERIOD_SECONDS,
} from './totp-crypto.js';

/** Wrong codes of one operator within TOTP_FAILURE_WINDOW_SECONDS before the second factor refuses everything (429). */
export const TOTP_MAX_FAILURES = 5;
export const TOTP_FAILURE_WINDOW_SECONDS = 15 * 60;
export const ENROLLMENT_TTL_SECONDS = 10 * 60;
const ISSUER = 'Candor console';

interface PendingEnrollment {
  operatorId: string;
  email: string;
  secretEnc?: string;
}
export interface TotpOperator {
  id: string;
  totpSecretEnc: string | null;
  totpLastStep: string | null;
}

/**
 * Operators' second factor: TOTP codes (each time step accepted once), one-use recovery codes,
 * a per-operator failure limit, and the enrolment of a new secret. Secrets never leave it in clear
 * except to the operator enrolling.
 */
@Injectable()
export class OperatorTotpService {
  private readonly log = new Logger('operator-totp');
  private readonly key: Buffer;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
    private readonly operators: OperatorsRepository,
  ) {
    this.key = deriveTotpKey(secretFor(config, 'totp'));
  }

  /** Accepts a current TOTP code (not used before) or an unused recovery code; else TOTP_INVALID, or RATE_LIMITED after too many. */
  async check(op: TotpOperator, code: string, ip: string): Promise<void> {
    await this.countTry(op.id, ip);
    const ok = looksLikeTotp(code) ? await this.acceptTotp(op, code.replace(/\s/g, '')) : await this.acceptRecoveryCode(op.id, code, ip);
    if (!ok) await this.fail(op.id, ip);
    await this.succeeded(op.id, ip);
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
    await this.countTry(pending.operatorId, ip);
    const result = looksLikeTotp(code) ? await this.verifyCode(decryptSecret(this.key, secretEnc), code.replace(/\s/g, ''), null) : null;
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
    await this.succeeded(pending.operatorId, ip);
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

  /** The matched time step, or null; codes of `after` or earlier are refused (replay). One step of clock drift either way is allowed. */
  private async verifyCode(secret: string, token: string, after: number | null): Promise<number | null> {
    try {
      const r = await verify({
        secret,
        token,
        period: TOTP_PERIOD_SECONDS,
        epochTolerance: TOTP_PERIOD_SECONDS,
        ...(after !== null ? { afterTimeStep: after } : {}),
      });
      return r.valid && 'timeStep' in r ? r.timeStep : null;
    } catch {
      return null; // otplib throws on an afterTimeStep beyond its window: nothing can match then
    }
  }

  private async acceptTotp(op: TotpOperator, token: string): Promise<boolean> {
    if (!op.totpSecretEnc) return false;
    const last = op.totpLastStep === null ? null : Number(op.totpLastStep);
    let secret: string;
    try {
      secret = decryptSecret(this.key, op.totpSecretEnc);
    } catch {
      // A secret that does not open under the key (rotated without a restart, or a wrong key): refused, said loudly.
      this.log.error(`the TOTP secret of operator ${op.id} does not open under TOTP_ENCRYPTION_KEY: check the key (npm run keys:rotate-totp)`);
      return false;
    }
    const step = await this.verifyCode(secret, token, last);
    if (step === null) return false;
    // The step is stored only if it is newer than the stored one: of two logins racing with one code, one wins.
    return this.operators.advanceTotpStep(op.id, step);
  }

  private async acceptRecoveryCode(operatorId: string, code: string, ip: string): Promise<boolean> {
    if (!(await this.operators.useRecoveryCode(operatorId, hashRecoveryCode(this.key, code)))) return false;
    const left = await this.operators.countUnusedRecoveryCodes(operatorId);
    await this.audit.record({
      operatorId,
      action: 'operator.recovery_code_used',
      targetType: 'operator',
      targetId: operatorId,
      details: { left },
      ip,
    });
    return true;
  }

  /**
   * Counts this try against the operator's and the address's budgets before the code is judged, so a burst
   * of parallel codes gets at most TOTP_MAX_FAILURES judged; a try over either budget is refused unjudged.
   */
  private async countTry(operatorId: string, ip: string): Promise<void> {
    const retryMs = await countTry(
      this.redis,
      [
        { key: REDIS_KEYS.totpFailures(operatorId), limit: TOTP_MAX_FAILURES },
        { key: REDIS_KEYS.totpFailuresByAddress(ip || '?'), limit: this.config.TOTP_FAILURES_PER_ADDRESS },
      ],
      TOTP_FAILURE_WINDOW_SECONDS,
    );
    if (retryMs !== null) throw DomainError.rateLimited(retryMs);
  }

  /** A right code: the operator's budget starts again; the address gets back the try it counted. */
  private succeeded(operatorId: string, ip: string): Promise<void> {
    return tryWasRight(this.redis, [REDIS_KEYS.totpFailures(operatorId)], [REDIS_KEYS.totpFailuresByAddress(ip || '?')]);
  }

  /** The try was counted before it was judged; a failure only leaves its audit line. */
  private async fail(operatorId: string, ip: string): Promise<never> {
    await this.audit.record({ operatorId: null, action: 'operator.totp_failed', targetType: 'operator', targetId: operatorId, ip });
    throw new DomainError('TOTP_INVALID');
  }
}
