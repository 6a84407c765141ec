import { Injectable } from '@nestjs/common';
import { formatCents } from '@candor/domain';
import { OnAppEvent } from '../events/event-bus.js';
import type { AppEvents } from '../events/app-events.js';
import { Clock } from '../common/clock.js';
import { toCents } from '../database/rows.js';
import { MailRepository } from './mail.repository.js';
import { mailTime } from './mail-templates.js';
import { knownLocale, MailService } from './mail.service.js';
import { MAIL_TOKEN_TTL_MS, MailTokensService } from './mail-tokens.service.js';

const DECIDED = { successful: 'withdrawalPaid', failed: 'withdrawalReturned', cancelled: 'withdrawalCancelled' } as const;

/** The mails other features' events cause. Each runs after its event's commit; a mail that fails never undoes the event. */
@Injectable()
export class MailNotifications {
  constructor(
    private readonly mail: MailService,
    private readonly tokens: MailTokensService,
    private readonly repo: MailRepository,
    private readonly clock: Clock,
  ) {}

  /** A new account: the link that confirms its address, in the language it registered in. */
  @OnAppEvent('user.registered')
  async registered(e: AppEvents['user.registered']): Promise<void> {
    const locale = knownLocale(e.locale);
    if (locale) await this.mail.rememberLocale(e.userId, locale);
    const token = await this.tokens.issue('confirm', e.userId, e.email);
    await this.mail.toUser(
      e.userId,
      'emailConfirm',
      { link: this.mail.link('confirm-email', token), hours: String(MAIL_TOKEN_TTL_MS.confirm / 3_600_000) },
      locale,
    );
  }

  /** Mails that no request causes (a decision, a new device) go in the language the user last signed in with. */
  @OnAppEvent('user.signedIn')
  async signedIn(e: AppEvents['user.signedIn']): Promise<void> {
    const locale = knownLocale(e.locale);
    if (locale) await this.mail.rememberLocale(e.userId, locale);
  }

  @OnAppEvent('user.newDevice')
  async newDevice(e: AppEvents['user.newDevice']): Promise<void> {
    await this.mail.toUser(e.userId, 'newDevice', { at: e.at, device: e.device, ip: e.ip });
  }

  @OnAppEvent('user.passwordChanged')
  async passwordChanged(e: AppEvents['user.passwordChanged']): Promise<void> {
    await this.mail.toUser(e.userId, 'passwordChanged', { at: mailTime(this.clock.now()) }, knownLocale(e.locale));
  }

  @OnAppEvent('withdrawal.requested')
  async withdrawalRequested(e: AppEvents['withdrawal.requested']): Promise<void> {
    const w = await this.repo.withdrawal(e.withdrawalId);
    if (w) await this.mail.toUser(e.userId, 'withdrawalRequested', { orderNo: w.order_no, amount: formatCents(e.amount) });
  }

  @OnAppEvent('kyc.decided')
  async kycDecided(e: AppEvents['kyc.decided']): Promise<void> {
    await this.mail.verificationDecided(e.userId, e.status === 'verified', e.reason ?? undefined);
  }

  @OnAppEvent('withdrawal.decided')
  async withdrawalDecided(e: AppEvents['withdrawal.decided']): Promise<void> {
    const w = await this.repo.withdrawal(e.withdrawalId);
    if (!w) return;
    const vars = { orderNo: w.order_no, amount: formatCents(toCents(w.amount)) };
    if (e.status === 'failed') await this.mail.toUser(e.userId, 'withdrawalReturned', { ...vars, reason: w.reason || '-' });
    else await this.mail.toUser(e.userId, DECIDED[e.status], vars);
  }
}
