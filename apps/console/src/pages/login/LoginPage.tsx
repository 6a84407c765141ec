import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { useAuth } from '../../lib/auth/AuthProvider';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { EnrollPanel } from '../../features/operators/EnrollPanel';

export function LoginPage({ expired }: { expired: boolean }) {
  const { t } = useTranslation();
  const { t: to } = useTranslation('consoleOperators');
  const { login } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The server decides when a code is needed (TOTP_REQUIRED); an operator of any role without TOTP yet enrols instead.
  const [totpAsked, setTotpAsked] = useState(false);
  const [totp, setTotp] = useState('');
  const [enrollmentToken, setEnrollmentToken] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const m = { email: !email.trim(), password: !password };
    setMissing(m);
    setError(null);
    if (m.email || m.password) return;
    if (totpAsked && !totp.trim()) return setError(to('totpRequired'));
    setBusy(true);
    try {
      await login(email.trim(), password, totpAsked ? totp.trim() : undefined);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'TOTP_REQUIRED') {
        if (err.enrollmentToken) setEnrollmentToken(err.enrollmentToken);
        else if (!totpAsked) setTotpAsked(true);
        else setError(err.message);
      } else setError(err instanceof ApiError ? err.message : t('errors.unknown'));
      setTotp('');
      setBusy(false);
    }
  }

  if (enrollmentToken) {
    return (
      <div className="login-page">
        <div className="login-card">
          <EnrollPanel enrollmentToken={enrollmentToken} onRestart={() => setEnrollmentToken(null)} />
        </div>
      </div>
    );
  }

  return (
    <div className="login-page">
      <form className="login-card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="login-title">
        <div className="brand brand-large">
          <span className="brand-mark" aria-hidden="true">
            C
          </span>
          <span>{t('app.title')}</span>
        </div>
        <h1 id="login-title">{t('auth.title')}</h1>
        <p className="muted">{t('auth.subtitle')}</p>
        {expired ? (
          <p className="notice notice-warn" role="status">
            {t('auth.expired')}
          </p>
        ) : null}
        <label className="field">
          <span>{t('auth.email')}</span>
          <input
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={missing.email || undefined}
            maxLength={254}
          />
          {missing.email ? <small className="field-error">{t('auth.emailRequired')}</small> : null}
        </label>
        <label className="field">
          <span>{t('auth.password')}</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={missing.password || undefined}
            maxLength={128}
          />
          {missing.password ? <small className="field-error">{t('auth.passwordRequired')}</small> : null}
        </label>
        {totpAsked ? (
          <label className="field">
            <span>{to('totpLabel')}</span>
            <input
              name="totp"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              value={totp}
              onChange={(e) => setTotp(e.target.value)}
              maxLength={32}
              data-testid="login-totp"
            />
            <small className="muted">{to('totpHint')}</small>
          </label>
        ) : null}
        {error ? (
          <p className="notice notice-error" role="alert" data-testid="login-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="login-submit">
          {busy ? t('auth.signingIn') : t('auth.signIn')}
        </button>
        <div className="login-footer">
          <LanguageSwitcher />
        </div>
      </form>
    </div>
  );
}
