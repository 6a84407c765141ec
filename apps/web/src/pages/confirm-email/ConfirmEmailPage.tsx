import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Icon, Loading, PageHeader } from '../../components';
import { EmailConfirmBanner } from '../../features/auth/EmailConfirmBanner';
import { useConfirmEmail, useRefreshProfile } from '../../features/auth/email';
import { authErrorText } from '../../features/auth/rateLimit';
import { ApiError } from '../../lib/api';
import { useSession, type LoginRedirectState } from '../../lib/session';
import { ROUTES } from '../../lib/paths';
import styles from '../../features/auth/auth.module.css';

type Outcome = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string } | { kind: 'login' };

/**
 * `/#/confirm-email?token=...`, the link of the confirmation mail: sends the token once (with the session, when
 * this browser has one) and refreshes the profile on success. Should the server want a session, a signed-out
 * visitor goes through the login page, which brings them back here.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  // A new link opened in the same tab starts afresh.
  return <ConfirmEmail key={token} token={token} />;
}

function ConfirmEmail({ token }: { token: string }) {
  const { t } = useTranslation('user');
  const session = useSession();
  const confirm = useConfirmEmail();
  const refreshProfile = useRefreshProfile();
  const [outcome, setOutcome] = useState<Outcome>(() => (token ? { kind: 'working' } : { kind: 'failed', message: t('confirm.noToken') }));
  const sent = useRef(false);
  const location = useLocation();
  const signedIn = session.status === 'authenticated';

  useEffect(() => {
    // Once per visit, though effects may run twice: the token is good for one use. A session being restored
    // is waited for, so the request carries it.
    if (!token || sent.current || session.status === 'loading') return;
    sent.current = true;
    confirm.mutate(token, {
      onSuccess: () => {
        setOutcome({ kind: 'done' });
        if (signedIn) void refreshProfile();
      },
      onError: (err) =>
        setOutcome(
          err instanceof ApiError && err.status === 401 && !signedIn
            ? { kind: 'login' }
            : // The server names a bad link as it does a reset link's: say which link it is.
              { kind: 'failed', message: err instanceof ApiError && err.code === 'RESET_TOKEN_INVALID' ? t('confirm.invalid') : authErrorText(err, t) },
        ),
    });
  }, [token, confirm, refreshProfile, t, session.status, signedIn]);

  if (outcome.kind === 'login') {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    return <Navigate to={ROUTES.login} replace state={state} />;
  }

  const user = session.user;
  let body;
  if (outcome.kind === 'working') body = <Loading label={t('confirm.working')} />;
  else if (outcome.kind === 'done')
    body = (
      <Result icon="check" title={t('confirm.doneTitle')} text={t('confirm.doneText')} testId="confirm-done">
        <Link to={signedIn ? ROUTES.user : ROUTES.login} replace className="btn btn--primary btn--block" data-testid="confirm-to-center">
          <span className="btn__label">{signedIn ? t('confirm.toCenter') : t('auth:forgot.backToLogin')}</span>
        </Link>
      </Result>
    );
  else
    body = (
      <>
        <Result icon="alert" error title={t('confirm.failedTitle')} text={outcome.message} testId="confirm-failed">
          <Link to={signedIn ? ROUTES.user : ROUTES.login} replace className="btn btn--secondary btn--block">
            <span className="btn__label">{signedIn ? t('confirm.toCenter') : t('auth:forgot.backToLogin')}</span>
          </Link>
        </Result>
        {/* A used or expired link: a new one is a tap away, unless the address is confirmed already. */}
        {user && !user.emailConfirmed ? <EmailConfirmBanner email={user.email} /> : null}
      </>
    );

  return (
    <main className="page" data-testid="confirm-email-page">
      <PageHeader title={t('confirm.title')} back={signedIn ? ROUTES.user : ROUTES.login} />
      <div className="page__body">{body}</div>
    </main>
  );
}

function Result({
  icon,
  error = false,
  title,
  text,
  testId,
  children,
}: {
  icon: 'check' | 'alert';
  error?: boolean;
  title: string;
  text: string;
  testId: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={`card ${styles.result}`} data-testid={testId} aria-labelledby={`${testId}-title`}>
      <span className={error ? `${styles.resultIcon} ${styles.resultIconError}` : styles.resultIcon}>
        <Icon name={icon} size={30} />
      </span>
      <h2 className={styles.resultTitle} id={`${testId}-title`} tabIndex={-1} ref={heading}>
        {title}
      </h2>
      <p className={styles.resultText} role={error ? 'alert' : undefined}>
        {text}
      </p>
      <div className={styles.resultActions}>{children}</div>
    </section>
  );
}
