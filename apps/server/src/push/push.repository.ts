import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MAX_PUSH_SUBSCRIPTIONS, type PushKind } from '@candor/contracts';
import { returnedRows } from '../database/rows.js';

export interface PushSubscriptionRow {
  id: string;
  endpoint: string;
  kinds: PushKind[];
  created_at: Date;
  updated_at: Date;
}

/** What sending one notification needs: the endpoint, the browser's keys and the kinds it receives now. */
export interface PushTargetRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  kinds: PushKind[];
}

/** A user's subscriptions of one kind, with the language their notifications are written in. */
export interface PushRecipientRow {
  id: string;
  user_id: string;
  locale: string | null;
}

const COLUMNS = `id::text, endpoint, kinds, created_at, updated_at`;

/** The push_subscriptions table; no business rules here. */
@Injectable()
export class PushRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Stores the endpoint for the user: a new row, or the existing row of that endpoint (whoever held it) with the
   * new keys. `kinds` null keeps the row's kinds when it was this user's, else gives it `fallback`. Then drops the
   * user's least recently registered rows beyond MAX_PUSH_SUBSCRIPTIONS.
   */
  async upsert(s: { userId: string; endpoint: string; p256dh: string; auth: string; kinds: PushKind[] | null; fallback: PushKind[] }): Promise<string> {
    const [row]: { id: string }[] = await this.ds.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, kinds)
       VALUES ($1, $2, $3, $4, COALESCE($5::text[], $6::text[]))
       ON CONFLICT (endpoint) DO UPDATE
          SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, updated_at = now(),
              kinds = CASE WHEN $5::text[] IS NOT NULL THEN $5::text[]
                           WHEN push_subscriptions.user_id = EXCLUDED.user_id THEN push_subscriptions.kinds
                           ELSE $6::text[] END,
              user_id = EXCLUDED.user_id
       RETURNING id::text`,
      [s.userId, s.endpoint, s.p256dh, s.auth, s.kinds, s.fallback],
    );
    await this.ds.query(
      `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
         SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY updated_at DESC, id LIMIT $2)`,
      [s.userId, MAX_PUSH_SUBSCRIPTIONS],
    );
    return row!.id;
  }

  listForUser(userId: string): Promise<PushSubscriptionRow[]> {
    return this.ds.query(`SELECT ${COLUMNS} FROM push_subscriptions WHERE user_id = $1 ORDER BY updated_at DESC, id`, [userId]);
  }

  /** Sets the kinds of the user's own subscription; null when the user has none of that id. */
  async setKinds(userId: string, id: string, kinds: PushKind[]): Promise<PushSubscriptionRow | null> {
    const [row] = returnedRows<PushSubscriptionRow>(
      await this.ds.query(`UPDATE push_subscriptions SET kinds = $3::text[] WHERE id = $2::uuid AND user_id = $1 RETURNING ${COLUMNS}`, [userId, id, kinds]),
    );
    return row ?? null;
  }

  /** Removes the user's own subscription; false when the user has none of that id. */
  async remove(userId: string, id: string): Promise<boolean> {
    const rows = returnedRows<{ id: string }>(
      await this.ds.query(`DELETE FROM push_subscriptions WHERE id = $2::uuid AND user_id = $1 RETURNING id::text`, [userId, id]),
    );
    return rows.length > 0;
  }

  /** The subscriptions of these users that receive `kind`, with each user's language. */
  recipients(userIds: readonly string[], kind: PushKind): Promise<PushRecipientRow[]> {
    return this.ds.query(
      `SELECT s.id::text, s.user_id::text, u.locale
         FROM push_subscriptions s JOIN users u ON u.id = s.user_id
        WHERE s.user_id = ANY($1::uuid[]) AND $2 = ANY(s.kinds)`,
      [userIds, kind],
    );
  }

  async target(id: string): Promise<PushTargetRow | null> {
    const [row]: PushTargetRow[] = await this.ds.query(
      `SELECT id::text, user_id::text, endpoint, p256dh, auth, kinds FROM push_subscriptions WHERE id = $1::uuid`,
      [id],
    );
    return row ?? null;
  }

  /** Removes a subscription the push service says is gone, unless it was registered again since (`endpoint` changed owner or keys). */
  async removeGone(id: string, endpoint: string, p256dh: string): Promise<void> {
    await this.ds.query(`DELETE FROM push_subscriptions WHERE id = $1::uuid AND endpoint = $2 AND p256dh = $3`, [id, endpoint, p256dh]);
  }
}
