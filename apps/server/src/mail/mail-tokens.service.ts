import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { secretFor } from '../config/keys.js';
import { Clock } from '../common/clock.js';
import { DomainError } from '../common/domain-error.js';
import { MailTokensRepository, type MailTokenKind, type UsedMailTokenRow } from './mail-tokens.repository.js';

/** A password-reset link lives 30 minutes; an address-confirmation link 48 hours. */
export const MAIL_TOKEN_TTL_MS: Record<MailTokenKind, number> = { reset: 30 * 60_000, confirm: 48 * 3_600_000 };

/**
 * One-use links sent by mail. The token (32 random bytes, base64url) appears only in the mail; the table keeps its
 * HMAC-SHA256 under the mail key, so neither a copy of the table nor a guess opens anything.
 */
@Injectable()
export class MailTokensService {
  private readonly key: string;
  constructor(
    private readonly repo: MailTokensRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = secretFor(config, 'mail');
  }

  hash(token: string): Buffer {
    return createHmac('sha256', this.key).update(token, 'utf8').digest();
  }

  /** A new token of `kind` for the user's `email`, stored in `em`'s transaction when given. */
  async issue(kind: MailTokenKind, userId: string, email: string, em?: EntityManager): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const createdAt = this.clock.now();
    const expiresAt = new Date(createdAt.getTime() + MAIL_TOKEN_TTL_MS[kind]);
    await this.repo.insert({ kind, userId, hash: this.hash(token), email, createdAt, expiresAt }, em);
    return token;
  }

  /** Uses the token in `em`'s transaction (it counts as used only if that commits); RESET_TOKEN_INVALID when unknown, used or expired. */
  async use(em: EntityManager, kind: MailTokenKind, token: string): Promise<UsedMailTokenRow> {
    const row = /^[A-Za-z0-9_-]{43}$/.test(token) ? await this.repo.use(em, kind, this.hash(token), this.clock.now()) : null;
    if (!row) throw new DomainError('RESET_TOKEN_INVALID', 'token');
    return row;
  }

  /** Ends the user's other open links of `kind`. */
  voidOpen(em: EntityManager, userId: string, kind: MailTokenKind): Promise<number> {
    return this.repo.voidOpen(em, userId, kind, this.clock.now());
  }
}
