import { z } from 'zod';
import { LOCALES, type Locale } from './locales.js';
import type { SupportStatus } from './support-status.js';

/** The longest chat line, in characters (a longer one is refused, never cut). */
export const SUPPORT_TEXT_MAX = 2000;
/** The multipart field of a chat image. */
export const SUPPORT_IMAGE_FIELD = 'image';
/** A client's own id for a message: a resend with the same one answers the stored message. */
export const supportClientId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export type SupportSender = 'user' | 'agent';
export { furtherSupportStatus, type SupportStatus } from './support-status.js';

/**
 * One chat message as its user sees it (`GET /api/support/messages`, the socket event `support`). `status` is
 * the other side's progress: `delivered` once their app loaded it, `read` once they read it.
 */
export interface SupportMessage {
  id: string;
  clientId: string;
  from: SupportSender;
  text?: string;
  /** An api path (`/api/support/images/ID` for the user, `/api/admin/support/images/ID` for agents) served with the caller's token. */
  imageUrl?: string;
  at: string;
  status: SupportStatus;
}
/** The same message in the agents' room: which conversation it belongs to. */
export interface AdminSupportMessage extends SupportMessage {
  conversationId: string;
  userId: string;
  kind: 'message';
  /** The agent who wrote it (an agent's message). */
  operatorEmail: string | null;
}
/** An internal note on a conversation: agents only, never in a user's route or socket event. */
export interface SupportNote {
  id: string;
  conversationId: string;
  kind: 'note';
  text: string;
  operatorEmail: string | null;
  at: string;
}
export type AdminSupportEntry = AdminSupportMessage | SupportNote;

/** `POST /api/support/messages` (and an agent's reply) as JSON; an image goes as multipart `image` with a `clientId` field. */
export const supportTextBody = z.strictObject({ text: z.string().trim().min(1).max(SUPPORT_TEXT_MAX), clientId: supportClientId });
export type SupportTextBody = z.infer<typeof supportTextBody>;

export interface SupportUnread {
  count: number;
}

export type SupportConversationStatus = 'open' | 'closed';
/** A conversation in the agents' inbox. */
export interface AdminSupportConversation {
  id: string;
  userId: string;
  userEmail: string;
  assigneeId: string | null;
  assigneeEmail: string | null;
  status: SupportConversationStatus;
  lastMessageAt: string;
  /** The start of the latest message (empty for an image). */
  lastPreview: string;
  /** The user's messages no agent has read yet. */
  unread: number;
}
export const adminSupportConversationsQuery = z.strictObject({
  status: z.enum(['open', 'closed']).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(200).optional(),
});
export const supportAssignBody = z.strictObject({ operatorId: z.uuid() });
export const supportNoteBody = z.strictObject({ text: z.string().trim().min(1).max(SUPPORT_TEXT_MAX) });
/** An agent who may be assigned a conversation (an operator with `support.chat`, not disabled). */
export interface SupportAgent {
  id: string;
  email: string;
}

/** A canned reply agents pick in the chat, per language. */
export interface SupportCannedReply {
  id: string;
  locale: Locale;
  title: string;
  text: string;
  updatedAt: string;
}
export const cannedReplyBody = z.strictObject({
  locale: z.enum(LOCALES),
  title: z.string().trim().min(1).max(80),
  text: z.string().trim().min(1).max(SUPPORT_TEXT_MAX),
});
export const cannedReplyPatch = cannedReplyBody.partial().refine((b) => Object.keys(b).length > 0, { message: 'empty' });
export const cannedRepliesQuery = z.strictObject({ locale: z.enum(LOCALES).optional() });
export type CannedReplyBody = z.infer<typeof cannedReplyBody>;
export type CannedReplyPatch = z.infer<typeof cannedReplyPatch>;

/** The socket event `support:typing`: someone is typing in the conversation. A client sends it with `{ conversationId? }`. */
export interface SupportTyping {
  conversationId: string;
  from: SupportSender;
}
/** The socket room of the agents (operators with `support.chat` join it at the handshake). */
export const SUPPORT_AGENTS_ROOM = 'agents:support';
