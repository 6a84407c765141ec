import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { MailKind } from '@candor/contracts';

/** Who a user's mail goes to: the address, the language they last used, the kinds they turned off. */
export interface MailRecipientRow {
  email: string;
  locale: string | null;
  mail_preferences: Partial<Record<MailKind, boolean>>;
}

/** A withdrawal as its mails name it. */
export interface WithdrawalMailRow {
  order_no: string;
  amount: string;
  reason: string | null;
}

/** The users' mail columns (locale, preferences) and the rows mails describe; no business rules here. */
@Injectable()
export class MailRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async recipient(userId: string): Promise<MailRecipientRow | null> {
    const [row]: MailRecipientRow[] = await this.ds.query(`SELECT email, locale, mail_preferences FROM users WHERE id = $1`, [userId]);
    return row ?? null;
  }

  /** Remembers the language the user last used, for mails no request of theirs causes. */
  async setLocale(userId: string, locale: string): Promise<void> {
    await this.ds.query(`UPDATE users SET locale = $2 WHERE id = $1 AND locale IS DISTINCT FROM $2`, [userId, locale]);
  }

  /** Stores the given kinds' settings (others keep theirs) and answers every stored setting. */
  async updatePreferences(
    userId: string,
    patch: Partial<Record<MailKind, boolean>>,
    em: EntityManager = this.ds.manager,
  ): Promise<Partial<Record<MailKind, boolean>>> {
    const [[row]]: [{ mail_preferences: Partial<Record<MailKind, boolean>> }[], number] = await em.query(
      `UPDATE users SET mail_preferences = mail_preferences || $2::jsonb WHERE id = $1 RETURNING mail_preferences`,
      [userId, JSON.stringify(patch)],
    );
    return row?.mail_preferences ?? {};
  }

  async withdrawal(withdrawalId: string): Promise<WithdrawalMailRow | null> {
    const [row]: WithdrawalMailRow[] = await this.ds.query(`SELECT order_no, amount::text AS amount, reason FROM withdrawals WHERE id = $1`, [withdrawalId]);
    return row ?? null;
  }
}
