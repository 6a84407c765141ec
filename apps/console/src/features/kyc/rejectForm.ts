import { KYC_REJECT_REASONS, type KycRejectBody, type KycRejectReason } from '@candor/contracts';

/** The reject form as typed: the reason is chosen from a list that starts empty. */
export interface RejectDraft {
  reason: string;
  message: string;
  note: string;
  final: boolean;
}
export const EMPTY_REJECT: RejectDraft = { reason: '', message: '', note: '', final: false };
export const MESSAGE_MAX = 500;
export const NOTE_MAX = 1000;

export const isRejectReason = (v: string): v is KycRejectReason => (KYC_REJECT_REASONS as readonly string[]).includes(v);

export type RejectProblem = 'reason' | 'message' | 'note';

/**
 * The body of `POST /api/admin/kyc/:id/reject`, or what is wrong with the draft: a reason is required; empty
 * texts are left out rather than sent blank; `final` is sent only when chosen. "other" needs a message, since
 * the user could not otherwise tell what to fix.
 */
export function rejectBody(draft: RejectDraft): { body: KycRejectBody } | { problem: RejectProblem } {
  if (!isRejectReason(draft.reason)) return { problem: 'reason' };
  const message = draft.message.trim();
  const note = draft.note.trim();
  if (message.length > MESSAGE_MAX || (draft.reason === 'other' && !message)) return { problem: 'message' };
  if (note.length > NOTE_MAX) return { problem: 'note' };
  return {
    body: {
      reason: draft.reason,
      ...(message ? { message } : {}),
      ...(note ? { note } : {}),
      ...(draft.final ? { final: true } : {}),
    },
  };
}
