import {
  API,
  SUPPORT_AGENTS_ROOM,
  channel,
  type AdminSupportConversation,
  type AdminSupportMessage,
  type Locale,
  type SupportCannedReply,
  type SupportMessage,
  type SupportNote,
} from '@candor/contracts';
import type { RealtimeGateway } from '../realtime/realtime.gateway.js';
import type { CannedRow, ConversationRow, NoteRow, SupportMessageRow } from './support.repository.js';

/** A message as its user sees it: no operator, no conversation id, the user's own image path. */
export function toUserMessage(r: SupportMessageRow): SupportMessage {
  const m: SupportMessage = { id: r.id, clientId: r.client_id, from: r.sender, at: new Date(r.created_at).toISOString(), status: r.status };
  if (r.body !== null) m.text = r.body;
  if (r.upload_id) m.imageUrl = `/api${API.supportImages}/${r.id}`;
  return m;
}

/** The same message for agents: which conversation and user, who wrote it, the console's image path. */
export function toAgentMessage(r: SupportMessageRow): AdminSupportMessage {
  const m = toUserMessage(r);
  if (r.upload_id) m.imageUrl = `/api${API.adminSupportImages}/${r.id}`;
  return { ...m, conversationId: r.conversation_id, userId: r.user_id, kind: 'message', operatorEmail: r.operator_email };
}

export const toNote = (r: NoteRow): SupportNote => ({
  id: r.id,
  conversationId: r.conversation_id,
  kind: 'note',
  text: r.body,
  operatorEmail: r.operator_email,
  at: new Date(r.created_at).toISOString(),
});

export const toConversation = (r: ConversationRow): AdminSupportConversation => ({
  id: r.id,
  userId: r.user_id,
  userEmail: r.user_email,
  assigneeId: r.assignee_id,
  assigneeEmail: r.assignee_email,
  status: r.status,
  lastMessageAt: new Date(r.last_message_at).toISOString(),
  lastPreview: r.last_preview,
  unread: r.agent_unread,
});

export const toCanned = (r: CannedRow): SupportCannedReply => ({
  id: r.id,
  locale: r.locale as Locale,
  title: r.title,
  text: r.body,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** What the inbox shows of a message: the start of its text, or nothing for an image. */
export const previewOf = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').slice(0, 120);

/**
 * Sends messages (new, or with a new status) to both sides: the user's view to `user:ID`, the agents' view to the
 * agents' room. Through the Redis adapter both reach sockets on every api instance. Notes never pass here.
 */
export function pushMessages(gateway: RealtimeGateway, rows: SupportMessageRow[]): void {
  const server = gateway.server;
  if (!server) return;
  for (const r of rows) {
    server.to(channel.user(r.user_id)).emit('support', toUserMessage(r));
    server.to(SUPPORT_AGENTS_ROOM).emit('support', toAgentMessage(r));
  }
}
