import { z } from 'zod';
import { KYC_REJECT_REASONS, type KycRejectReason, type KycSide, type KycStatus } from '@candor/domain';

export { KYC_REJECT_REASONS, KYC_SIDES } from '@candor/domain';
export type { KycRejectReason, KycSide } from '@candor/domain';

// Zod-free, so the web app's first bundle can take them from `@candor/contracts/uploads`.
export { AVATAR_FIELD, AVATAR_NAME, AVATAR_SIDE, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from './uploads.js';

/**
 * `GET /api/kyc` (and the `kyc` socket event): the user's verification. `idNumber` is always masked.
 * `canSubmit` is true while a first or renewed submission is possible (not submitted, or rejected and not final).
 */
export interface KycView {
  status: KycStatus;
  /** For `rejected`: true when the reviewer closed verification (no resubmission). */
  final: boolean;
  canSubmit: boolean;
  /** For `rejected`: the reviewer's reason code and their message to the user. */
  reason: KycRejectReason | null;
  message: string | null;
  name: string | null;
  idNumber: string | null;
  nationality: string | null;
  /** How many submissions this account made (1 for the first). */
  attempt: number;
  submittedAt: string | null;
  decidedAt: string | null;
}

/** The text fields of `POST /api/kyc` (multipart, beside the `front` and `back` files). Rules per nationality are the domain's `checkIdentity`. */
export const kycSubmitFields = z.strictObject({
  name: z.string().max(100),
  idNumber: z.string().max(40),
  nationality: z.string().max(2),
});
export type KycSubmitFields = z.infer<typeof kycSubmitFields>;

/** `POST /api/admin/kyc/:id/reject`: a reason code, a message the user reads, a note only operators read, and whether the user may resubmit. */
export const kycRejectBody = z.strictObject({
  reason: z.enum(KYC_REJECT_REASONS),
  message: z.string().trim().max(500).optional(),
  note: z.string().trim().max(1000).optional(),
  final: z.boolean().optional(),
});
export type KycRejectBody = z.infer<typeof kycRejectBody>;

export const adminKycQuery = z.strictObject({
  status: z.enum(['pending', 'verified', 'rejected']).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(200).optional(),
});

/** One submission as a reviewer sees it (`GET /api/admin/kyc`, oldest first for `pending`). */
export interface AdminKycSubmission {
  id: string;
  userId: string;
  userEmail: string;
  attempt: number;
  status: Exclude<KycStatus, 'not_submitted'>;
  final: boolean;
  name: string;
  /** Masked, as everywhere. */
  idNumber: string;
  nationality: string;
  submittedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  reason: KycRejectReason | null;
  message: string | null;
  /** Operators only; never in a user's answer. */
  note: string | null;
  /** Paths (under /api) of the two images, each view audited; null once removed after the retention period. */
  images: Record<KycSide, string> | null;
}
/** `GET /api/admin/kyc/:id`: the submission, the user's earlier ones (newest first), and the user. */
export interface AdminKycDetail extends AdminKycSubmission {
  earlier: AdminKycSubmission[];
  user: { id: string; email: string; createdAt: string; kycStatus: KycStatus };
}
