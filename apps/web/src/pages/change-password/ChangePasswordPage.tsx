import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useFormFields } from '../../features/auth/useFormFields';
import { Button, Field, FormAlert, PageHeader, useToast } from '../../components';
import { useChangePassword } from '../../features/account/hooks';
import { CaptchaImage } from '../../features/auth/CaptchaImage';
import { useCaptcha } from '../../features/auth/useCaptcha';
import { authErrorText } from '../../features/auth/rateLimit';
import { useMoneyErrorText } from '../../features/money/parts';
import { validateChangePassword, type ChangePasswordValues, type PasswordKind } from '../../features/auth/validation';
import { digitsOnly, hasErrors, translateErrors, type FieldErrors } from '../../lib/forms';
import { ApiError } from '../../lib/api';
import { ROUTES } from '../../lib/paths';

type Values = ChangePasswordValues & { captchaCode: string };
type F = keyof Values;
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
  const { values, setValues, errors, setErrors, serverError, setServerError, set } = useFormFields<Values>(
    { oldPassword: '', newPassword: '', confirmPassword: '', captchaCode: '' },
    (k, raw) => (k === 'captchaCode' ? digitsOnly(raw, 4) : trade ? digitsOnly(raw, 6) : raw),
  );

  // After too many wrong old login passwords the server asks for the graphic code, as the login does.
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const captcha = useCaptcha(captchaRequired);
  const moneyErrorText = useMoneyErrorText();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const { captchaCode, ...passwords } = values;
    const found: FieldErrors<F> = validateChangePassword(kind, passwords);
    if (captchaRequired && !/^\d{4}$/.test(captchaCode)) found.captchaCode = 'auth:required.captchaCode';
    setErrors(translateErrors(found, t));
    if (hasErrors(found)) return;
    setServerError(null);
    const code = captchaRequired && captcha.captchaId ? { captchaId: captcha.captchaId, captchaCode } : {};
    change.mutate(
      { kind, ...passwords, ...code },
      {
        onSuccess: () => {
          toast.success(t('common:success.set'));
          void navigate(ROUTES.set, { replace: true });
        },
        onError: (err) => {
          setValues((v) => ({ ...v, captchaCode: '' }));
          if (captchaRequired) captcha.refresh();
          // A locked transaction password says until when (the same lock as a withdrawal's).
          const message = err instanceof ApiError && err.code === 'TRADE_PASSWORD_LOCKED' ? moneyErrorText(err) : authErrorText(err, t);
          if (err instanceof ApiError && err.code === 'CAPTCHA_INVALID') {
            setErrors({ captchaCode: captchaRequired ? message : t('auth:required.captchaCode') });
            setCaptchaRequired(true);
            return;
          }
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
          {captchaRequired ? (
            <Field
              label={t('auth:field.captcha')}
              name="captchaCode"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('auth:placeholder.captcha')}
              value={values.captchaCode}
              onChange={set('captchaCode')}
              error={errors.captchaCode}
              maxLength={4}
              addon={<CaptchaImage captcha={captcha} />}
            />
          ) : null}
          <Button type="submit" block loading={change.isPending} data-testid="password-submit">
            {t('password.submit')}
          </Button>
        </form>
      </div>
    </main>
  );
}
