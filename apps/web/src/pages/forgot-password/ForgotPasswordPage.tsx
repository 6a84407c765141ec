import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PasswordResetBody } from '@candor/contracts';
import { API } from '../../lib/wire';
import { Button, Field, FormAlert, Icon, PageHeader } from '../../components';
import { useFormFields } from '../../features/auth/useFormFields';
import { ProofOfWork } from '../../features/auth/ProofOfWork';
import { useProofOfWork } from '../../features/auth/useProofOfWork';
import { authErrorText } from '../../features/auth/rateLimit';
import { validateForgotPassword, type ForgotPasswordValues } from '../../features/auth/validation';
import { hasErrors, translateErrors } from '../../lib/forms';
import { api, ApiError } from '../../lib/api';
import { ROUTES } from '../../lib/paths';
import styles from '../../features/auth/auth.module.css';

/** Router state the login page passes: the address already typed there. */
export interface ForgotPasswordState {
  email?: string;
}

/**
 * `/#/forgot-password`: an address, the proof-of-work, and the same answer whatever the address (the server
 * answers 202 either way and mails a link only to an account's address).
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const initial = ((location.state ?? {}) as ForgotPasswordState).email ?? '';
  const { values, errors, setErrors, serverError, setServerError, set } = useFormFields<ForgotPasswordValues>({ email: initial });
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const pow = useProofOfWork();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateForgotPassword(values);
    setErrors(translateErrors(found, t));
    if (hasErrors(found)) return;
    setBusy(true);
    setServerError(null);
    try {
      const altcha = await pow.take();
      const body: PasswordResetBody = { email: values.email.trim(), ...(altcha ? { altcha } : {}) };
      await api.post<void>(API.passwordReset, body);
      setSentTo(body.email);
    } catch (err) {
      pow.renew();
      const message = authErrorText(err, t);
      if (err instanceof ApiError && err.field === 'email') setErrors({ email: message });
      else setServerError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page page--auth">
      <PageHeader title={t('forgot.title')} back={ROUTES.login} />
      <main className="auth">
        {sentTo === null ? (
          <>
            <div className="auth__intro">
              <h2 className="auth__title">{t('forgot.heading')}</h2>
              <p className="auth__subtitle">{t('forgot.intro')}</p>
            </div>
            <form className="auth__form card" onSubmit={onSubmit} noValidate data-testid="forgot-form">
              <FormAlert message={serverError} />
              <Field
                label={t('forgot.emailLabel')}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                placeholder={t('forgot.emailPlaceholder')}
                value={values.email}
                onChange={set('email')}
                error={errors.email}
                maxLength={254}
              />
              <ProofOfWork pow={pow} />
              <Button type="submit" block loading={busy} data-testid="forgot-submit">
                {t('forgot.submit')}
              </Button>
            </form>
          </>
        ) : (
          <Sent email={sentTo} onAgain={() => setSentTo(null)} />
        )}
        {sentTo === null ? (
          <p className="auth__switch">
            <Link to={ROUTES.login} className="link">
              {t('forgot.backToLogin')}
            </Link>
          </p>
        ) : null}
      </main>
    </div>
  );
}

/** The same words for every address: whether an account uses it is not told here. The login page takes `email` as its prefill. */
function Sent({ email, onAgain }: { email: string; onAgain: () => void }) {
  const { t } = useTranslation('auth');
  const heading = useRef<HTMLHeadingElement>(null);
  // The form was replaced: move focus to what replaced it, so a screen reader reads it out.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={`card ${styles.result}`} data-testid="forgot-sent" aria-labelledby="forgot-sent-title">
      <span className={styles.resultIcon}>
        <Icon name="inbox" size={30} />
      </span>
      <h2 className={styles.resultTitle} id="forgot-sent-title" tabIndex={-1} ref={heading}>
        {t('forgot.sentTitle')}
      </h2>
      <p className={styles.resultText}>{t('forgot.sentText', { email })}</p>
      <p className={styles.resultText}>{t('forgot.sentHint')}</p>
      <div className={styles.resultActions}>
        <Link to={ROUTES.login} state={{ email }} className="btn btn--primary btn--block" data-testid="forgot-to-login">
          <span className="btn__label">{t('forgot.backToLogin')}</span>
        </Link>
        <Button variant="secondary" block onClick={onAgain} data-testid="forgot-again">
          {t('forgot.again')}
        </Button>
      </div>
    </section>
  );
}
