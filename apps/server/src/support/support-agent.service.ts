import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  SUPPORT_AGENTS_ROOM,
  type AdminSupportConversation,
  type AdminSupportEntry,
  type AdminSupportMessage,
  type AuditAction,
  type CannedReplyBody,
  type CannedReplyPatch,
  type Locale,
  type Page,
  type SupportAgent,
  type SupportCannedReply,
  type SupportNote,
} from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { isUuid, keysetCursor, parseKeysetCursor } from '../common/keyset.js';
import { AuditService } from '../admin/audit.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { SupportChatService, type SupportInput } from './support-chat.service.js';
import { SupportRepository, type ConversationRow } from './support.repository.js';
import { pushMessages, toAgentMessage, toCanned, toConversation, toNote } from './support-view.js';

/** The inbox's cursor: whether the last conversation was assigned, its last message's time, its id. */
function inboxCursor(cursor: string | undefined): { assigned: boolean; at: string; id: string } | null {
  if (!cursor) return null;
  const [flag, at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if ((flag !== '0' && flag !== '1') || !at || !id || !isUuid(id) || Number.isNaN(Date.parse(at))) throw new DomainError('VALIDATION_FAILED', 'cursor');
  return { assigned: flag === '1', at, id };
}

/**
 * The agents' side of the chat: the inbox, one conversation's messages and notes, replies, assignment, read
 * marks, closing and reopening, and the canned replies. Every change is audited in its own transaction; a
 * note's text is never in the audit line (the user reads their operator actions) nor in anything users get.
 */
@Injectable()
export class SupportAgentService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: SupportRepository,
    private readonly chat: SupportChatService,
    private readonly audit: AuditService,
    private readonly uploads: UploadsService,
    private readonly gateway: RealtimeGateway,
  ) {}

  async inbox(q: { status?: 'open' | 'closed'; limit?: number; cursor?: string }): Promise<Page<AdminSupportConversation>> {
    const limit = q.limit ?? 30;
    const rows = await this.repo.conversations(q.status ?? 'open', inboxCursor(q.cursor), limit + 1);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return { items: items.map(toConversation), nextCursor: rows.length > limit && last ? keysetCursor(last.position, last.id) : null };
  }

  async conversation(id: string): Promise<AdminSupportConversation> {
    return toConversation(await this.found(id));
  }

  /** Messages and notes together, newest first; the first page marks the user's messages delivered. */
  async entries(id: string, q: { limit?: number; cursor?: string }): Promise<Page<AdminSupportEntry>> {
    await this.found(id);
    const before = parseKeysetCursor(q.cursor);
    if (!before) await this.chat.advance(id, 'user', 'delivered');
    const limit = q.limit ?? 30;
    const [messages, notes] = await Promise.all([this.repo.history(id, before, limit + 1), this.repo.notes(id, before, limit + 1)]);
    const merged = [
      ...messages.map((r) => ({ key: [r.position, r.id] as const, entry: toAgentMessage(r) as AdminSupportEntry })),
      ...notes.map((r) => ({ key: [r.position, r.id] as const, entry: toNote(r) as AdminSupportEntry })),
    ].sort((a, b) => (a.key[0] === b.key[0] ? (a.key[1] < b.key[1] ? 1 : -1) : a.key[0] < b.key[0] ? 1 : -1));
    const page = merged.slice(0, limit);
    const last = page.at(-1);
    return { items: page.map((p) => p.entry), nextCursor: merged.length > limit && last ? keysetCursor(last.key[0], last.key[1]) : null };
  }

  /** An agent's reply: stored, audited, pushed to the user; then the badge, the inbox message and `support.replied`. */
  async reply(operatorId: string, id: string, input: SupportInput, ip: string | null): Promise<AdminSupportMessage> {
    let firstUnread = false;
    const sent = await this.chat.store(
      'agent',
      { userId: null, operatorId },
      input,
      async (em) => {
        const conv = await this.locked(em, id);
        if (conv.status === 'closed') throw new DomainError('SUPPORT_CLOSED');
        firstUnread = conv.user_unread === 0;
        return conv.id;
      },
      (em, row) => this.record(em, operatorId, 'support.reply', row.conversation_id, row.user_id, { messageId: row.id, image: row.upload_id !== null }, ip),
    );
    if (sent.created) await this.chat.replied(sent.row, firstUnread);
    return toAgentMessage(sent.row);
  }

  async note(operatorId: string, id: string, text: string, ip: string | null): Promise<SupportNote> {
    const row = await this.ds.transaction(async (em) => {
      const conv = await this.locked(em, id);
      const note = await this.repo.insertNote(em, conv.id, operatorId, text);
      await this.record(em, operatorId, 'support.note', conv.id, conv.user_id, { noteId: note.id }, ip);
      return note;
    });
    const note = toNote(row);
    this.gateway.server?.to(SUPPORT_AGENTS_ROOM).emit('support:note', note);
    return note;
  }

  /** Assigns the conversation to an agent (the caller or another operator with `support.chat`). */
  async assign(operatorId: string, id: string, assigneeId: string, ip: string | null): Promise<AdminSupportConversation> {
    const agents = await this.repo.agents();
    if (!agents.some((a) => a.id === assigneeId)) throw new DomainError('VALIDATION_FAILED', 'operatorId');
    return this.change(operatorId, id, 'support.assign', { assigneeId }, { assigneeId }, ip);
  }

  async setStatus(operatorId: string, id: string, status: 'open' | 'closed', ip: string | null): Promise<AdminSupportConversation> {
    return this.change(operatorId, id, status === 'closed' ? 'support.close' : 'support.reopen', { status }, {}, ip);
  }

  /** The agent read the user's messages: the user sees them `read` at once. Audited when anything changed. */
  async markRead(operatorId: string, id: string, ip: string | null): Promise<void> {
    const changed = await this.ds.transaction(async (em) => {
      const conv = await this.locked(em, id);
      const rows = await this.chat.advance(conv.id, 'user', 'read', em);
      if (rows.length) await this.record(em, operatorId, 'support.read', conv.id, conv.user_id, { messages: rows.length }, ip);
      return rows;
    });
    pushMessages(this.gateway, changed);
  }

  async image(messageId: string): Promise<{ data: Buffer; contentType: string }> {
    const found = isUuid(messageId) ? await this.repo.imageOf(messageId) : null;
    const image = found ? await this.uploads.read(found.upload_id) : null;
    if (!image) throw new DomainError('NOT_FOUND');
    return image;
  }

  agents(): Promise<SupportAgent[]> {
    return this.repo.agents();
  }

  async canned(locale: Locale | undefined): Promise<SupportCannedReply[]> {
    return (await this.repo.cannedReplies(locale ?? null)).map(toCanned);
  }

  async createCanned(operatorId: string, body: CannedReplyBody, ip: string | null): Promise<SupportCannedReply> {
    return this.ds.transaction(async (em) => {
      const row = await this.repo.insertCanned(em, body);
      await this.audit.record({ operatorId, action: 'support.canned_create', targetType: 'support_canned', targetId: row.id, details: { ...body }, ip }, em);
      return toCanned(row);
    });
  }

  async updateCanned(operatorId: string, id: string, body: CannedReplyPatch, ip: string | null): Promise<SupportCannedReply> {
    if (!isUuid(id)) throw new DomainError('NOT_FOUND');
    return this.ds.transaction(async (em) => {
      const row = await this.repo.updateCanned(em, id, body);
      if (!row) throw new DomainError('NOT_FOUND');
      await this.audit.record({ operatorId, action: 'support.canned_update', targetType: 'support_canned', targetId: id, details: { ...body }, ip }, em);
      return toCanned(row);
    });
  }

  async deleteCanned(operatorId: string, id: string, ip: string | null): Promise<void> {
    if (!isUuid(id)) throw new DomainError('NOT_FOUND');
    await this.ds.transaction(async (em) => {
      const row = await this.repo.deleteCanned(em, id);
      if (!row) throw new DomainError('NOT_FOUND');
      await this.audit.record(
        { operatorId, action: 'support.canned_delete', targetType: 'support_canned', targetId: id, details: { title: row.title }, ip },
        em,
      );
    });
  }

  private async change(
    operatorId: string,
    id: string,
    action: AuditAction,
    set: { assigneeId?: string; status?: 'open' | 'closed' },
    details: Record<string, unknown>,
    ip: string | null,
  ): Promise<AdminSupportConversation> {
    const row = await this.ds.transaction(async (em) => {
      const conv = await this.locked(em, id);
      await this.repo.update(em, conv.id, set);
      await this.record(em, operatorId, action, conv.id, conv.user_id, { ...details, before: { assigneeId: conv.assignee_id, status: conv.status } }, ip);
      return (await this.repo.conversation(conv.id, em))!;
    });
    this.gateway.server?.to(SUPPORT_AGENTS_ROOM).emit('support:conversation', { id: row.id });
    return toConversation(row);
  }

  private record(
    em: EntityManager,
    operatorId: string,
    action: AuditAction,
    conversationId: string,
    userId: string,
    details: Record<string, unknown>,
    ip: string | null,
  ) {
    return this.audit.record({ operatorId, action, targetType: 'support_conversation', targetId: conversationId, userId, details, ip }, em);
  }

  private async found(id: string): Promise<ConversationRow> {
    const row = isUuid(id) ? await this.repo.conversation(id) : null;
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  }

  private async locked(em: EntityManager, id: string): Promise<ConversationRow> {
    const row = isUuid(id) ? await this.repo.conversation(id, em, true) : null;
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  }
}
