import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorEnrollment, OperatorEnrollmentConfirmed } from '@candor/contracts';
import { ADMIN_AUTH, ApiError, request } from '../../lib/api/client';
import { useAuth } from '../../lib/auth/AuthProvider';
import './operators.css';

/**
 * TOTP enrolment of an admin without a second factor yet: the QR code (an SVG the api draws) and the
 * secret, a first code to confirm, then the recovery codes, shown once before the console opens.
 */
export function EnrollPanel({ enrollmentToken, onRestart }: { enrollmentToken: string; onRestart(): void }) {
  const { t } = useTranslation('consoleOperators');
  const { t: tc } = useTranslation();
  const { signedIn } = useAuth();
  const [enrollment, setEnrollment] = useState<OperatorEnrollment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmed, setConfirmed] = useState<OperatorEnrollmentConfirmed | null>(null);

  useEffect(() => {
    let cancelled = false;
    request<OperatorEnrollment>(ADMIN_AUTH.enrollment, { method: 'POST', body: { enrollmentToken }, auth: false }).then(
      (e) => !cancelled && setEnrollment(e),
      (err: unknown) => !cancelled && setError(err instanceof ApiError && err.code === 'UNAUTHENTICATED' ? t('enrollExpired') : String((err as Error).message)),
    );
    return () => {
      cancelled = true;
    };
  }, [enrollmentToken, t]);

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return setError(t('totpRequired'));
    setBusy(true);
    setError(null);
    try {
      setConfirmed(
        await request<OperatorEnrollmentConfirmed>(ADMIN_AUTH.enrollmentConfirm, { method: 'POST', body: { enrollmentToken, totp: code.trim() }, auth: false }),
      );
    } catch (err) {
      setError(err instanceof ApiError && err.code === 'UNAUTHENTICATED' ? t('enrollExpired') : (err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (confirmed) {
    return (
      <div className="enroll" data-testid="recovery-codes">
        <h1>{t('recoveryTitle')}</h1>
        <p className="muted">{t('recoveryIntro')}</p>
        <ol className="recovery-codes">
          {confirmed.recoveryCodes.map((c) => (
            <li key={c} data-testid="recovery-code">
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <button type="button" className="btn btn-primary btn-block" data-testid="recovery-done" onClick={() => signedIn(confirmed)}>
          {t('recoveryDone')}
        </button>
      </div>
    );
  }

  return (
    <form className="enroll" onSubmit={(e) => void confirm(e)} noValidate data-testid="enroll">
      <h1>{t('enrollTitle')}</h1>
      <p className="muted">{t('enrollIntro')}</p>
      {enrollment ? (
        <>
          {/* The api's own SVG (qrcode library): no user input reaches it. */}
          <div className="enroll-qr" data-testid="enroll-qr" dangerouslySetInnerHTML={{ __html: enrollment.qrSvg }} />
          <label className="field">
            <span>{t('enrollSecret')}</span>
            <input readOnly value={enrollment.secret} data-testid="enroll-secret" className="mono" />
          </label>
          <label className="field">
            <span>{t('enrollCode')}</span>
            <input name="totp" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={32} />
          </label>
        </>
      ) : null}
      {error ? (
        <p className="notice notice-error" role="alert" data-testid="enroll-error">
          {error}
        </p>
      ) : null}
      {enrollment ? (
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="enroll-submit">
          {t('enrollConfirm')}
        </button>
      ) : (
        <button type="button" className="btn btn-block" onClick={onRestart}>
          {tc('auth.signIn')}
        </button>
      )}
    </form>
  );
}
