import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Locale, PasswordResetBody, PasswordResetConfirmBody } from '@candor/contracts';
import { Clock } from '../common/clock.js';
import { DomainError } from '../common/domain-error.js';
import { EventBus } from '../events/event-bus.js';
import { MailService } from '../mail/mail.service.js';
import { MAIL_TOKEN_TTL_MS, MailTokensService } from '../mail/mail-tokens.service.js';
import { mailTime } from '../mail/mail-templates.js';
import { UsersRepository } from '../users/users.repository.js';
import { AltchaService } from './altcha.service.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordResetRepository } from './password-reset.repository.js';
import { SessionService } from './session.service.js';

/** Reset links mailed to one account per hour at most; more requests answer the same and send nothing. */
export const RESET_MAILS_PER_HOUR = 5;

/**
 * "Forgot password": a one-use link, valid 30 minutes, mailed to the account's address; using it sets a new
 * login password, ends every session, and tells the owner by inbox message and mail.
 */
@Injectable()
export class PasswordResetService implements OnApplicationShutdown {
  private readonly log = new Logger('auth');
  /** Links being mailed after the answer went out; waited for at shutdown. */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly users: UsersRepository,
    private readonly repo: PasswordResetRepository,
    private readonly tokens: MailTokensService,
    private readonly mail: MailService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly events: EventBus,
    private readonly altcha: AltchaService,
    private readonly clock: Clock,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /**
   * Answers the same whether or not the address has an account: the link is made and mailed after the answer,
   * so neither the answer nor its timing (one lookup either way) tells who is registered.
   */
  async request(body: PasswordResetBody, locale: Locale): Promise<void> {
    await this.altcha.verify(body.altcha);
    const user = await this.users.findByEmail(body.email);
    if (!user || user.disabledAt) return;
    const p = this.sendLink(user.id, user.email, locale)
      .catch((e: Error) => this.log.error(`password reset link for ${user.id} not sent: ${e.message}`))
      .finally(() => this.sending.delete(p));
    this.sending.add(p);
  }

  /** Resolves when every link asked for so far has been queued (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.sending]);
  }

  private async sendLink(userId: string, email: string, locale: Locale): Promise<void> {
    if (!(await this.mail.takeThrottle('reset', userId, RESET_MAILS_PER_HOUR)).ok) {
      this.log.warn(`password reset for ${userId}: more than ${RESET_MAILS_PER_HOUR} links this hour, none sent`);
      return;
    }
    const token = await this.tokens.issue('reset', userId, email);
    await this.mail.toAddress(email, locale, 'passwordReset', {
      link: this.mail.link('reset-password', token),
      minutes: String(MAIL_TOKEN_TTL_MS.reset / 60_000),
    });
  }

  /** Uses the link: the new login password, the user's other links void, an inbox message; then every session ends. */
  async confirm(body: PasswordResetConfirmBody, locale: Locale): Promise<void> {
    if (body.password !== body.confirmPassword) throw new DomainError('PASSWORD_MISMATCH', 'confirmPassword');
    const hash = await this.hasher.hash(body.password);
    const userId = await this.ds.transaction(async (em) => {
      const t = await this.tokens.use(em, 'reset', body.token);
      if (!(await this.repo.setLoginPassword(em, t.user_id, t.email, hash))) throw new DomainError('RESET_TOKEN_INVALID', 'token');
      await this.tokens.voidOpen(em, t.user_id, 'reset');
      await this.repo.insertResetMessage(em, t.user_id, mailTime(this.clock.now()));
      return t.user_id;
    });
    // Sockets of the ended sessions close through `session.revoked`.
    await this.sessions.revokeAll('user', userId, 'password_reset');
    // Whoever used the link reads the account's mail: the language they asked in is the owner's.
    await this.mail.rememberLocale(userId, locale);
    await this.events.publish('user.passwordChanged', { userId, locale });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.settled();
  }
}
