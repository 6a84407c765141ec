import type { AdminKycDetail, AdminKycSubmission, KycView } from '@candor/contracts';
import { canSubmitKyc } from '@candor/domain';
import type { KycRow } from './kyc.repository.js';

const NOT_SUBMITTED: KycView = {
  status: 'not_submitted',
  final: false,
  canSubmit: true,
  reason: null,
  message: null,
  name: null,
  idNumber: null,
  nationality: null,
  attempt: 0,
  submittedAt: null,
  decidedAt: null,
};

/** The user's verification as they see it: their latest submission, the number masked, never the reviewer's note. */
export function toKycView(row: KycRow | null): KycView {
  if (!row) return NOT_SUBMITTED;
  const rejected = row.status === 'rejected';
  return {
    status: row.status,
    final: row.final,
    canSubmit: canSubmitKyc({ status: row.status, final: row.final }),
    reason: rejected ? row.reason : null,
    message: rejected ? row.message : null,
    name: row.name,
    idNumber: row.id_masked,
    nationality: row.nationality,
    attempt: row.attempt,
    submittedAt: row.submitted_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

/** Image paths are relative to /api, each a separate audited read. */
export const kycImagePath = (id: string, side: 'front' | 'back'): string => `/admin/kyc/${id}/images/${side}`;

export function toAdminKyc(row: KycRow): AdminKycSubmission {
  return {
    id: row.id,
    userId: row.user_id,
    userEmail: row.email,
    attempt: row.attempt,
    status: row.status,
    final: row.final,
    name: row.name,
    idNumber: row.id_masked,
    nationality: row.nationality,
    submittedAt: row.submitted_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    decidedBy: row.decided_by_email,
    reason: row.reason,
    message: row.message,
    note: row.note,
    images: row.images_removed_at ? null : { front: kycImagePath(row.id, 'front'), back: kycImagePath(row.id, 'back') },
  };
}

export function toAdminKycDetail(row: KycRow, all: KycRow[]): AdminKycDetail {
  return {
    ...toAdminKyc(row),
    earlier: all.filter((r) => r.id !== row.id && r.attempt < row.attempt).map(toAdminKyc),
    user: { id: row.user_id, email: row.email, createdAt: row.user_created_at.toISOString(), kycStatus: row.user_kyc_status },
  };
}
