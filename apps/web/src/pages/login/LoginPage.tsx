import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useFormFields } from '../../features/auth/useFormFields';
import { BrandMark, Button, FormAlert, Field, Icon, PageHeader, useToast } from '../../components';
import { CaptchaImage } from '../../features/auth/CaptchaImage';
import { useCaptcha } from '../../features/auth/useCaptcha';
import { ProofOfWork } from '../../features/auth/ProofOfWork';
import { useProofOfWork } from '../../features/auth/useProofOfWork';
import { authErrorText } from '../../features/auth/rateLimit';
import type { ForgotPasswordState } from '../forgot-password/ForgotPasswordPage';
import authStyles from '../../features/auth/auth.module.css';
import { validateLogin, type LoginValues } from '../../features/auth/validation';
import { digitsOnly, hasErrors, translateErrors } from '../../lib/forms';
import { LanguageSheet } from '../../features/settings/LanguageList';
import { ApiError } from '../../lib/api';
import { useSession, type LoginRedirectState } from '../../lib/session';
import { ROUTES } from '../../lib/paths';

/** Router state the register page passes: prefill the e-mail just registered. */
export interface LoginPageState extends LoginRedirectState {
  email?: string;
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginPageState;
  const session = useSession();
  const { values, setValues, errors, setErrors, serverError, setServerError, set } = useFormFields<LoginValues>(
    { email: state.email ?? '', password: '', captchaCode: '' },
    (k, raw) => (k === 'captchaCode' ? digitsOnly(raw, 4) : raw),
  );
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [busy, setBusy] = useState(false);
  const [langOpen, setLangOpen] = useState(false);
  const captcha = useCaptcha(captchaRequired);
  const pow = useProofOfWork();

  const target = state.from && state.from.startsWith('/') && !state.from.startsWith(ROUTES.login) ? state.from : ROUTES.user;
  if (session.status === 'authenticated' && !busy) return <Navigate to={target} replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateLogin(values, captchaRequired);
    setErrors(translateErrors(found, t));
    if (hasErrors(found)) return;
    setBusy(true);
    setServerError(null);
    try {
      const answer = captchaRequired && captcha.captchaId ? { captchaId: captcha.captchaId, captchaCode: values.captchaCode.trim() } : undefined;
      const altcha = await pow.take();
      const proof = { ...answer, ...(altcha ? { altcha } : {}) };
      await session.login(values.email, values.password, proof);
      void navigate(target, { replace: true });
    } catch (err) {
      setBusy(false);
      // A solution is good for one request: have the next one ready.
      pow.renew();
      const message = authErrorText(err, t);
      if (err instanceof ApiError && err.code === 'CAPTCHA_INVALID') {
        // The server asks for a captcha after failed logins (or the one given was wrong).
        setErrors({ captchaCode: captchaRequired ? message : t('required.captchaCode') });
        setCaptchaRequired(true);
      } else if (err instanceof ApiError && err.field && (err.field === 'email' || err.field === 'password')) {
        setErrors({ [err.field]: message });
      } else {
        setServerError(message);
        if (!(err instanceof ApiError) || err.status === 0) toast.error(message);
      }
      setValues((v) => ({ ...v, captchaCode: '' }));
      if (captchaRequired) captcha.refresh();
    }
  };

  const err = (k: keyof LoginValues) => errors[k] ?? null;

  return (
    <div className="page page--auth">
      <LoginHeader onLanguage={() => setLangOpen(true)} />
      <main className="auth">
        <div className="auth__intro">
          <BrandMark />
          <h2 className="auth__title">{t('login.heading')}</h2>
          <p className="auth__subtitle">{t('login.subtitle')}</p>
        </div>
        <form className="auth__form card" onSubmit={onSubmit} noValidate data-testid="login-form">
          <FormAlert message={serverError} />
          <Field
            label={t('field.email')}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            placeholder={t('placeholder.email')}
            value={values.email}
            onChange={set('email')}
            error={err('email')}
            maxLength={254}
          />
          <Field
            label={t('field.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            placeholder={t('placeholder.password')}
            value={values.password}
            onChange={set('password')}
            error={err('password')}
            maxLength={128}
          />
          <ForgotLink email={values.email} />
          {captchaRequired ? (
            <Field
              label={t('field.captcha')}
              name="captchaCode"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('placeholder.captcha')}
              value={values.captchaCode}
              onChange={set('captchaCode')}
              error={err('captchaCode')}
              addon={<CaptchaImage captcha={captcha} />}
            />
          ) : null}
          <ProofOfWork pow={pow} />
          <Button type="submit" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </form>
        <p className="auth__switch">
          {t('login.noAccount')}{' '}
          <Link to={ROUTES.registerCheck} className="link" data-testid="to-register">
            {t('login.toRegister')}
          </Link>
        </p>
      </main>
      <LanguageSheet open={langOpen} onClose={() => setLangOpen(false)} />
    </div>
  );
}

/** The header, with the language button. */
function LoginHeader({ onLanguage }: { onLanguage: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <PageHeader
      title={t('login.title')}
      back={ROUTES.welcome}
      right={
        <button type="button" className="icon-btn" onClick={onLanguage} aria-label={t('user:settings.language')}>
          <Icon name="globe" size={22} />
        </button>
      }
    />
  );
}

/** "Forgot password?", taking along the address typed so far. */
function ForgotLink({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <p className={authStyles.forgotRow}>
      <Link to={ROUTES.forgotPassword} state={{ email: email.trim() } satisfies ForgotPasswordState} className="link" data-testid="to-forgot-password">
        {t('login.forgot')}
      </Link>
    </p>
  );
}
