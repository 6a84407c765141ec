import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import type { TotpEnableResponse, TotpSetupBody, TotpSetupResponse } from '@candor/contracts';
import { REDIS_KEYS } from '@candor/cross-process';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { secretFor } from '../../config/keys.js';
import { DomainError } from '../../common/domain-error.js';
import { REDIS } from '../../redis/redis.module.js';
import { EventBus } from '../../events/event-bus.js';
import { PasswordCheckService } from '../password-check.service.js';
import { deriveTotpKey, encryptSecret, generateRecoveryCodes, hashRecoveryCode } from './totp-crypto.js';
import { TotpVerifier, type TotpAccepted, type TotpHolder } from './totp-verifier.js';
import { UserTotpRepository, type TotpMessageKey } from './user-totp.repository.js';

/** How long a set-up secret waits for its first code. */
export const TOTP_SETUP_TTL_SECONDS = 10 * 60;
const ISSUER = 'Candor';

const minute = (d: Date): string => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Users' optional second factor: set up (a pending secret, behind the login password), turn on with a first code
 * (ten recovery codes, shown once), turn off with a code, and the check that login, withdrawals and
 * withdrawal-account changes make. Secrets are encrypted under USER_TOTP_ENCRYPTION_KEY, apart from operators'.
 */
@Injectable()
export class UserTotpService {
  private readonly key: Buffer;
  private readonly verifier: TotpVerifier;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly repo: UserTotpRepository,
    private readonly passwordCheck: PasswordCheckService,
    private readonly events: EventBus,
  ) {
    this.key = deriveTotpKey(secretFor(config, 'userTotp'), 'user');
    this.verifier = new TotpVerifier({
      holderKind: 'user',
      keyVariable: 'USER_TOTP_ENCRYPTION_KEY',
      key: this.key,
      redis,
      store: repo,
      failureKey: (id) => REDIS_KEYS.userTotpFailures(id),
      addressKey: (ip) => REDIS_KEYS.userTotpFailuresByAddress(ip),
      addressLimit: config.TOTP_FAILURES_PER_ADDRESS,
    });
  }

  /**
   * A new pending secret (replacing one set up before), after the login password: a stolen session alone cannot
   * tie the account to someone else's authenticator. Nothing changes until `enable` gets a code of it.
   */
  async setup(userId: string, email: string, body: TotpSetupBody, ip: string): Promise<TotpSetupResponse> {
    if ((await this.holder(userId)).totpSecretEnc) throw new DomainError('TOTP_ALREADY_ENABLED');
    await this.passwordCheck.verifyLogin(userId, body.password, { ip, captchaId: body.captchaId, captchaCode: body.captchaCode }).catch((e: unknown) => {
      if (e instanceof DomainError && e.code === 'OLD_PASSWORD_INVALID') throw new DomainError('OLD_PASSWORD_INVALID', 'password');
      throw e;
    });
    const secret = generateSecret();
    await this.redis.set(REDIS_KEYS.userTotpSetup(userId), encryptSecret(this.key, secret), 'EX', TOTP_SETUP_TTL_SECONDS);
    const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
    // Drawn here, as for operators, so neither app carries a QR library.
    const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUrl, qrSvg };
  }

  /** The first right code of the pending secret turns two-factor sign-in on; answers ten recovery codes, this once. */
  async enable(userId: string, code: string, ip: string): Promise<TotpEnableResponse> {
    if ((await this.holder(userId)).totpSecretEnc) throw new DomainError('TOTP_ALREADY_ENABLED');
    const setupKey = REDIS_KEYS.userTotpSetup(userId);
    const secretEnc = await this.redis.get(setupKey);
    if (!secretEnc) throw new DomainError('TOTP_SETUP_REQUIRED');
    const step = await this.verifier.judgeNew(userId, secretEnc, code, ip);
    if (step === null) throw new DomainError('TOTP_INVALID', 'code');
    // Only one confirmation wins, even when two race with the same code.
    if ((await this.redis.del(setupKey)) !== 1) throw new DomainError('TOTP_SETUP_REQUIRED');
    const recoveryCodes = generateRecoveryCodes();
    const messageId = await this.ds.transaction(async (em) => {
      if (!(await this.repo.enable(em, userId, secretEnc, step))) throw new DomainError('TOTP_ALREADY_ENABLED');
      await this.repo.replaceRecoveryCodes(
        em,
        userId,
        recoveryCodes.map((c) => hashRecoveryCode(this.key, c)),
      );
      return this.repo.insertMessage(em, userId, 'totpEnabled', minute(new Date()));
    });
    await this.verifier.succeeded(userId, ip);
    await this.changed(userId, 'totpEnabled', messageId);
    return { recoveryCodes };
  }

  /** Turns it off with a current code or an unused recovery code (the session alone is not enough). */
  async disable(userId: string, code: string, ip: string): Promise<void> {
    const holder = await this.holder(userId);
    if (!holder.totpSecretEnc) throw new DomainError('TOTP_NOT_ENABLED');
    await this.verify(holder, code, ip, 'code');
    const messageId = await this.ds.transaction(async (em) => {
      if (!(await this.repo.disable(em, userId))) throw new DomainError('TOTP_NOT_ENABLED');
      return this.repo.insertMessage(em, userId, 'totpDisabled', minute(new Date()));
    });
    await this.changed(userId, 'totpDisabled', messageId);
  }

  /**
   * The first half of a guarded action (withdrawal, withdrawal-account change), before its password is judged:
   * the user's second factor when it is on (TOTP_REQUIRED without a code, no try spent), else null.
   */
  async demand(userId: string, code: string | undefined): Promise<TotpHolder | null> {
    const holder = await this.holder(userId);
    if (!holder.totpSecretEnc) return null;
    if (!code) throw new DomainError('TOTP_REQUIRED', 'totp');
    return holder;
  }

  /** A right code (a recovery code is spent), or TOTP_INVALID / RATE_LIMITED; TOTP_REQUIRED without one. */
  async verify(holder: TotpHolder, code: string | undefined, ip: string, field = 'totp'): Promise<TotpAccepted> {
    if (!code) throw new DomainError('TOTP_REQUIRED', field);
    const accepted = await this.verifier.judge(holder, code, ip);
    if (!accepted) throw new DomainError('TOTP_INVALID', field);
    await this.verifier.succeeded(holder.id, ip);
    return accepted;
  }

  /** For tests and the seed: the stored form of a secret. */
  encrypt(secret: string): string {
    return encryptSecret(this.key, secret);
  }

  private async holder(userId: string): Promise<TotpHolder> {
    const holder = await this.repo.find(userId);
    if (!holder) throw new DomainError('UNAUTHENTICATED');
    return holder;
  }

  private changed(userId: string, key: TotpMessageKey, messageId: string): Promise<void> {
    return this.events.publish('user.totpChanged', { userId, enabled: key === 'totpEnabled', messageId });
  }
}
