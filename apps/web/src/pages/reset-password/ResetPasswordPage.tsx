import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PasswordResetConfirmBody } from '@candor/contracts';
import { API } from '../../lib/wire';
import { Button, Field, FormAlert, Icon, PageHeader } from '../../components';
import { useFormFields } from '../../features/auth/useFormFields';
import { authErrorText } from '../../features/auth/rateLimit';
import { validateNewPassword, type NewPasswordValues } from '../../features/auth/validation';
import { hasErrors, translateErrors } from '../../lib/forms';
import { api, ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { ROUTES } from '../../lib/paths';
import styles from '../../features/auth/auth.module.css';

type F = keyof NewPasswordValues;
const CODE_FIELD: Partial<Record<string, F>> = { PASSWORD_MISMATCH: 'confirmPassword' };

/**
 * `/#/reset-password?token=...`, the link of the reset mail: a new login password (the trade password is not
 * changed this way). The server ends every session on success, this browser's too.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  // A new link opened in the same tab starts afresh.
  return <ResetPassword key={token} token={token} />;
}

function ResetPassword({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const session = useSession();
  const { values, errors, setErrors, serverError, setServerError, set } = useFormFields<NewPasswordValues>({ password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<'done' | { invalid: string } | null>(token ? null : { invalid: t('reset.noToken') });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateNewPassword(values);
    setErrors(translateErrors(found, t));
    if (hasErrors(found)) return;
    setBusy(true);
    setServerError(null);
    const body: PasswordResetConfirmBody = { token, ...values };
    try {
      await api.post<void>(API.passwordResetConfirm, body);
      // Every session ended on the server: end this browser's too, so the app does not act signed in.
      if (session.status === 'authenticated') await session.logout();
      setOutcome('done');
    } catch (err) {
      const message = authErrorText(err, t);
      if (err instanceof ApiError && (err.code === 'RESET_TOKEN_INVALID' || err.field === 'token')) setOutcome({ invalid: message });
      else {
        const field = err instanceof ApiError ? (err.field === 'password' || err.field === 'confirmPassword' ? err.field : CODE_FIELD[err.code]) : undefined;
        if (field) setErrors({ [field]: message });
        else setServerError(message);
      }
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (outcome === 'done') body = <Done />;
  else if (outcome) body = <Invalid message={outcome.invalid} />;
  else
    body = (
      <>
        <div className="auth__intro">
          <h2 className="auth__title">{t('reset.heading')}</h2>
          <p className="auth__subtitle">{t('reset.intro')}</p>
        </div>
        <form className="auth__form card" onSubmit={onSubmit} noValidate data-testid="reset-form">
          <FormAlert message={serverError} />
          <Field
            label={t('field.newPassword')}
            type="password"
            name="password"
            autoComplete="new-password"
            placeholder={t('reset.passwordPlaceholder')}
            hint={t('hint.password')}
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            maxLength={64}
          />
          <Field
            label={t('field.confirmNewPassword')}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            placeholder={t('reset.confirmPlaceholder')}
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
            maxLength={64}
          />
          <Button type="submit" block loading={busy} data-testid="reset-submit">
            {t('reset.submit')}
          </Button>
        </form>
      </>
    );

  return (
    <div className="page page--auth">
      <PageHeader title={t('reset.title')} back={ROUTES.login} />
      <main className="auth">{body}</main>
    </div>
  );
}

/** Focus on the heading of what replaced the form, so a screen reader reads the outcome. */
function useFocusOnMount() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function Done() {
  const { t } = useTranslation('auth');
  const heading = useFocusOnMount();
  return (
    <section className={`card ${styles.result}`} data-testid="reset-done" aria-labelledby="reset-done-title">
      <span className={styles.resultIcon}>
        <Icon name="check" size={30} />
      </span>
      <h2 className={styles.resultTitle} id="reset-done-title" tabIndex={-1} ref={heading}>
        {t('reset.doneTitle')}
      </h2>
      <p className={styles.resultText}>{t('reset.doneText')}</p>
      <div className={styles.resultActions}>
        <Link to={ROUTES.login} replace className="btn btn--primary btn--block" data-testid="reset-to-login">
          <span className="btn__label">{t('reset.toLogin')}</span>
        </Link>
      </div>
    </section>
  );
}

/** Used, expired, unknown or cut short: what the server said, and the way to a new link. */
function Invalid({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  const heading = useFocusOnMount();
  return (
    <section className={`card ${styles.result}`} data-testid="reset-invalid" aria-labelledby="reset-invalid-title">
      <span className={`${styles.resultIcon} ${styles.resultIconError}`}>
        <Icon name="alert" size={30} />
      </span>
      <h2 className={styles.resultTitle} id="reset-invalid-title" tabIndex={-1} ref={heading}>
        {t('reset.invalidTitle')}
      </h2>
      <p className={styles.resultText} role="alert">
        {message}
      </p>
      <div className={styles.resultActions}>
        <Link to={ROUTES.forgotPassword} replace className="btn btn--primary btn--block" data-testid="reset-new-link">
          <span className="btn__label">{t('reset.newLink')}</span>
        </Link>
        <Link to={ROUTES.login} replace className="btn btn--secondary btn--block">
          <span className="btn__label">{t('reset.toLogin')}</span>
        </Link>
      </div>
    </section>
  );
}
