import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { EmailChangeBody } from '@candor/contracts';
import { Button, Field, FormAlert, Icon, PageHeader } from '../../components';
import { CaptchaImage } from '../../features/auth/CaptchaImage';
import { useCaptcha } from '../../features/auth/useCaptcha';
import { useFormFields } from '../../features/auth/useFormFields';
import { useChangeEmail, useRefreshProfile } from '../../features/auth/email';
import { authErrorText } from '../../features/auth/rateLimit';
import { validateChangeEmail, type ChangeEmailValues } from '../../features/auth/validation';
import { digitsOnly, hasErrors, translateErrors } from '../../lib/forms';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { ROUTES } from '../../lib/paths';
import styles from '../../features/auth/auth.module.css';

type F = keyof ChangeEmailValues;
const CODE_FIELD: Partial<Record<string, F>> = {
  USER_EXISTS: 'email',
  INVALID_CREDENTIALS: 'password',
  OLD_PASSWORD_INVALID: 'password',
  CAPTCHA_INVALID: 'captchaCode',
};

/**
 * A new e-mail address, confirmed by a link sent to it before it takes effect (the current one stays in use
 * and is told). The login password proves it is the owner; after failed tries the server wants the graphic code.
 */
export default function ChangeEmailPage() {
  const { t } = useTranslation('user');
  const session = useSession();
  const change = useChangeEmail();
  const refreshProfile = useRefreshProfile();
  const current = session.user?.email ?? '';
  const { values, setValues, errors, setErrors, serverError, setServerError, set } = useFormFields<ChangeEmailValues>(
    { email: '', password: '', captchaCode: '' },
    (k, raw) => (k === 'captchaCode' ? digitsOnly(raw, 4) : raw),
  );
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const captcha = useCaptcha(captchaRequired);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateChangeEmail(values, current, captchaRequired);
    setErrors(translateErrors(found, t));
    if (hasErrors(found)) return;
    setServerError(null);
    // The graphic code only when the server asked for it (after failed password checks).
    const body: EmailChangeBody = {
      email: values.email.trim(),
      password: values.password,
      ...(captchaRequired && captcha.captchaId ? { captchaId: captcha.captchaId, captchaCode: values.captchaCode.trim() } : {}),
    };
    change.mutate(body, {
      onSuccess: () => {
        setSentTo(body.email);
        void refreshProfile();
      },
      onError: (err) => {
        const message = authErrorText(err, t);
        if (err instanceof ApiError && err.code === 'CAPTCHA_INVALID') {
          setErrors({ captchaCode: captchaRequired ? message : t('auth:required.captchaCode') });
          setCaptchaRequired(true);
        } else {
          const field = err instanceof ApiError ? (err.field === 'email' || err.field === 'password' ? err.field : CODE_FIELD[err.code]) : undefined;
          if (field) setErrors({ [field]: message });
          else setServerError(message);
        }
        setValues((v) => ({ ...v, captchaCode: '' }));
        if (captchaRequired) captcha.refresh();
      },
    });
  };

  return (
    <main className="page" data-testid="change-email-page">
      <PageHeader title={t('changeEmail.title')} back />
      <div className="page__body">
        {sentTo ? (
          <Sent email={sentTo} current={current} />
        ) : (
          <form className="card form" onSubmit={onSubmit} noValidate data-testid="change-email-form">
            <p className={styles.current}>
              {t('changeEmail.current')} <strong data-testid="current-email">{current}</strong>
            </p>
            {session.user?.pendingEmail ? <p className="section-note">{t('changeEmail.pending', { email: session.user.pendingEmail })}</p> : null}
            <p className="section-note">{t('changeEmail.note')}</p>
            <FormAlert message={serverError} />
            <Field
              label={t('changeEmail.newEmail')}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('changeEmail.newPlaceholder')}
              value={values.email}
              onChange={set('email')}
              error={errors.email}
              maxLength={254}
            />
            <Field
              label={t('changeEmail.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              placeholder={t('changeEmail.passwordPlaceholder')}
              value={values.password}
              onChange={set('password')}
              error={errors.password}
              maxLength={128}
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
                addon={<CaptchaImage captcha={captcha} />}
              />
            ) : null}
            <Button type="submit" block loading={change.isPending} data-testid="change-email-submit">
              {t('changeEmail.submit')}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}

function Sent({ email, current }: { email: string; current: string }) {
  const { t } = useTranslation('user');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={`card ${styles.result}`} data-testid="change-email-sent" aria-labelledby="change-email-sent-title">
      <span className={styles.resultIcon}>
        <Icon name="inbox" size={30} />
      </span>
      <h2 className={styles.resultTitle} id="change-email-sent-title" tabIndex={-1} ref={heading}>
        {t('changeEmail.sentTitle')}
      </h2>
      <p className={styles.resultText}>{t('changeEmail.sentText', { email, current })}</p>
      <div className={styles.resultActions}>
        <Link to={ROUTES.set} replace className="btn btn--primary btn--block">
          <span className="btn__label">{t('changeEmail.backToSettings')}</span>
        </Link>
      </div>
    </section>
  );
}
