import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useFormFields } from '../../features/auth/useFormFields';
import { Button, Field, FormAlert, PageHeader, useToast } from '../../components';
import { useChangePassword } from '../../features/account/hooks';
import { validateChangePassword, type ChangePasswordValues, type PasswordKind } from '../../features/auth/validation';
import { digitsOnly, hasErrors, translateErrors } from '../../lib/forms';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { ROUTES } from '../../lib/paths';

type F = keyof ChangePasswordValues;
const FIELDS: F[] = ['oldPassword', 'newPassword', 'confirmPassword'];
const CODE_FIELD: Partial<Record<string, F>> = {
  OLD_PASSWORD_INVALID: 'oldPassword',
  PASSWORD_MISMATCH: 'confirmPassword',
  TRADE_PASSWORD_MISMATCH: 'confirmPassword',
};

/** Self-service change of the login or the transaction password (the old one is required). */
export default function ChangePasswordPage() {
  const { t } = useTranslation('user');
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const kind: PasswordKind = params.get('kind') === 'trade' ? 'trade' : 'login';
  const change = useChangePassword();
  const trade = kind === 'trade';
  const { values, errors, setErrors, serverError, setServerError, set } = useFormFields<ChangePasswordValues>(
    { oldPassword: '', newPassword: '', confirmPassword: '' },
    (_k, raw) => (trade ? digitsOnly(raw, 6) : raw),
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateChangePassword(kind, values);
    setErrors(translateErrors(found, t));
    if (hasErrors(found)) return;
    setServerError(null);
    change.mutate(
      { kind, ...values },
      {
        onSuccess: () => {
          toast.success(t('common:success.set'));
          void navigate(ROUTES.set, { replace: true });
        },
        onError: (err) => {
          const message = errorText(err, t);
          const field = err instanceof ApiError ? ((FIELDS as string[]).includes(err.field ?? '') ? (err.field as F) : CODE_FIELD[err.code]) : undefined;
          if (field) setErrors({ [field]: message });
          else setServerError(message);
        },
      },
    );
  };

  const numeric = trade ? ({ inputMode: 'numeric', autoComplete: 'off' } as const) : ({ autoComplete: 'new-password' } as const);
  return (
    <main className="page" data-testid="password-page">
      <PageHeader title={trade ? t('password.titleTrade') : t('password.titleLogin')} back />
      <div className="page__body">
        <form className="card form" onSubmit={onSubmit} noValidate>
          <p className="section-note">{trade ? t('password.noteTrade') : t('password.noteLogin')}</p>
          <FormAlert message={serverError} />
          <Field
            label={t('password.old')}
            type="password"
            name="oldPassword"
            placeholder={t('password.oldPlaceholder')}
            value={values.oldPassword}
            onChange={set('oldPassword')}
            error={errors.oldPassword}
            maxLength={trade ? 6 : 128}
            {...(trade ? numeric : { autoComplete: 'current-password' })}
          />
          <Field
            label={t('password.new')}
            type="password"
            name="newPassword"
            placeholder={t('password.newPlaceholder')}
            hint={trade ? t('auth:hint.tradePassword') : t('auth:hint.password')}
            value={values.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
            maxLength={trade ? 6 : 64}
            {...numeric}
          />
          <Field
            label={t('password.confirm')}
            type="password"
            name="confirmPassword"
            placeholder={t('password.confirmPlaceholder')}
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
            maxLength={trade ? 6 : 64}
            {...numeric}
          />
          <Button type="submit" block loading={change.isPending} data-testid="password-submit">
            {t('password.submit')}
          </Button>
        </form>
      </div>
    </main>
  );
}
