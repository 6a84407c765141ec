import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { EmailChangeBody, Locale, MailPreferences, MailPreferencesBody } from '@candor/contracts';
import { Clock } from '../common/clock.js';
import { DomainError } from '../common/domain-error.js';
import { PasswordCheckService } from '../auth/password-check.service.js';
import { MailService } from '../mail/mail.service.js';
import { MAIL_TOKEN_TTL_MS, MailTokensService } from '../mail/mail-tokens.service.js';
import { EmailRepository } from './email.repository.js';

/** Confirmation mails one account may ask for again per hour. */
export const CONFIRM_RESENDS_PER_HOUR = 3;
/** Address changes one account may start per hour (each mails two addresses). */
export const EMAIL_CHANGES_PER_HOUR = 5;

const sameAddress = (a: string, b: string | null | undefined) => b !== null && b !== undefined && a.toLowerCase() === b.toLowerCase();
const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';

/**
 * The account's e-mail address: confirming it by a mailed link (withdrawals wait for that), sending the link
 * again, changing it (the new address is confirmed before it takes effect and the old one is told), and which
 * optional mails the user receives.
 */
@Injectable()
export class EmailService {
  constructor(
    private readonly emails: EmailRepository,
    private readonly tokens: MailTokensService,
    private readonly mail: MailService,
    private readonly passwords: PasswordCheckService,
    private readonly clock: Clock,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /**
   * Uses a confirmation link: it confirms the current address, or switches to the pending one it was sent to
   * (USER_EXISTS if another account took that address meanwhile). A link to an address that is neither any more
   * is invalid.
   */
  async confirm(token: string): Promise<void> {
    try {
      await this.ds.transaction(async (em) => {
        const t = await this.tokens.use(em, 'confirm', token);
        const u = await this.emails.lock(em, t.user_id);
        const now = this.clock.now();
        if (u && sameAddress(t.email, u.email)) return this.emails.markConfirmed(em, t.user_id, now);
        if (!u || !sameAddress(t.email, u.pending_email)) throw new DomainError('RESET_TOKEN_INVALID', 'token');
        if (await this.emails.takenByOther(t.email, t.user_id, em)) throw new DomainError('USER_EXISTS', 'email');
        await this.emails.switchToPending(em, t.user_id, now);
        await this.tokens.voidOpen(em, t.user_id, 'confirm');
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('USER_EXISTS', 'email');
      throw e;
    }
  }

  /** Mails the link again: to the pending address if there is one, else to the current one if unconfirmed; nothing when all is confirmed. */
  async resend(userId: string, locale: Locale): Promise<void> {
    const u = await this.emails.find(userId);
    if (!u) throw new DomainError('UNAUTHENTICATED');
    const to = u.pending_email ?? (u.email_confirmed_at ? null : u.email);
    if (!to) return;
    const throttle = await this.mail.takeThrottle('confirm', userId, CONFIRM_RESENDS_PER_HOUR);
    if (!throttle.ok) throw DomainError.rateLimited(throttle.retryAfterMs);
    await this.mail.rememberLocale(userId, locale);
    await this.sendConfirmation(userId, to, u.pending_email !== null, locale);
  }

  /** Starts a change of address: checked by the login password, confirmed by a link to the new address; the old one is told. */
  async change(userId: string, body: EmailChangeBody, ip: string, locale: Locale): Promise<void> {
    await this.passwords.verifyLogin(userId, body.password, { ip, captchaId: body.captchaId, captchaCode: body.captchaCode });
    const u = await this.emails.find(userId);
    if (!u) throw new DomainError('UNAUTHENTICATED');
    if (sameAddress(body.email, u.email)) throw new DomainError('VALIDATION_FAILED', 'email');
    if (await this.emails.takenByOther(body.email, userId)) throw new DomainError('USER_EXISTS', 'email');
    const throttle = await this.mail.takeThrottle('change', userId, EMAIL_CHANGES_PER_HOUR);
    if (!throttle.ok) throw DomainError.rateLimited(throttle.retryAfterMs);
    await this.mail.rememberLocale(userId, locale);
    await this.emails.setPending(userId, body.email);
    await this.sendConfirmation(userId, body.email, true, locale);
    await this.mail.toAddress(u.email, locale, 'emailChangeNotice', { email: body.email });
  }

  private async sendConfirmation(userId: string, to: string, change: boolean, locale: Locale): Promise<void> {
    const token = await this.tokens.issue('confirm', userId, to);
    const link = this.mail.link('confirm-email', token);
    const hours = String(MAIL_TOKEN_TTL_MS.confirm / 3_600_000);
    if (change) await this.mail.toAddress(to, locale, 'emailChangeConfirm', { link, hours, email: to });
    else await this.mail.toAddress(to, locale, 'emailConfirm', { link, hours });
  }

  preferences(userId: string): Promise<MailPreferences> {
    return this.mail.preferences(userId);
  }

  updatePreferences(userId: string, body: MailPreferencesBody): Promise<MailPreferences> {
    return this.mail.updatePreferences(userId, body);
  }
}
