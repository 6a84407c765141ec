import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { createOperatorBody, type CreateOperatorBody } from '@candor/contracts';
import { ApiError } from '../../lib/api/client';

export type AddField = keyof CreateOperatorBody;
export type FieldErrors = Partial<Record<AddField, string>>;

const isAddField = (f: unknown): f is AddField => f === 'email' || f === 'password' || f === 'role';

/** Messages for the add form, checked with the same schema the api validates with. */
export function useAddOperatorCheck() {
  const { t } = useTranslation('consoleOperators');
  return useCallback(
    (draft: CreateOperatorBody): FieldErrors => {
      const parsed = createOperatorBody.safeParse(draft);
      if (parsed.success) return {};
      const out: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (!isAddField(field) || out[field]) continue;
        out[field] =
          field === 'email' ? (draft.email.trim() ? t('emailInvalid') : t('emailRequired')) : field === 'password' ? t('passwordTooShort') : t('roleRequired');
      }
      return out;
    },
    [t],
  );
}

/**
 * An error of the operators api as the admin should read it: a taken e-mail or an invalid field beside
 * that field; FORBIDDEN of a change to one's own account explained (the api lets no admin change themself).
 */
export function useOperatorErrorText() {
  const { t } = useTranslation('consoleOperators');
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation('errors');
  return useCallback(
    (err: unknown, kind: 'create' | 'update'): { field?: AddField; message: string } => {
      if (!(err instanceof ApiError)) return { message: tc('errors.unknown') };
      if (err.code === 'OPERATOR_EXISTS') return { field: 'email', message: te('OPERATOR_EXISTS') };
      if (err.code === 'FORBIDDEN') return { message: kind === 'update' ? t('errorSelf') : tc('errors.forbidden') };
      if (err.code === 'NOT_FOUND') return { message: t('errorGone') };
      if (err.code === 'VALIDATION_FAILED' && isAddField(err.field)) {
        const byField = { email: t('emailInvalid'), password: t('passwordTooShort'), role: t('roleRequired') };
        return { field: err.field, message: byField[err.field] };
      }
      return { message: err.message };
    },
    [t, tc, te],
  );
}
