import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { describeUserAgent, isValidLoginPassword, isValidTradePassword } from '@candor/domain';
import type { ChangePasswordBody, LoginBody, LoginHistory, RegisterBody, RegisterCheckBody, UserProfile } from '@candor/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DomainError } from '../common/domain-error.js';
import { REDIS } from '../redis/redis.module.js';
import { EventBus } from '../events/event-bus.js';
import type { AppEvents } from '../events/app-events.js';
import type { UserEntity } from '@candor/db';
import { LedgerService } from '../ledger/ledger.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { toProfile } from '../users/user-view.js';
import { randomInviteCode } from '../users/invite-code.js';
import { CaptchaService } from './captcha.service.js';
import { AltchaService } from './altcha.service.js';
import { PasswordHasher } from './password-hasher.js';
import { SessionService, storedUserAgent } from './session.service.js';
import { LOGIN_EVENTS_KEPT, LoginEventsRepository } from './login-events.repository.js';
import { TokenService } from './token.service.js';
import { TradePasswordService } from './trade-password.service.js';
import { PasswordCheckService } from './password-check.service.js';
import { countLoginTry, loginLimits, loginTrySucceeded } from './login-failures.js';
import { UserTotpService } from './totp/user-totp.service.js';
import { REDIS_KEYS } from '@candor/cross-process';
import { BlockedCountriesService } from '../countries/blocked-countries.service.js';

const REGISTRATION_TTL_SECONDS = 15 * 60;

interface PendingRegistration {
  email: string;
  phone: string;
  inviteCode: string;
}

function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: string })?.code === '23505';
}

/** The `user.newDevice` event of a sign-in: the device as the owner reads it (browser · OS), the address, the minute. */
function newDevice(userId: string, userAgent: string | undefined, ip: string): AppEvents['user.newDevice'] {
  const ua = describeUserAgent(userAgent);
  const device = [ua.browser, ua.os].filter(Boolean).join(' · ') || (userAgent ?? '').slice(0, 60) || '?';
  const at = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return { userId, device, ip: ip || '?', at };
}

/** The trade password's refusals as this form names its field: a wrong one is OLD_PASSWORD_INVALID; a lock keeps its code and `unlockAt`. */
function asOldPassword(e: unknown): never {
  if (e instanceof DomainError && e.code === 'TRADE_PASSWORD_INVALID') throw new DomainError('OLD_PASSWORD_INVALID', 'oldPassword');
  if (e instanceof DomainError && e.code === 'TRADE_PASSWORD_LOCKED') throw new DomainError(e.code, 'oldPassword', e.vars, e.details);
  throw e;
}

/** Registration in two steps, login with rotating sessions, and self-service password changes. */
@Injectable()
export class AuthService {
  private readonly log = new Logger('auth');
  constructor(
    private readonly users: UsersRepository,
    private readonly ledger: LedgerService,
    private readonly hasher: PasswordHasher,
    private readonly captcha: CaptchaService,
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
    private readonly events: EventBus,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tradePassword: TradePasswordService,
    private readonly passwordCheck: PasswordCheckService,
    private readonly altcha: AltchaService,
    private readonly loginEvents: LoginEventsRepository,
    private readonly totp: UserTotpService,
    private readonly countries: BlockedCountriesService,
  ) {}

  /**
   * Step 1: the graphic code and the proof-of-work, or (the accessible path, counted against a stricter per-address
   * limit by the route) the proof-of-work alone; then the invitation code and uniqueness. Answers a short-lived
   * registration token.
   */
  async registerCheck(body: RegisterCheckBody): Promise<{ registrationToken: string }> {
    const withCode = body.captchaId !== undefined || body.captchaCode !== undefined;
    if (withCode && !(await this.captcha.consume(body.captchaId, body.captchaCode))) throw new DomainError('CAPTCHA_INVALID', 'captchaCode');
    await this.altcha.verify(body.altcha, { required: !withCode });
    if (!(await this.users.findActiveCode(body.inviteCode))) throw new DomainError('INVITATION_CODE_INVALID', 'inviteCode');
    await this.countries.assertPhoneServed(body.phone);
    const taken = await this.users.emailOrPhoneTaken(body.email, body.phone);
    if (taken) throw new DomainError('USER_EXISTS', taken);
    const registrationToken = randomBytes(24).toString('base64url');
    const pending: PendingRegistration = { email: body.email, phone: body.phone, inviteCode: body.inviteCode };
    await this.redis.set(REDIS_KEYS.registration(registrationToken), JSON.stringify(pending), 'EX', REGISTRATION_TTL_SECONDS);
    return { registrationToken };
  }

  /** Step 2: passwords; creates the user, their own invitation code, their accounts and the demo grant in one transaction. */
  async register(body: RegisterBody, locale?: string): Promise<{ userId: string }> {
    const raw = await this.redis.get(REDIS_KEYS.registration(body.registrationToken));
    if (!raw) throw new DomainError('VALIDATION_FAILED', 'registrationToken');
    if (body.password !== body.confirmPassword) throw new DomainError('PASSWORD_MISMATCH', 'confirmPassword');
    if (body.tradePassword !== body.confirmTradePassword) throw new DomainError('TRADE_PASSWORD_MISMATCH', 'confirmTradePassword');
    const pending = JSON.parse(raw) as PendingRegistration;
    // Again at the second step: the list may have changed during the registration's 15 minutes.
    await this.countries.assertPhoneServed(pending.phone);
    const [passwordHash, tradePasswordHash] = await Promise.all([this.hasher.hash(body.password), this.hasher.hash(body.tradePassword)]);

    let userId: string;
    try {
      userId = await this.ledger.transaction(async (em) => {
        const code = await this.users.findActiveCode(pending.inviteCode, em, true);
        if (!code) throw new DomainError('INVITATION_CODE_INVALID', 'inviteCode');
        const ownCode = await this.freshInviteCode();
        const user = await this.users.insertUser(em, {
          email: pending.email,
          phone: pending.phone,
          nickname: pending.email.split('@')[0]!.slice(0, 32),
          passwordHash,
          tradePasswordHash,
          inviteCode: ownCode,
          invitedByUserId: code.ownerUserId,
          registrationCode: code.code,
        });
        await this.users.insertCode(em, { code: ownCode, ownerUserId: user.id });
        await this.users.countCodeUse(em, code.code);
        await this.ledger.openUserAccounts(em, user.id);
        const ids = await this.ledger.userAccountIds(em, user.id);
        const issuer = await this.ledger.platformAccountId(em, 'demo_issuer');
        const grant = this.config.DEMO_START_BALANCE_CENTS;
        if (grant > 0) {
          await this.ledger.post(em, {
            type: 'demo_grant',
            userId: user.id,
            refType: 'user',
            refId: user.id,
            uniqueKey: `demo-grant:${user.id}`,
            postings: [
              { accountId: issuer, amount: -grant },
              { accountId: ids.demo, amount: grant },
            ],
          });
        }
        return user.id;
      });
    } catch (e) {
      // Two registrations racing for one phone number are told so, not told the e-mail is taken.
      if (isUniqueViolation(e)) throw new DomainError('USER_EXISTS', (e as { constraint?: string }).constraint === 'users_phone' ? 'phone' : 'email');
      throw e;
    }
    await this.redis.del(REDIS_KEYS.registration(body.registrationToken));
    this.log.log(`registered user ${userId}`);
    await this.events.publish('user.registered', { userId, email: pending.email, locale });
    return { userId };
  }

  private async freshInviteCode(): Promise<string> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const code = randomInviteCode();
      if (!(await this.users.findActiveCode(code))) return code;
    }
    throw new Error('could not find a free invitation code');
  }

  /** The user's sign-in attempts, newest first (the newest 100 are kept). */
  async loginHistory(userId: string): Promise<LoginHistory> {
    const rows = await this.loginEvents.list(userId, LOGIN_EVENTS_KEPT);
    return { items: rows.map((r) => ({ at: new Date(r.at).toISOString(), ip: r.ip, device: r.user_agent, ok: r.ok, reason: r.reason })) };
  }

  async login(
    body: LoginBody,
    userAgent: string | undefined,
    ip: string,
    locale?: string,
  ): Promise<{ accessToken: string; refreshToken: string; user: UserProfile }> {
    await this.altcha.verify(body.altcha);
    const user = await this.users.findByEmail(body.email);
    // Counted before the password is judged, per account and per address (the same budget as password checks).
    const who = { account: user?.id ?? body.email.toLowerCase(), ip };
    if ((await countLoginTry(this.redis, who, loginLimits(this.config))) && !(await this.captcha.consume(body.captchaId, body.captchaCode))) {
      throw new DomainError('CAPTCHA_INVALID', 'captchaCode');
    }
    if (!(await this.hasher.verify(user?.passwordHash, body.password)) || !user) {
      // The owner sees failed attempts on their account in their sign-in history; an unknown e-mail has no owner.
      if (user) await this.loginEvents.record(user.id, ip || null, storedUserAgent(userAgent), 'password');
      throw new DomainError('INVALID_CREDENTIALS');
    }
    await loginTrySucceeded(this.redis, who);
    // Checked after the password, so the answer tells nothing about an account to someone without it.
    if (user.disabledAt) {
      await this.loginEvents.record(user.id, ip || null, storedUserAgent(userAgent), 'disabled');
      throw new DomainError('ACCOUNT_DISABLED');
    }
    // The second factor, asked for only once the password is right (so TOTP_REQUIRED says nothing to a guesser).
    if (user.totpSecretEnc) await this.secondFactor(user, body.totp, userAgent, ip);
    const history = await this.sessions.history('user', user.id, userAgent);
    const { sessionId, refreshToken } = await this.sessions.create('user', user.id, userAgent, ip);
    await this.loginEvents.record(user.id, ip || null, storedUserAgent(userAgent), null);
    // A sign-in from a device this account never used is a security event the owner should see (the inbox tells them).
    if (history.before && !history.knownDevice) await this.events.publish('user.newDevice', newDevice(user.id, userAgent, ip));
    if (locale) await this.events.publish('user.signedIn', { userId: user.id, locale });
    const accessToken = await this.tokens.sign({ sub: user.id, sid: sessionId, typ: 'user' });
    return { accessToken, refreshToken, user: toProfile(user) };
  }

  /** A wrong, replayed or refused code is a failed sign-in in the owner's history; no code at all is only the next step. */
  private async secondFactor(user: UserEntity, code: string | undefined, userAgent: string | undefined, ip: string): Promise<void> {
    try {
      await this.totp.verify(user, code, ip);
    } catch (e) {
      if (e instanceof DomainError && e.code !== 'TOTP_REQUIRED') await this.loginEvents.record(user.id, ip || null, storedUserAgent(userAgent), 'totp');
      throw e;
    }
  }

  async refresh(token: string | undefined): Promise<{ accessToken: string; refreshToken: string }> {
    const r = await this.sessions.rotate(token, 'user');
    if (!r.ok) throw new DomainError('UNAUTHENTICATED');
    return { accessToken: await this.tokens.sign({ sub: r.subjectId, sid: r.sessionId, typ: 'user' }), refreshToken: r.refreshToken };
  }

  /**
   * The old password is never judged outside its lockout: a trade password through TradePasswordService (the
   * withdrawal's lockout; while locked every try is refused unjudged), a login password through
   * PasswordCheckService (the login's failure budget and graphic code).
   */
  async changePassword(userId: string, sessionId: string, body: ChangePasswordBody, ip: string): Promise<void> {
    const valid = body.kind === 'login' ? isValidLoginPassword(body.newPassword) : isValidTradePassword(body.newPassword);
    if (!valid) throw new DomainError('VALIDATION_FAILED', 'newPassword');
    if (body.newPassword !== body.confirmPassword) {
      throw new DomainError(body.kind === 'login' ? 'PASSWORD_MISMATCH' : 'TRADE_PASSWORD_MISMATCH', 'confirmPassword');
    }
    if (body.kind === 'trade') {
      await this.tradePassword.verify(userId, body.oldPassword).catch(asOldPassword);
    } else {
      await this.passwordCheck.verifyLogin(userId, body.oldPassword, { ip, captchaId: body.captchaId, captchaCode: body.captchaCode });
    }
    await this.users.updatePasswordHash(userId, body.kind, await this.hasher.hash(body.newPassword));
    // A new login password ends every other session, and the owner is told by mail.
    if (body.kind === 'login') {
      await this.sessions.revokeAllExcept('user', userId, sessionId, 'password_changed');
      await this.events.publish('user.passwordChanged', { userId });
    }
  }
}
