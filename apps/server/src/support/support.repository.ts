import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { rolesWith, type SupportSender, type SupportStatus } from '@candor/contracts';
import { keysetPosition, type KeysetPosition } from '../common/keyset.js';
import { returnedRows } from '../database/rows.js';

export interface ConversationRow {
  id: string;
  user_id: string;
  user_email: string;
  assignee_id: string | null;
  assignee_email: string | null;
  status: 'open' | 'closed';
  last_message_at: Date;
  last_preview: string;
  user_unread: number;
  agent_unread: number;
  /** The inbox's keyset position: `0|time|id` for an unassigned conversation, `1|...` for an assigned one. */
  position: string;
}
export interface SupportMessageRow {
  id: string;
  conversation_id: string;
  user_id: string;
  sender: SupportSender;
  client_id: string;
  operator_email: string | null;
  body: string | null;
  upload_id: string | null;
  status: SupportStatus;
  created_at: Date;
  position: string;
}
export interface NoteRow {
  id: string;
  conversation_id: string;
  operator_email: string | null;
  body: string;
  created_at: Date;
  position: string;
}
export interface CannedRow {
  id: string;
  locale: string;
  title: string;
  body: string;
  updated_at: Date;
}

const CONVERSATION = `c.id, c.user_id, u.email AS user_email, c.assignee_id, o.email AS assignee_email, c.status, c.last_message_at,
  c.last_preview, c.user_unread, c.agent_unread,
  (CASE WHEN c.assignee_id IS NULL THEN '0' ELSE '1' END) || '|' || ${keysetPosition('c.last_message_at')} AS position`;
const CONVERSATION_FROM = `support_conversations c JOIN users u ON u.id = c.user_id LEFT JOIN operators o ON o.id = c.assignee_id`;
const MESSAGE = `m.id, m.conversation_id, c.user_id, m.sender, m.client_id, op.email AS operator_email, m.body, m.upload_id, m.status,
  m.created_at, ${keysetPosition('m.created_at')} AS position`;
const MESSAGE_FROM = `support_messages m JOIN support_conversations c ON c.id = m.conversation_id LEFT JOIN operators op ON op.id = m.operator_id`;

/** The chat's tables: conversations, messages, agents' notes and canned replies. All SQL of the feature is here. */
@Injectable()
export class SupportRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The user's conversation, created on first use; locked in `em`'s transaction. */
  async ensureConversation(em: EntityManager, userId: string): Promise<{ id: string; status: string; user_unread: number }> {
    await em.query(`INSERT INTO support_conversations (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [userId]);
    const [row]: { id: string; status: string; user_unread: number }[] = await em.query(
      `SELECT id, status, user_unread FROM support_conversations WHERE user_id = $1 FOR UPDATE`,
      [userId],
    );
    return row!;
  }

  async conversationOfUser(userId: string): Promise<{ id: string; user_unread: number } | null> {
    const [row]: { id: string; user_unread: number }[] = await this.ds.query(`SELECT id, user_unread FROM support_conversations WHERE user_id = $1`, [userId]);
    return row ?? null;
  }

  async conversation(id: string, em: EntityManager = this.ds.manager, lock = false): Promise<ConversationRow | null> {
    const [row]: ConversationRow[] = await em.query(`SELECT ${CONVERSATION} FROM ${CONVERSATION_FROM} WHERE c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`, [id]);
    return row ?? null;
  }

  /** The inbox: unassigned conversations first, then by the latest message, newest first. */
  async conversations(status: 'open' | 'closed', after: { assigned: boolean; at: string; id: string } | null, limit: number): Promise<ConversationRow[]> {
    const params: unknown[] = [status, limit];
    let where = '';
    if (after) {
      params.push(after.assigned, after.at, after.id);
      where = `AND ((c.assignee_id IS NOT NULL) > $3 OR ((c.assignee_id IS NOT NULL) = $3 AND (c.last_message_at, c.id) < ($4::timestamptz, $5::uuid)))`;
    }
    return this.ds.query(
      `SELECT ${CONVERSATION} FROM ${CONVERSATION_FROM} WHERE c.status = $1 ${where}
       ORDER BY (c.assignee_id IS NOT NULL), c.last_message_at DESC, c.id DESC LIMIT $2`,
      params,
    );
  }

  /** Stores a message; a repeated client id answers the stored one with `created: false`. */
  async insertMessage(
    em: EntityManager,
    m: { conversationId: string; sender: SupportSender; clientId: string; operatorId: string | null; body: string | null; uploadId: string | null },
  ): Promise<{ row: SupportMessageRow; created: boolean }> {
    const inserted: { id: string }[] = await em.query(
      `INSERT INTO support_messages (conversation_id, sender, client_id, operator_id, body, upload_id) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (conversation_id, sender, client_id) DO NOTHING RETURNING id`,
      [m.conversationId, m.sender, m.clientId, m.operatorId, m.body, m.uploadId],
    );
    const [row]: SupportMessageRow[] = await em.query(
      `SELECT ${MESSAGE} FROM ${MESSAGE_FROM} WHERE m.conversation_id = $1 AND m.sender = $2 AND m.client_id = $3`,
      [m.conversationId, m.sender, m.clientId],
    );
    return { row: row!, created: inserted.length > 0 };
  }

  /** Counts a new message on its conversation; the user's message reopens a closed conversation. */
  async touch(em: EntityManager, conversationId: string, sender: SupportSender, preview: string): Promise<void> {
    const unread = sender === 'user' ? "agent_unread = agent_unread + 1, status = 'open'" : 'user_unread = user_unread + 1';
    await em.query(`UPDATE support_conversations SET last_message_at = now(), last_preview = $2, ${unread} WHERE id = $1`, [
      conversationId,
      preview.slice(0, 120),
    ]);
  }

  /** One page of messages, newest first, before `before` when given. */
  async history(conversationId: string, before: KeysetPosition | null, limit: number): Promise<SupportMessageRow[]> {
    const params: unknown[] = [conversationId, limit];
    let where = '';
    if (before) {
      params.push(before.createdAt, before.id);
      where = 'AND (m.created_at, m.id) < ($3::timestamptz, $4::uuid)';
    }
    return this.ds.query(`SELECT ${MESSAGE} FROM ${MESSAGE_FROM} WHERE m.conversation_id = $1 ${where} ORDER BY m.created_at DESC, m.id DESC LIMIT $2`, params);
  }

  /** The agents' notes of the same window of time as a page of messages (newest first). */
  async notes(conversationId: string, before: KeysetPosition | null, limit: number): Promise<NoteRow[]> {
    const params: unknown[] = [conversationId, limit];
    let where = '';
    if (before) {
      params.push(before.createdAt, before.id);
      where = 'AND (n.created_at, n.id) < ($3::timestamptz, $4::uuid)';
    }
    return this.ds.query(
      `SELECT n.id, n.conversation_id, o.email AS operator_email, n.body, n.created_at, ${keysetPosition('n.created_at')} AS position
       FROM support_notes n LEFT JOIN operators o ON o.id = n.operator_id
       WHERE n.conversation_id = $1 ${where} ORDER BY n.created_at DESC, n.id DESC LIMIT $2`,
      params,
    );
  }

  async insertNote(em: EntityManager, conversationId: string, operatorId: string, body: string): Promise<NoteRow> {
    const [row]: NoteRow[] = await em.query(
      `WITH n AS (INSERT INTO support_notes (conversation_id, operator_id, body) VALUES ($1, $2, $3) RETURNING *)
       SELECT n.id, n.conversation_id, o.email AS operator_email, n.body, n.created_at, ${keysetPosition('n.created_at')} AS position
       FROM n LEFT JOIN operators o ON o.id = n.operator_id`,
      [conversationId, operatorId, body],
    );
    return row!;
  }

  /**
   * Moves the other side's messages forward (`sent` to `delivered`, or anything unread to `read`); answers the
   * messages it changed, newest first, at most 200 (older ones show their new status on the next load).
   */
  async advance(em: EntityManager, conversationId: string, sender: SupportSender, to: 'delivered' | 'read'): Promise<SupportMessageRow[]> {
    const from = to === 'read' ? `status <> 'read'` : `status = 'sent'`;
    const changed = returnedRows<{ id: string }>(
      await em.query(`UPDATE support_messages SET status = $3 WHERE conversation_id = $1 AND sender = $2 AND ${from} RETURNING id`, [
        conversationId,
        sender,
        to,
      ]),
    );
    if (to === 'read') {
      const counter = sender === 'agent' ? 'user_unread' : 'agent_unread';
      await em.query(`UPDATE support_conversations SET ${counter} = 0 WHERE id = $1`, [conversationId]);
    }
    if (!changed.length) return [];
    return em.query(`SELECT ${MESSAGE} FROM ${MESSAGE_FROM} WHERE m.id = ANY($1::uuid[]) ORDER BY m.created_at DESC, m.id DESC LIMIT 200`, [
      changed.map((c) => c.id),
    ]);
  }

  /** Sets the assignee (or status); answers whether the conversation exists. */
  async update(em: EntityManager, id: string, set: { assigneeId?: string; status?: 'open' | 'closed' }): Promise<boolean> {
    const rows = returnedRows<{ id: string }>(
      await em.query(
        `UPDATE support_conversations SET assignee_id = COALESCE($2::uuid, assignee_id), status = COALESCE($3, status) WHERE id = $1 RETURNING id`,
        [id, set.assigneeId ?? null, set.status ?? null],
      ),
    );
    return rows.length > 0;
  }

  /** An image message's upload and whose conversation it is in. */
  async imageOf(messageId: string): Promise<{ upload_id: string; user_id: string } | null> {
    const [row]: { upload_id: string; user_id: string }[] = await this.ds.query(
      `SELECT m.upload_id, c.user_id FROM support_messages m JOIN support_conversations c ON c.id = m.conversation_id
       WHERE m.id = $1 AND m.upload_id IS NOT NULL`,
      [messageId],
    );
    return row ?? null;
  }

  /** Operators who may take a conversation: a role with `support.chat`, not disabled. */
  async agents(): Promise<{ id: string; email: string }[]> {
    return this.ds.query(`SELECT id, email FROM operators WHERE role = ANY($1) AND disabled_at IS NULL ORDER BY lower(email)`, [rolesWith('support.chat')]);
  }

  async cannedReplies(locale: string | null): Promise<CannedRow[]> {
    return this.ds.query(
      `SELECT id, locale, title, body, updated_at FROM support_canned_replies WHERE $1::text IS NULL OR locale = $1 ORDER BY locale, lower(title), id LIMIT 500`,
      [locale],
    );
  }

  async insertCanned(em: EntityManager, c: { locale: string; title: string; text: string }): Promise<CannedRow> {
    const [row]: CannedRow[] = await em.query(
      `INSERT INTO support_canned_replies (locale, title, body) VALUES ($1, $2, $3) RETURNING id, locale, title, body, updated_at`,
      [c.locale, c.title, c.text],
    );
    return row!;
  }

  async updateCanned(em: EntityManager, id: string, c: { locale?: string; title?: string; text?: string }): Promise<CannedRow | null> {
    const [row] = returnedRows<CannedRow>(
      await em.query(
        `UPDATE support_canned_replies SET locale = COALESCE($2, locale), title = COALESCE($3, title), body = COALESCE($4, body), updated_at = now()
         WHERE id = $1 RETURNING id, locale, title, body, updated_at`,
        [id, c.locale ?? null, c.title ?? null, c.text ?? null],
      ),
    );
    return row ?? null;
  }

  async deleteCanned(em: EntityManager, id: string): Promise<CannedRow | null> {
    const [row] = returnedRows<CannedRow>(
      await em.query(`DELETE FROM support_canned_replies WHERE id = $1 RETURNING id, locale, title, body, updated_at`, [id]),
    );
    return row ?? null;
  }
}
