import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DEFAULT_LOCALE, LOCALES, MAIL_KINDS, type Locale, type MailKind, type MailPreferences } from '@candor/contracts';
import { REDIS_KEYS } from '@candor/cross-process';
import { translate } from '@candor/i18n';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS } from '../redis/redis.module.js';
import { MailQueue } from './mail-queue.js';
import { MailRepository } from './mail.repository.js';
import { MAIL_TEMPLATES, renderMail, type MailTemplate, type MailVars } from './mail-templates.js';

const THROTTLE_WINDOW_SECONDS = 3600;

/** A stored or asked-for language, if it is one of ours. */
export function knownLocale(value: string | null | undefined): Locale | undefined {
  return LOCALES.find((l) => l === value);
}

/**
 * Renders mails in the recipient's language and queues them for the worker. Nothing here throws on a mail
 * that cannot be queued: the action that caused it has already happened and stands.
 */
@Injectable()
export class MailService {
  private readonly log = new Logger('mail');
  constructor(
    private readonly repo: MailRepository,
    private readonly queue: MailQueue,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The web app's page for a mailed token: `${PUBLIC_URL}/#/<page>?token=...`. */
  link(page: 'reset-password' | 'confirm-email', token: string): string {
    const origin = this.config.PUBLIC_URL ?? `http://localhost:${this.config.PORT}`;
    return `${origin}/#/${page}?token=${encodeURIComponent(token)}`;
  }

  /** Renders and queues one mail to an address; true when it was queued. */
  async toAddress<T extends MailTemplate>(to: string, locale: Locale, template: T, vars: MailVars[T]): Promise<boolean> {
    const mail = renderMail(locale, template, vars);
    return (await this.queue.add({ kind: template, to, ...mail })) !== null;
  }

  /**
   * A mail to the user's current address, in `locale` when the request that caused it asked for one, else in the
   * language they last used. Skipped when the user turned this kind off (security mails always go).
   */
  async toUser<T extends MailTemplate>(userId: string, template: T, vars: MailVars[T], locale?: Locale): Promise<boolean> {
    const r = await this.repo.recipient(userId);
    if (!r) return false;
    const kind: MailKind | null = MAIL_TEMPLATES[template].preference;
    if (kind && r.mail_preferences[kind] === false) return false;
    return this.toAddress(r.email, locale ?? knownLocale(r.locale) ?? DEFAULT_LOCALE, template, vars);
  }

  /** Tells the user a verification decision (a kind they may turn off); the reviewer's reason code in the mail's language. */
  async verificationDecided(userId: string, approved: boolean, reasonCode?: string): Promise<boolean> {
    if (approved) return this.toUser(userId, 'verificationApproved', {});
    const r = await this.repo.recipient(userId);
    const locale = knownLocale(r?.locale) ?? DEFAULT_LOCALE;
    const reason = reasonCode ? translate(locale, `inbox:kycReasons.${reasonCode}`) : '-';
    return this.toUser(userId, 'verificationRejected', { reason }, locale);
  }

  async rememberLocale(userId: string, locale: Locale): Promise<void> {
    await this.repo.setLocale(userId, locale).catch((e: Error) => this.log.warn(`locale of ${userId} not stored: ${e.message}`));
  }

  /**
   * Counts one mail of `kind` for the account in the current hour; answers false (and how long until the window
   * ends) when `limit` were already sent. A brake on mail bombing through the routes that send on request.
   */
  async takeThrottle(kind: string, userId: string, limit: number): Promise<{ ok: boolean; retryAfterMs: number }> {
    const key = REDIS_KEYS.mailThrottle(kind, userId);
    const res = await this.redis.multi().incr(key).expire(key, THROTTLE_WINDOW_SECONDS, 'NX').pttl(key).exec();
    const count = Number(res?.[0]?.[1] ?? 0);
    return { ok: count <= limit, retryAfterMs: Number(res?.[2]?.[1] ?? THROTTLE_WINDOW_SECONDS * 1000) };
  }

  async preferences(userId: string): Promise<MailPreferences> {
    const r = await this.repo.recipient(userId);
    return withDefaults(r?.mail_preferences ?? {});
  }

  async updatePreferences(userId: string, patch: Partial<MailPreferences>): Promise<MailPreferences> {
    const known = Object.fromEntries(Object.entries(patch).filter(([k, v]) => (MAIL_KINDS as readonly string[]).includes(k) && typeof v === 'boolean'));
    return withDefaults(await this.repo.updatePreferences(userId, known));
  }
}

/** Every kind, on unless turned off. */
function withDefaults(stored: Partial<Record<MailKind, boolean>>): MailPreferences {
  return Object.fromEntries(MAIL_KINDS.map((k) => [k, stored[k] !== false])) as MailPreferences;
}
