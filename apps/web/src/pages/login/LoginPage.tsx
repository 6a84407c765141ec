import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useFormFields } from '../../features/auth/useFormFields';
import { BrandMark, Button, FormAlert, Field, Icon, PageHeader, TotpField, useToast } from '../../components';
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
  const fields = useFormFields<LoginValues>({ email: state.email ?? '', password: '', captchaCode: '' }, (k, raw) =>
    k === 'captchaCode' ? digitsOnly(raw, 4) : raw,
  );
  const { values, setValues, setErrors, serverError, setServerError } = fields;
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [busy, setBusy] = useState(false);
  const [langOpen, setLangOpen] = useState(false);
  const captcha = useCaptcha(captchaRequired);
  const pow = useProofOfWork();
  const code = useCodeStep();

  const target = state.from && state.from.startsWith('/') && !state.from.startsWith(ROUTES.login) ? state.from : ROUTES.user;
  if (session.status === 'authenticated' && !busy) return <Navigate to={target} replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateLogin(values, captchaRequired);
    setErrors(translateErrors(found, t));
    const second = code.take();
    if (hasErrors(found) || !second) return;
    setBusy(true);
    setServerError(null);
    try {
      const answer = captchaRequired && captcha.captchaId ? { captchaId: captcha.captchaId, captchaCode: values.captchaCode.trim() } : undefined;
      const altcha = await pow.take();
      const proof = { ...answer, ...(altcha ? { altcha } : {}), ...second };
      await session.login(values.email, values.password, proof);
      void navigate(target, { replace: true });
    } catch (err) {
      setBusy(false);
      // A solution is good for one request: have the next one ready.
      pow.renew();
      const message = authErrorText(err, t);
      if (code.refused(err, message)) {
        // The password was right: the code is the step left.
      } else if (err instanceof ApiError && err.code === 'CAPTCHA_INVALID') {
        code.close();
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

  return (
    <div className="page page--auth">
      <LoginHeader onLanguage={() => setLangOpen(true)} />
      <main className="auth">
        <LoginIntro />
        {code.active ? (
          <CodeStep
            step={code}
            serverError={serverError}
            busy={busy}
            pow={pow}
            onSubmit={onSubmit}
            onBack={() => {
              code.close();
              setServerError(null);
            }}
          />
        ) : (
          <CredentialsForm fields={fields} captchaRequired={captchaRequired} captcha={captcha} pow={pow} busy={busy} onSubmit={onSubmit} />
        )}
        <RegisterLink />
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

/** The first step: e-mail and password (and the graphic code once the server asks for it). */
function CredentialsForm(props: {
  fields: ReturnType<typeof useFormFields<LoginValues>>;
  captchaRequired: boolean;
  captcha: ReturnType<typeof useCaptcha>;
  pow: ReturnType<typeof useProofOfWork>;
  busy: boolean;
  onSubmit(e: FormEvent): void;
}) {
  const { t } = useTranslation('auth');
  const { fields } = props;
  const err = (k: keyof LoginValues) => fields.errors[k] ?? null;
  return (
    <form className="auth__form card" onSubmit={props.onSubmit} noValidate data-testid="login-form">
      <FormAlert message={fields.serverError} />
      <Field
        label={t('field.email')}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        placeholder={t('placeholder.email')}
        value={fields.values.email}
        onChange={fields.set('email')}
        error={err('email')}
        maxLength={254}
      />
      <Field
        label={t('field.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        placeholder={t('placeholder.password')}
        value={fields.values.password}
        onChange={fields.set('password')}
        error={err('password')}
        maxLength={128}
      />
      <ForgotLink email={fields.values.email} />
      {props.captchaRequired ? (
        <Field
          label={t('field.captcha')}
          name="captchaCode"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('placeholder.captcha')}
          value={fields.values.captchaCode}
          onChange={fields.set('captchaCode')}
          error={err('captchaCode')}
          addon={<CaptchaImage captcha={props.captcha} />}
        />
      ) : null}
      <ProofOfWork pow={props.pow} />
      <Button type="submit" block loading={props.busy} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}

/** The brand, the heading and the line under it. */
function LoginIntro() {
  const { t } = useTranslation('auth');
  return (
    <div className="auth__intro">
      <BrandMark />
      <h2 className="auth__title">{t('login.heading')}</h2>
      <p className="auth__subtitle">{t('login.subtitle')}</p>
    </div>
  );
}

/** "No account yet? Register". */
function RegisterLink() {
  const { t } = useTranslation('auth');
  return (
    <p className="auth__switch">
      {t('login.noAccount')}{' '}
      <Link to={ROUTES.registerCheck} className="link" data-testid="to-register">
        {t('login.toRegister')}
      </Link>
    </p>
  );
}

/** The code step's state: closed until the server asks for the code, then what is typed and why it was refused. */
function useCodeStep() {
  const { t } = useTranslation('auth');
  const [active, setActive] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    active,
    value,
    error,
    change(text: string) {
      setValue(text);
      setError(null);
    },
    /** The body's `totp` for this try (nothing before the step), or null when the step is open and the code missing. */
    take(): { totp?: string } | null {
      if (!active) return {};
      setError(value.trim() ? null : t('user:totp.required'));
      return value.trim() ? { totp: value.trim() } : null;
    },
    /** After a refusal: true when it was about the code (the step opens, or says the code was wrong). */
    refused(err: unknown, message: string): boolean {
      if (!(err instanceof ApiError) || (err.code !== 'TOTP_REQUIRED' && err.code !== 'TOTP_INVALID')) return false;
      setActive(true);
      setValue('');
      setError(err.code === 'TOTP_INVALID' ? message : null);
      return true;
    },
    close() {
      setActive(false);
      setValue('');
      setError(null);
    },
  };
}

/** The second step after TOTP_REQUIRED: the code from the authenticator app (or a recovery code); the e-mail and password stay. */
function CodeStep(props: {
  step: ReturnType<typeof useCodeStep>;
  serverError: string | null;
  busy: boolean;
  pow: ReturnType<typeof useProofOfWork>;
  onSubmit(e: FormEvent): void;
  onBack(): void;
}) {
  const { t } = useTranslation('auth');
  return (
    <form className="auth__form card" onSubmit={props.onSubmit} noValidate data-testid="login-totp-form">
      <h3 className="section-title">{t('login.totpTitle')}</h3>
      <p className="section-note">{t('login.totpNote')}</p>
      <FormAlert message={props.serverError} />
      <TotpField value={props.step.value} error={props.step.error} autoFocus onChange={props.step.change} />
      <ProofOfWork pow={props.pow} />
      <Button type="submit" block loading={props.busy} data-testid="login-totp-submit">
        {t('login.submit')}
      </Button>
      <Button type="button" variant="ghost" block onClick={props.onBack} data-testid="login-totp-back">
        {t('login.totpBack')}
      </Button>
    </form>
  );
}
