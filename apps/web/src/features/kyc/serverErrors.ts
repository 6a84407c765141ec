import type { IdentityField } from '@candor/domain';
import { isApiError } from '../../lib/api';
import { imageProblemKey, UploadError } from '../../lib/upload';
import { problemKey } from './identity';

/** A field of the verification form: the three typed ones and the two photos. */
export type KycFormField = IdentityField | 'front' | 'back';

const IDENTITY_FIELDS: readonly string[] = ['name', 'idNumber', 'nationality'];
const IDENTITY_CODES: readonly string[] = ['required', 'name_format', 'id_format', 'id_checksum', 'nationality_unknown'];
const IMAGE_CODES: readonly string[] = ['KYC_IMAGE_INVALID', 'IMAGE_INVALID', 'UPLOAD_TOO_LARGE'];

/**
 * Where a refused submission belongs in the form: the field the envelope names, with this app's message key
 * for its reason (`null`: show the server's translated message there). Null when it is about no one field.
 */
export function fieldOfServerError(err: unknown, nationality: string): { field: KycFormField; key: string | null } | null {
  if (!isApiError(err)) return null;
  const reason = err instanceof UploadError ? err.reason : undefined;
  const field = err.field ?? '';
  if (err.code === 'VALIDATION_FAILED' && IDENTITY_FIELDS.includes(field)) {
    const f = field as IdentityField;
    return { field: f, key: reason && IDENTITY_CODES.includes(reason) ? `verify:${problemKey(f, reason, nationality)}` : null };
  }
  if (IMAGE_CODES.includes(err.code) && (field === 'front' || field === 'back')) return { field, key: imageProblemKey(reason, field, err.code) };
  if (err.code === 'KYC_ID_IN_USE') return { field: 'idNumber', key: null };
  return null;
}
