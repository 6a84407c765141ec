import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { channel, DEFAULT_LOCALE, isIdBeyondBigint, type Locale, type Page, type SendMessageBody, type SystemMessage } from '@candor/contracts';
import { translate } from '@candor/i18n';
import { DomainError } from '../common/domain-error.js';
import { AuditService } from '../admin/audit.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { AuthService } from '../auth/auth.service.js';

/** The system messages the server sends, each a title and body under `inbox:<key>` in every locale. */
export type SystemMessageKey =
  'depositApproved' | 'depositRejected' | 'withdrawalPaid' | 'withdrawalRejected' | 'withdrawalAccountBound' | 'withdrawalAccountChanged' | 'newLogin';

interface MessageRow {
  id: string;
  text_key: SystemMessageKey | null;
  vars: Record<string, string>;
  titles: Record<string, string> | null;
  bodies: Record<string, string> | null;
  created_at: Date;
  read: boolean;
}

const COLUMNS = 'm.id::text, m.text_key, m.vars, m.titles, m.bodies, m.created_at';
const inLocale = (texts: Record<string, string>, locale: Locale): string => texts[locale] || texts[DEFAULT_LOCALE] || '';

function toMessage(r: MessageRow, locale: Locale): SystemMessage {
  const title = r.text_key ? translate(locale, `inbox:${r.text_key}.title`, r.vars) : inLocale(r.titles ?? {}, locale);
  const body = r.text_key ? translate(locale, `inbox:${r.text_key}.body`, r.vars) : inLocale(r.bodies ?? {}, locale);
  return { id: r.id, title, body, createdAt: r.created_at.toISOString(), read: r.read };
}

/**
 * The inbox: per-user messages and broadcasts (one row read by everyone, with a per-user read marker).
 * A message is stored in the transaction of what it reports; its socket push goes after the commit.
 */
@Injectable()
export class MessagesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly gateway: RealtimeGateway,
    auth: AuthService,
  ) {
    auth.onNewDevice((userId, vars) => this.notify(userId, 'newLogin', vars));
  }

  /** Stores a system message in `em`'s transaction; call the returned function after the commit to push it. */
  async system(em: EntityManager, userId: string, key: SystemMessageKey, vars: Record<string, string>): Promise<() => void> {
    const [row]: MessageRow[] = await em.query(
      `INSERT INTO messages AS m (user_id, text_key, vars) VALUES ($1, $2, $3::jsonb) RETURNING ${COLUMNS}, false AS read`,
      [userId, key, JSON.stringify(vars)],
    );
    return () => this.push(userId, row!);
  }

  /** Stores and pushes at once a message about something that has no transaction of its own (a new login). */
  async notify(userId: string, key: SystemMessageKey, vars: Record<string, string>): Promise<void> {
    (await this.system(this.ds.manager, userId, key, vars))();
  }

  async send(operatorId: string, body: SendMessageBody, ip: string | null): Promise<SystemMessage> {
    const row = await this.ds.transaction(async (em) => {
      if (body.userId) {
        const [user] = await em.query(`SELECT 1 FROM users WHERE id = $1`, [body.userId]);
        if (!user) throw new DomainError('VALIDATION_FAILED', 'userId');
      }
      const [inserted]: MessageRow[] = await em.query(
        `INSERT INTO messages AS m (user_id, titles, bodies, operator_id) VALUES ($1, $2::jsonb, $3::jsonb, $4) RETURNING ${COLUMNS}, false AS read`,
        [body.userId ?? null, JSON.stringify(body.title), JSON.stringify(body.body), operatorId],
      );
      await this.audit.record(
        { operatorId, action: 'message.send', targetType: 'message', targetId: inserted!.id, userId: body.userId ?? null, details: { title: body.title }, ip },
        em,
      );
      return inserted!;
    });
    this.push(body.userId ?? null, row);
    return toMessage(row, DEFAULT_LOCALE);
  }

  /** The user's messages and the broadcasts, newest first; `cursor` is the last id seen. */
  async list(userId: string, locale: Locale, q: { limit?: number; cursor?: string }): Promise<Page<SystemMessage>> {
    const limit = q.limit ?? 20;
    const rows: MessageRow[] = await this.ds.query(
      `SELECT ${COLUMNS}, EXISTS (SELECT 1 FROM message_reads r WHERE r.user_id = $1 AND r.message_id = m.id) AS read
         FROM messages m
        WHERE (m.user_id = $1 OR m.user_id IS NULL) AND ($2::bigint IS NULL OR m.id < $2::bigint)
        ORDER BY m.id DESC LIMIT $3`,
      [userId, q.cursor ?? null, limit + 1],
    );
    const items = rows.slice(0, limit);
    return { items: items.map((r) => toMessage(r, locale)), nextCursor: rows.length > limit ? items[items.length - 1]!.id : null };
  }

  async unreadCount(userId: string): Promise<{ count: number }> {
    const [{ count }]: { count: number }[] = await this.ds.query(
      `SELECT count(*)::int AS count FROM messages m
        WHERE (m.user_id = $1 OR m.user_id IS NULL) AND NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.user_id = $1 AND r.message_id = m.id)`,
      [userId],
    );
    return { count };
  }

  async markRead(userId: string, id: string): Promise<void> {
    if (isIdBeyondBigint(id)) throw new DomainError('VALIDATION_FAILED', 'id');
    const inserted: unknown[] = /^\d{1,18}$/.test(id)
      ? await this.ds.query(
          `INSERT INTO message_reads (user_id, message_id)
           SELECT $1, m.id FROM messages m WHERE m.id = $2::bigint AND (m.user_id = $1 OR m.user_id IS NULL)
           ON CONFLICT DO NOTHING RETURNING 1`,
          [userId, id],
        )
      : [];
    if (inserted.length === 0) {
      const [visible] = /^\d{1,18}$/.test(id)
        ? await this.ds.query(`SELECT 1 FROM messages WHERE id = $2::bigint AND (user_id = $1 OR user_id IS NULL)`, [userId, id])
        : [];
      if (!visible) throw new DomainError('NOT_FOUND');
    }
  }

  async readAll(userId: string): Promise<void> {
    await this.ds.query(
      `INSERT INTO message_reads (user_id, message_id)
       SELECT $1, m.id FROM messages m WHERE m.user_id = $1 OR m.user_id IS NULL
       ON CONFLICT DO NOTHING`,
      [userId],
    );
  }

  /** The `message` event, in the default language (clients refetch the inbox in theirs); a broadcast goes to every socket. */
  private push(userId: string | null, row: MessageRow): void {
    const event = toMessage(row, DEFAULT_LOCALE);
    const server = this.gateway.server;
    if (!server) return;
    if (userId) server.to(channel.user(userId)).emit('message', event);
    else server.emit('message', event);
  }
}
