import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '@candor/contracts';
import { Button, ConfirmDialog, EmptyState, ErrorState, Icon, Loading, PageHeader, useToast } from '../../components';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../../features/account/hooks';
import { LoginHistoryCard } from '../../features/account/LoginHistoryCard';
import { TwoFactorCard } from '../../features/account/TwoFactorCard';
import { LanguageList } from '../../features/settings/LanguageList';
import { RiseColourList } from '../../features/settings/RiseColourList';
import { PushSection } from '../../features/settings/PushSection';
import { errorText } from '../../lib/errors';
import { formatDateTime, formatRelativeTime } from '../../lib/format';
import { deviceName } from '../../features/account/deviceName';
import { currentLanguage, LANG_STORAGE_KEY } from '../../lib/i18n';
import { chosenRiseColour, RISE_STORAGE_KEY } from '../../lib/riseColour';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { passwordRoute, ROUTES } from '../../lib/paths';
import authStyles from '../../features/auth/auth.module.css';

function SessionRow({ s, onRevoke, busy }: { s: SessionInfo; onRevoke: (s: SessionInfo) => void; busy: boolean }) {
  const { t } = useTranslation('user');
  const lng = currentLanguage();
  const device = deviceName(s.userAgent, t);
  return (
    <li className="session" data-testid="session-row">
      <span className="session__icon">
        <Icon name="device" size={22} />
      </span>
      <div className="session__info">
        <p className="session__device">
          {device}
          {s.current ? <span className="badge badge--ok session__current">{t('sessions.current')}</span> : null}
        </p>
        <p className="session__meta">
          {s.ip ? `${s.ip} · ` : ''}
          {t('sessions.lastUsed', { time: formatRelativeTime(s.lastUsedAt, lng, t('common:time.justNow')) })}
        </p>
        <p className="session__meta">{t('sessions.firstSeen', { time: formatDateTime(new Date(s.createdAt), lng) })}</p>
      </div>
      {!s.current ? (
        <Button size="sm" variant="secondary" loading={busy} onClick={() => onRevoke(s)}>
          {t('sessions.logout')}
        </Button>
      ) : null}
    </li>
  );
}

function Sessions() {
  const { t } = useTranslation('user');
  const toast = useToast();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [target, setTarget] = useState<SessionInfo | null>(null);
  const [confirmOthers, setConfirmOthers] = useState(false);
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  let body;
  if (sessions.isPending) body = <Loading />;
  else if (sessions.isError) body = <ErrorState message={errorText(sessions.error, t)} onRetry={() => void sessions.refetch()} />;
  else if (sessions.data.length === 0) body = <EmptyState icon="device" title={t('sessions.empty')} />;
  else
    body = (
      <ul className="session-list">
        {[...sessions.data]
          .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt))
          .map((s) => (
            <SessionRow key={s.id} s={s} busy={revoke.isPending && revoke.variables === s.id} onRevoke={setTarget} />
          ))}
      </ul>
    );

  return (
    <section className="card settings-section" aria-labelledby="sessions-title">
      <h2 className="section-title" id="sessions-title">
        {t('sessions.title')}
      </h2>
      <p className="section-note">{t('sessions.note')}</p>
      {body}
      {others > 0 ? (
        <Button variant="secondary" block loading={revokeOthers.isPending} onClick={() => setConfirmOthers(true)} data-testid="logout-others">
          {t('sessions.logoutOthers')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirmOthers}
        title={t('sessions.confirmOthersTitle')}
        message={t('sessions.confirmOthersText')}
        confirmLabel={t('sessions.logoutOthers')}
        danger
        onCancel={() => setConfirmOthers(false)}
        onConfirm={() => {
          setConfirmOthers(false);
          revokeOthers.mutate(undefined, {
            onSuccess: (r) => toast.success(t('sessions.othersDone', { count: r.revoked })),
            onError: (err) => toast.error(errorText(err, t)),
          });
        }}
      />
      <ConfirmDialog
        open={target !== null}
        title={t('sessions.confirmTitle')}
        message={t('sessions.confirmText')}
        confirmLabel={t('sessions.logout')}
        danger
        onCancel={() => setTarget(null)}
        onConfirm={() => {
          const s = target;
          setTarget(null);
          if (!s) return;
          revoke.mutate(s.id, {
            onSuccess: () => toast.success(t('common:success.operation')),
            onError: (err) => toast.error(errorText(err, t)),
          });
        }}
      />
    </section>
  );
}

/** The address (and a new one waiting for its confirmation), and which mails are sent. */
function EmailSection() {
  const { t } = useTranslation('user');
  const { user } = useSession();
  return (
    <section className="card settings-section" aria-labelledby="email-title">
      <h2 className="section-title" id="email-title">
        {t('settings.emailSection')}
      </h2>
      <nav className="menu menu--flat" aria-labelledby="email-title">
        <Link to={ROUTES.changeEmail} className="menu__item" data-testid="settings-email">
          <span className="menu__icon">
            <Icon name="inbox" size={22} />
          </span>
          <span className="menu__label">
            {t('settings.email')}
            <span className={authStyles.rowValue} data-testid="settings-email-address">
              {user?.email ?? ''}
              {user && !user.emailConfirmed ? ` · ${t('settings.emailUnconfirmed')}` : ''}
            </span>
            {user?.pendingEmail ? (
              <span className={`${authStyles.rowValue} ${authStyles.rowPending}`} data-testid="settings-email-pending">
                {t('settings.emailPending', { email: user.pendingEmail })}
              </span>
            ) : null}
          </span>
          <Icon name="chevron" size={18} className="menu__chevron" />
        </Link>
        <Link to={ROUTES.mailSettings} className="menu__item" data-testid="settings-mail">
          <span className="menu__icon">
            <Icon name="bell" size={22} />
          </span>
          <span className="menu__label">{t('settings.mail')}</span>
          <Icon name="chevron" size={18} className="menu__chevron" />
        </Link>
      </nav>
    </section>
  );
}

export default function SettingsPage() {
  const { t, i18n } = useTranslation('user');
  const navigate = useNavigate();
  const session = useSession();
  const toast = useToast();
  const [dialog, setDialog] = useState<'clear' | 'logout' | null>(null);
  const [busy, setBusy] = useState(false);

  const endSession = async (clear: boolean) => {
    setBusy(true);
    await session.logout();
    if (clear) {
      const lang = currentLanguage();
      const chosenRise = chosenRiseColour();
      try {
        localStorage.clear();
        sessionStorage.clear();
        // The language and the price colours are choices made on this screen, not cached data: keep them.
        localStorage.setItem(LANG_STORAGE_KEY, lang);
        if (chosenRise) localStorage.setItem(RISE_STORAGE_KEY, chosenRise);
      } catch {
        // storage unavailable: nothing to clear
      }
      queryClient.clear();
      toast.success(t('settings.cacheCleared'));
    }
    setBusy(false);
    setDialog(null);
    void navigate(ROUTES.login, { replace: true });
  };

  return (
    <main className="page" data-testid="settings-page">
      <PageHeader title={t('settings.title')} back />
      <div className="page__body">
        <section className="card settings-section" aria-labelledby="lang-title">
          <h2 className="section-title" id="lang-title">
            {t('settings.language')}
          </h2>
          {/* i18n.t, not t: the toast speaks the language just chosen, not the one this render had. */}
          <LanguageList onChosen={() => toast.success(i18n.t('common:success.set'))} />
        </section>

        <section className="card settings-section" aria-labelledby="rise-title">
          <h2 className="section-title" id="rise-title">
            {t('settings.riseColour')}
          </h2>
          <p className="section-note">{t('settings.riseNote')}</p>
          <RiseColourList onChosen={() => toast.success(t('common:success.set'))} />
        </section>

        <EmailSection />

        <PushSection />

        <section className="card settings-section" aria-labelledby="security-title">
          <h2 className="section-title" id="security-title">
            {t('settings.security')}
          </h2>
          <nav className="menu menu--flat" aria-labelledby="security-title">
            <Link to={passwordRoute('login')} className="menu__item" data-testid="change-login-password">
              <span className="menu__icon">
                <Icon name="lock" size={22} />
              </span>
              <span className="menu__label">{t('settings.changeLoginPassword')}</span>
              <Icon name="chevron" size={18} className="menu__chevron" />
            </Link>
            <Link to={passwordRoute('trade')} className="menu__item" data-testid="change-trade-password">
              <span className="menu__icon">
                <Icon name="key" size={22} />
              </span>
              <span className="menu__label">{t('settings.changeTradePassword')}</span>
              <Icon name="chevron" size={18} className="menu__chevron" />
            </Link>
          </nav>
          <p className="section-note">{t('settings.passwordNote')}</p>
        </section>

        <TwoFactorCard />

        <Sessions />

        <LoginHistoryCard />

        <section className="card settings-section">
          <div className="menu menu--flat">
            <button type="button" className="menu__item" onClick={() => setDialog('clear')} data-testid="clear-cache">
              <span className="menu__icon">
                <Icon name="trash" size={22} />
              </span>
              <span className="menu__label">{t('settings.clearCache')}</span>
              <Icon name="chevron" size={18} className="menu__chevron" />
            </button>
          </div>
        </section>

        <Button variant="ghost" block onClick={() => setDialog('logout')} data-testid="settings-logout">
          {t('center.logout')}
        </Button>
      </div>
      <ConfirmDialog
        open={dialog !== null}
        title={dialog === 'clear' ? t('settings.clearCacheConfirmTitle') : t('center.logoutConfirmTitle')}
        message={dialog === 'clear' ? t('settings.clearCacheConfirmText') : t('center.logoutConfirmText')}
        confirmLabel={dialog === 'clear' ? t('settings.clearCache') : t('center.logout')}
        danger
        busy={busy}
        onCancel={() => setDialog(null)}
        onConfirm={() => void endSession(dialog === 'clear')}
      />
    </main>
  );
}
