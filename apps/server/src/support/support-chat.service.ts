import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  SUPPORT_AGENTS_ROOM,
  SUPPORT_IMAGE_FIELD,
  channel,
  supportClientId,
  type Page,
  type SupportMessage,
  type SupportSender,
  type SupportTextBody,
  type SupportUnread,
} from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { isUuid, keysetCursor, parseKeysetCursor } from '../common/keyset.js';
import { EventBus } from '../events/event-bus.js';
import { SystemMessages } from '../messages/system-messages.js';
import { RealtimeGateway, type TypingSender } from '../realtime/realtime.gateway.js';
import { cleanImage, ImageRejected } from '../uploads/image-pipeline.js';
import type { MultipartForm } from '../uploads/multipart.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { SupportRepository, type SupportMessageRow } from './support.repository.js';
import { previewOf, pushMessages, toUserMessage } from './support-view.js';

/** What one side sends: a line of text, or one image (re-encoded like every upload). */
export type SupportInput = { kind: 'text'; body: SupportTextBody } | { kind: 'image'; form: MultipartForm };

/** A message as stored, and whether this call stored it (false: a resend of a client id already stored). */
export interface Sent {
  row: SupportMessageRow;
  created: boolean;
}

/**
 * The chat's shared rules and the user's side of it: one conversation per user, messages idempotent by the
 * client's id, read and delivered marks, pushes to both sides after the commit, and the typing relay.
 */
@Injectable()
export class SupportChatService implements OnModuleInit {
  private readonly log = new Logger('support');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: SupportRepository,
    private readonly uploads: UploadsService,
    private readonly gateway: RealtimeGateway,
    private readonly events: EventBus,
    private readonly system: SystemMessages,
  ) {}

  onModuleInit(): void {
    this.gateway.setTypingRelay((sender, conversationId) => this.relayTyping(sender, conversationId));
  }

  /** The user's chat, newest page first (each page newest first); loading it marks the agents' messages delivered. */
  async history(userId: string, q: { limit?: number; cursor?: string }): Promise<Page<SupportMessage>> {
    const before = parseKeysetCursor(q.cursor);
    const conv = await this.repo.conversationOfUser(userId);
    if (!conv) return { items: [], nextCursor: null };
    if (!before) await this.advance(conv.id, 'agent', 'delivered');
    const limit = q.limit ?? 30;
    const rows = await this.repo.history(conv.id, before, limit + 1);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return { items: items.map(toUserMessage), nextCursor: rows.length > limit && last ? keysetCursor(last.position, last.id) : null };
  }

  async send(userId: string, input: SupportInput): Promise<SupportMessage> {
    const sent = await this.store('user', { userId, operatorId: null }, input, async (em) => (await this.repo.ensureConversation(em, userId)).id);
    return toUserMessage(sent.row);
  }

  async unread(userId: string): Promise<SupportUnread> {
    return { count: (await this.repo.conversationOfUser(userId))?.user_unread ?? 0 };
  }

  /** The user read every agent message: the agents see them `read` at once. */
  async markRead(userId: string): Promise<void> {
    const conv = await this.repo.conversationOfUser(userId);
    if (conv) await this.advance(conv.id, 'agent', 'read');
  }

  /** An image of the user's own conversation; any other is 404, like one that does not exist. */
  async image(userId: string, messageId: string): Promise<{ data: Buffer; contentType: string }> {
    const found = isUuid(messageId) ? await this.repo.imageOf(messageId) : null;
    const image = found && found.user_id === userId ? await this.uploads.read(found.upload_id) : null;
    if (!image) throw new DomainError('NOT_FOUND');
    return image;
  }

  /**
   * Stores one message of `sender` in the conversation `conversationOf` names (locked in the transaction), and
   * pushes it after the commit. A client id already stored answers the stored message and stores nothing, so a
   * resend after a lost answer is no duplicate. `extra` runs in the same transaction for a new message.
   */
  async store(
    sender: SupportSender,
    who: { userId: string | null; operatorId: string | null },
    input: SupportInput,
    conversationOf: (em: EntityManager) => Promise<string>,
    extra?: (em: EntityManager, row: SupportMessageRow) => Promise<void>,
  ): Promise<Sent> {
    const clientId = input.kind === 'text' ? input.body.clientId : this.clientIdOf(input.form);
    let uploadId: string | null = null;
    if (input.kind === 'image') {
      const file = input.form.files[SUPPORT_IMAGE_FIELD];
      if (!file || file.length === 0) throw new DomainError('IMAGE_INVALID', SUPPORT_IMAGE_FIELD, {}, { reason: 'missing' });
      const image = await cleanImage(file, SUPPORT_IMAGE_FIELD).catch((e: unknown) => {
        throw e instanceof ImageRejected ? new DomainError('IMAGE_INVALID', SUPPORT_IMAGE_FIELD, {}, { reason: e.reason }) : e;
      });
      uploadId = (await this.uploads.save({ ownerUserId: who.userId, purpose: 'support_image', image })).id;
    }
    const body = input.kind === 'text' ? input.body.text : null;
    const sent = await this.ds.transaction(async (em) => {
      const conversationId = await conversationOf(em);
      const result = await this.repo.insertMessage(em, { conversationId, sender, clientId, operatorId: who.operatorId, body, uploadId });
      if (result.created) {
        await this.repo.touch(em, conversationId, sender, previewOf(body));
        await extra?.(em, result.row);
      }
      return result;
    });
    if (!sent.created) {
      // A resend: the image decoded again is not kept.
      if (uploadId) await this.uploads.remove([uploadId]);
      return sent;
    }
    pushMessages(this.gateway, [sent.row]);
    return sent;
  }

  /** Moves the messages of `sender` forward and tells both sides. */
  async advance(conversationId: string, sender: SupportSender, to: 'delivered' | 'read', em?: EntityManager): Promise<SupportMessageRow[]> {
    const changed = em
      ? await this.repo.advance(em, conversationId, sender, to)
      : await this.ds.transaction((t) => this.repo.advance(t, conversationId, sender, to));
    if (!em) pushMessages(this.gateway, changed);
    return changed;
  }

  /**
   * After an agent's reply committed: an unread badge the user's app updates live, and when no app of the user
   * is connected, one inbox message for the first unread reply. Then `support.replied` (Web Push listens).
   */
  async replied(row: SupportMessageRow, firstUnread: boolean): Promise<void> {
    if (firstUnread && !(await this.online(row.user_id))) {
      try {
        const id = await this.ds.transaction((em) => this.system.write(em, row.user_id, 'supportReplied', {}));
        await this.system.pushStored(row.user_id, id);
      } catch (err) {
        this.log.error({ err }, 'support: the inbox message of a reply failed');
      }
    }
    await this.events.publish('support.replied', { userId: row.user_id, messageId: row.id, preview: previewOf(row.body) });
  }

  /** Whether any socket of the user is connected, on any api instance. */
  private async online(userId: string): Promise<boolean> {
    const server = this.gateway.server;
    if (!server) return false;
    try {
      return (await server.in(channel.user(userId)).fetchSockets()).length > 0;
    } catch {
      return false;
    }
  }

  private clientIdOf(form: MultipartForm): string {
    const parsed = supportClientId.safeParse(form.fields.clientId);
    if (!parsed.success) throw new DomainError('VALIDATION_FAILED', 'clientId');
    return parsed.data;
  }

  /** `support:typing` from a socket: a user's goes to the agents, an agent's to the conversation's user. */
  private async relayTyping(sender: TypingSender, conversationId: unknown): Promise<void> {
    const server = this.gateway.server;
    if (!server) return;
    if (sender.kind === 'user') {
      const conv = await this.repo.conversationOfUser(sender.userId);
      if (conv) server.to(SUPPORT_AGENTS_ROOM).emit('support:typing', { conversationId: conv.id, from: 'user' });
      return;
    }
    if (typeof conversationId !== 'string' || !isUuid(conversationId)) return;
    const conv = await this.repo.conversation(conversationId);
    if (conv) server.to(channel.user(conv.user_id)).emit('support:typing', { conversationId, from: 'agent' });
  }
}
