import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../database/rows.js';

/** The system messages the server sends, each a title and body under `inbox:<key>` in every locale. */
export type SystemMessageKey =
  | 'depositApproved'
  | 'depositRejected'
  | 'withdrawalPaid'
  | 'withdrawalRejected'
  | 'withdrawalAccountBound'
  | 'withdrawalAccountChanged'
  | 'newLogin'
  | 'passwordReset'
  | 'totpEnabled'
  | 'totpDisabled'
  | 'kycApproved'
  | 'kycRejected'
  | 'kycRejectedFinal'
  | 'priceAlert'
  | 'limitRaisePending'
  | 'supportReplied';

/** A message as read for one user: `read` is that user's marker (a broadcast is one row with a marker per user). */
export interface MessageRow {
  id: string;
  text_key: SystemMessageKey | null;
  vars: Record<string, string>;
  titles: Record<string, string> | null;
  bodies: Record<string, string> | null;
  created_at: Date;
  read: boolean;
}

const COLUMNS = 'm.id::text, m.text_key, m.vars, m.titles, m.bodies, m.created_at';

/** The inbox tables: `messages` (per user, or a broadcast when user_id is null) and the per-user `message_reads`. */
@Injectable()
export class MessagesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** A system message (a translation key and its variables), in `em`'s transaction when given. */
  async insertSystem(userId: string, key: SystemMessageKey, vars: Record<string, string>, em: EntityManager = this.ds.manager): Promise<MessageRow> {
    const [row]: MessageRow[] = await em.query(
      `INSERT INTO messages AS m (user_id, text_key, vars) VALUES ($1, $2, $3::jsonb) RETURNING ${COLUMNS}, false AS read`,
      [userId, key, JSON.stringify(vars)],
    );
    return row!;
  }

  /** An operator's message with its texts per locale; `userId` null is a broadcast. */
  async insertFromOperator(
    em: EntityManager,
    m: { userId: string | null; titles: Partial<Record<string, string>>; bodies: Partial<Record<string, string>>; operatorId: string },
  ): Promise<MessageRow> {
    const [row]: MessageRow[] = await em.query(
      `INSERT INTO messages AS m (user_id, titles, bodies, operator_id) VALUES ($1, $2::jsonb, $3::jsonb, $4) RETURNING ${COLUMNS}, false AS read`,
      [m.userId, JSON.stringify(m.titles), JSON.stringify(m.bodies), m.operatorId],
    );
    return row!;
  }

  /** A message just stored, as its push shows it (unread). */
  async findNew(id: string): Promise<MessageRow | null> {
    const [row]: MessageRow[] = await this.ds.query(`SELECT ${COLUMNS}, false AS read FROM messages m WHERE m.id = $1::bigint`, [id]);
    return row ?? null;
  }

  async userExists(em: EntityManager, userId: string): Promise<boolean> {
    const [user]: unknown[] = await em.query(`SELECT 1 FROM users WHERE id = $1`, [userId]);
    return user !== undefined;
  }

  /** The user's messages and the broadcasts, newest first, with ids below `cursor` when given. */
  listForUser(userId: string, cursor: string | null, limit: number): Promise<MessageRow[]> {
    return this.ds.query(
      `SELECT ${COLUMNS}, EXISTS (SELECT 1 FROM message_reads r WHERE r.user_id = $1 AND r.message_id = m.id) AS read
         FROM messages m
        WHERE (m.user_id = $1 OR m.user_id IS NULL) AND m.withdrawn_at IS NULL AND ($2::bigint IS NULL OR m.id < $2::bigint)
        ORDER BY m.id DESC LIMIT $3`,
      [userId, cursor, limit],
    );
  }

  async countUnread(userId: string): Promise<number> {
    const [{ count }]: { count: number }[] = await this.ds.query(
      `SELECT count(*)::int AS count FROM messages m
        WHERE (m.user_id = $1 OR m.user_id IS NULL) AND m.withdrawn_at IS NULL AND NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.user_id = $1 AND r.message_id = m.id)`,
      [userId],
    );
    return count;
  }

  /** Marks one message the user can see read; false when nothing was marked (already read, or not theirs). */
  async markRead(userId: string, id: string): Promise<boolean> {
    const inserted: unknown[] = await this.ds.query(
      `INSERT INTO message_reads (user_id, message_id)
           SELECT $1, m.id FROM messages m WHERE m.id = $2::bigint AND (m.user_id = $1 OR m.user_id IS NULL) AND m.withdrawn_at IS NULL
           ON CONFLICT DO NOTHING RETURNING 1`,
      [userId, id],
    );
    return inserted.length > 0;
  }

  /** Whether the message is a broadcast that was withdrawn. */
  async isWithdrawnBroadcast(em: EntityManager, id: string): Promise<boolean> {
    const [row]: unknown[] = await em.query(`SELECT 1 FROM messages WHERE id = $1::bigint AND user_id IS NULL AND withdrawn_at IS NOT NULL`, [id]);
    return row !== undefined;
  }

  /** Whether the message exists and is the user's or a broadcast. */
  async isVisible(userId: string, id: string): Promise<boolean> {
    const [visible]: unknown[] = await this.ds.query(
      `SELECT 1 FROM messages WHERE id = $2::bigint AND (user_id = $1 OR user_id IS NULL) AND withdrawn_at IS NULL`,
      [userId, id],
    );
    return visible !== undefined;
  }

  /** The broadcasts, newest first, withdrawn ones included (for the console). */
  listBroadcasts(limit: number): Promise<(MessageRow & { withdrawn_at: Date | null })[]> {
    return this.ds.query(
      `SELECT ${COLUMNS}, m.withdrawn_at, false AS read FROM messages m WHERE m.user_id IS NULL AND m.text_key IS NULL ORDER BY m.id DESC LIMIT $1`,
      [limit],
    );
  }

  /** Marks a live broadcast withdrawn; its titles when it was one, null otherwise (unknown, to one user, or withdrawn already). */
  async withdrawBroadcast(em: EntityManager, id: string): Promise<Record<string, string> | null> {
    const [row] = returnedRows<{ titles: Record<string, string> }>(
      await em.query(`UPDATE messages SET withdrawn_at = now() WHERE id = $1::bigint AND user_id IS NULL AND withdrawn_at IS NULL RETURNING titles`, [id]),
    );
    return row?.titles ?? null;
  }

  async markAllRead(userId: string): Promise<void> {
    await this.ds.query(
      `INSERT INTO message_reads (user_id, message_id)
       SELECT $1, m.id FROM messages m WHERE m.user_id = $1 OR m.user_id IS NULL
       ON CONFLICT DO NOTHING`,
      [userId],
    );
  }
}
