import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DEFAULT_LOCALE, isIdBeyondBigint, type AdminBroadcast, type Locale, type Page, type SendMessageBody, type SystemMessage } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { AuditService } from '../admin/audit.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { MessagesRepository } from './messages.repository.js';
import { pushMessage, toMessage } from './message-view.js';

/**
 * The inbox: per-user messages and broadcasts (one row read by everyone, with a per-user read marker).
 * The server's own messages are written by `SystemMessages`; this serves the inbox and the operators' messages.
 */
@Injectable()
export class MessagesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly messages: MessagesRepository,
    private readonly audit: AuditService,
    private readonly gateway: RealtimeGateway,
  ) {}

  async send(operatorId: string, body: SendMessageBody, ip: string | null): Promise<SystemMessage> {
    const row = await this.ds.transaction(async (em) => {
      if (body.userId && !(await this.messages.userExists(em, body.userId))) throw new DomainError('VALIDATION_FAILED', 'userId');
      const inserted = await this.messages.insertFromOperator(em, { userId: body.userId ?? null, titles: body.title, bodies: body.body, operatorId });
      await this.audit.record(
        { operatorId, action: 'message.send', targetType: 'message', targetId: inserted.id, userId: body.userId ?? null, details: { title: body.title }, ip },
        em,
      );
      return inserted;
    });
    pushMessage(this.gateway, body.userId ?? null, row);
    return toMessage(row, DEFAULT_LOCALE);
  }

  /** The newest broadcasts (withdrawn ones too), for the console. */
  async broadcasts(): Promise<AdminBroadcast[]> {
    const rows = await this.messages.listBroadcasts(50);
    return rows.map((r) => ({
      id: r.id,
      title: toMessage(r, DEFAULT_LOCALE).title,
      createdAt: r.created_at.toISOString(),
      withdrawnAt: r.withdrawn_at ? new Date(r.withdrawn_at).toISOString() : null,
    }));
  }

  /**
   * Takes a broadcast back: it leaves every inbox and unread count at once; audited. Withdrawing it again
   * changes nothing; a message to one user, or none, is `404`.
   */
  async withdraw(operatorId: string, id: string, ip: string | null): Promise<void> {
    if (!/^\d{1,18}$/.test(id)) throw new DomainError('NOT_FOUND');
    await this.ds.transaction(async (em) => {
      const titles = await this.messages.withdrawBroadcast(em, id);
      if (!titles) {
        if (await this.messages.isWithdrawnBroadcast(em, id)) return;
        throw new DomainError('NOT_FOUND');
      }
      await this.audit.record(
        { operatorId, action: 'message.withdraw', targetType: 'message', targetId: id, userId: null, details: { title: titles }, ip },
        em,
      );
    });
  }

  /** The user's messages and the broadcasts, newest first; `cursor` is the last id seen. */
  async list(userId: string, locale: Locale, q: { limit?: number; cursor?: string }): Promise<Page<SystemMessage>> {
    const limit = q.limit ?? 20;
    const rows = await this.messages.listForUser(userId, q.cursor ?? null, limit + 1);
    const items = rows.slice(0, limit);
    return { items: items.map((r) => toMessage(r, locale)), nextCursor: rows.length > limit ? items[items.length - 1]!.id : null };
  }

  async unreadCount(userId: string): Promise<{ count: number }> {
    return { count: await this.messages.countUnread(userId) };
  }

  async markRead(userId: string, id: string): Promise<void> {
    if (isIdBeyondBigint(id)) throw new DomainError('VALIDATION_FAILED', 'id');
    // Anything but a bigint's digits names no message (and must not reach a ::bigint cast).
    const wellFormed = /^\d{1,18}$/.test(id);
    if (wellFormed && (await this.messages.markRead(userId, id))) return;
    if (!wellFormed || !(await this.messages.isVisible(userId, id))) throw new DomainError('NOT_FOUND');
  }

  async readAll(userId: string): Promise<void> {
    await this.messages.markAllRead(userId);
  }
}
