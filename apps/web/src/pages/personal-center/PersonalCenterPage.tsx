import { useState, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Summary, UserProfile } from '@candor/contracts';
import { Button, ConfirmDialog, ErrorState, Icon, Loading, useToast, type IconName } from '../../components';
import { useLiveSummary, useMe, useSummary } from '../../features/account/hooks';
import { NicknameDialog } from '../../features/account/NicknameDialog';
import { Avatar } from '../../features/account/Avatar';
import { useLiveKyc } from '../../features/kyc/hooks';
import kycStyles from '../../features/kyc/kyc.module.css';
import { errorText } from '../../lib/errors';
import { formatMoney, moneySign } from '../../lib/format';
import { useSession } from '../../lib/session';
import { WithUnreadBadge } from '../../features/records/UnreadBadge';
import { WithSupportBadge } from '../../features/support/SupportBadge';
import { EmailConfirmBanner } from '../../features/auth/EmailConfirmBanner';
import { ROUTES } from '../../lib/paths';

import type { AvatarSheetProps } from '../../features/account/AvatarSheet';

// The upload client comes with the sheet, fetched only when the avatar is tapped.
const loadAvatarSheet = () => import('../../features/account/AvatarSheet').then((m) => m.default);

const QUICK: { to: string; key: string; icon: IconName; label?: string }[] = [
  { to: ROUTES.deposit, key: 'deposit', icon: 'wallet', label: 'money:nav.deposit' },
  { to: ROUTES.moneyRecord, key: 'moneyRecord', icon: 'records' },
  { to: ROUTES.withdrawMoney, key: 'withdrawMoney', icon: 'withdraw' },
  { to: ROUTES.account, key: 'account', icon: 'card' },
];

/** `label`: a full translation key, for items whose text lives outside the `user` namespace. */
const MENU: { to: string; key: string; icon: IconName; testId?: string; label?: string }[] = [
  { to: ROUTES.money, key: 'money', icon: 'piggy' },
  { to: ROUTES.order, key: 'orders', icon: 'list', testId: 'menu-orders' },
  { to: ROUTES.statistics, key: 'statistics', icon: 'chart', testId: 'menu-statistics' },
  { to: ROUTES.depositList, key: 'depositList', icon: 'records', testId: 'menu-deposit-list', label: 'money:nav.depositList' },
  { to: ROUTES.withdrawList, key: 'withdrawList', icon: 'withdraw', testId: 'menu-withdraw-list', label: 'money:nav.withdrawList' },
  { to: ROUTES.verify, key: 'verify', icon: 'idcard', testId: 'menu-verify' },
  { to: ROUTES.message, key: 'messages', icon: 'bell', testId: 'menu-messages' },
  { to: ROUTES.support, key: 'support', icon: 'chat', testId: 'menu-support', label: 'support:title' },
  { to: ROUTES.activity, key: 'activity', icon: 'shield', testId: 'menu-activity', label: 'records:activity.menu' },
  { to: ROUTES.responsibleTrading, key: 'responsible', icon: 'clock', testId: 'menu-responsible', label: 'limits:menu' },
  { to: ROUTES.liabilities, key: 'liabilities', icon: 'check', testId: 'menu-liabilities' },
  { to: ROUTES.set, key: 'settings', icon: 'settings', testId: 'menu-settings' },
  { to: ROUTES.aboutUs, key: 'about', icon: 'info' },
  { to: ROUTES.privacy, key: 'privacy', icon: 'doc' },
];

/** The user's card: the avatar (a photo, or the generated initial) with its sheet, the nickname with its editor, the e-mail and badges. */
function Profile({ user }: { user: UserProfile }) {
  const { t } = useTranslation('user');
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [AvatarSheet, setAvatarSheet] = useState<ComponentType<AvatarSheetProps> | null>(null);
  const [sheetLoading, setSheetLoading] = useState(false);
  const verified = user.kycStatus === 'verified';
  const name = user.nickname || user.email;
  const openAvatar = () => {
    if (AvatarSheet) {
      setAvatarOpen(true);
      return;
    }
    setSheetLoading(true);
    loadAvatarSheet().then(
      (Sheet) => {
        setAvatarSheet(() => Sheet);
        setAvatarOpen(true);
        setSheetLoading(false);
      },
      () => {
        // The sheet's chunk did not arrive (offline, a new deploy): say so; the next tap tries again.
        setSheetLoading(false);
        toast.error(t('common:pageError.text'));
      },
    );
  };
  return (
    <section className="profile">
      <button
        type="button"
        className="profile__avatar"
        onClick={openAvatar}
        disabled={sheetLoading}
        aria-busy={sheetLoading || undefined}
        aria-label={t('avatar.change')}
        aria-haspopup="dialog"
        data-testid="avatar-button"
      >
        <Avatar userId={user.id} name={name} url={user.avatarUrl} />
        <span className="profile__avatar-badge" aria-hidden="true">
          <Icon name="camera" size={12} />
        </span>
      </button>
      <div className="profile__info">
        <p className="profile__name">
          <span data-testid="user-nickname">{name}</span>
          <button type="button" className="profile__edit" onClick={() => setEditing(true)} aria-label={t('nickname.edit')} data-testid="nickname-edit">
            <Icon name="edit" size={16} />
          </button>
        </p>
        <p className="profile__email" data-testid="user-email">
          {user.email}
        </p>
        <div className="profile__badges">
          <span className="badge badge--level">{t('center.levelOrdinary')}</span>
          <Link
            to={ROUTES.verify}
            className={kycStyles.badgeLink}
            data-testid="user-verified"
            data-state={user.kycStatus}
            aria-label={`${t('menu.verify')}: ${t(`center.kyc.${user.kycStatus}`)}`}
          >
            <span className={verified ? 'badge badge--ok' : 'badge badge--muted'}>
              {verified ? <Icon name="check" size={14} aria-hidden="true" /> : null}
              {verified ? t('center.verified') : t(`center.kyc.${user.kycStatus}`)}
            </span>
          </Link>
        </div>
      </div>
      <div className="profile__score">
        <span className="profile__score-value" data-testid="user-credit">
          {user.creditScore}
        </span>
        <span className="profile__score-label">{t('center.creditScore')}</span>
      </div>
      {avatarOpen && AvatarSheet ? (
        <AvatarSheet
          hasPhoto={Boolean(user.avatarUrl)}
          onClose={() => setAvatarOpen(false)}
          onDone={(message) => {
            setAvatarOpen(false);
            toast.success(message);
          }}
        />
      ) : null}
      {editing ? (
        <NicknameDialog
          current={user.nickname}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            toast.success(t('nickname.saved'));
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * The assets card. While the summary loads it has the same rows with dashes (and no test ids), so the
 * menus below do not move when the figures arrive.
 */
function Assets({ summary }: { summary: Summary | undefined }) {
  const { t } = useTranslation('user');
  const money = (v: string | undefined, testId: string) => (
    <dd className="num" data-testid={v === undefined ? undefined : testId}>
      {v === undefined ? '--' : formatMoney(v)}
    </dd>
  );
  const pnl = (v: string | undefined) => {
    if (v === undefined) return <span className="num">--</span>;
    const sign = moneySign(v);
    return <span className={sign > 0 ? 'num num--rise' : sign < 0 ? 'num num--fall' : 'num'}>{formatMoney(v, { sign: true })}</span>;
  };
  return (
    <section className="card assets" aria-label={t('center.assets')} aria-busy={summary === undefined}>
      <p className="assets__label">{t('center.totalAssets')}</p>
      <p className="assets__total num" data-testid={summary ? 'total-assets' : undefined}>
        {summary ? formatMoney(summary.totalAssets) : '--'}
      </p>
      <dl className="assets__grid">
        <div>
          <dt>{t('center.available')}</dt>
          {money(summary?.available, 'available')}
        </div>
        <div>
          <dt>{t('records:summary.held')}</dt>
          {/* Deposits and withdrawals in review together: what the user sent or asked for that is not decided yet. */}
          {money(summary?.inReview, 'held')}
        </div>
        <div>
          <dt>{t('records:summary.inOrders')}</dt>
          {money(summary?.inOrders, 'in-orders')}
        </div>
        <div>
          <dt>{t('records:summary.earn')}</dt>
          {money(summary?.earn, 'earn')}
        </div>
        <div>
          <dt>{t('center.pnlToday')}</dt>
          <dd>{pnl(summary?.pnlToday)}</dd>
        </div>
        <div>
          <dt>{t('center.pnlTotal')}</dt>
          <dd>{pnl(summary?.pnlTotal)}</dd>
        </div>
      </dl>
    </section>
  );
}

export default function PersonalCenterPage() {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const session = useSession();
  const me = useMe();
  const summary = useSummary();
  useLiveSummary();
  // A reviewer's decision updates the verified flag without a reload.
  useLiveKyc();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const user = me.data ?? session.user;

  const logout = async () => {
    setLeaving(true);
    await session.logout();
    void navigate(ROUTES.login, { replace: true });
  };

  return (
    <main className="page page--user" data-testid="user-page">
      <div className="user-hero">
        <div className="user-hero__bar">
          <h1 className="user-hero__title">{t('center.title')}</h1>
          <Link to={ROUTES.set} className="icon-btn icon-btn--on-dark" aria-label={t('menu.settings')}>
            <Icon name="settings" size={22} />
          </Link>
        </div>
        {user ? <Profile user={user} /> : me.isError ? null : <Loading />}
      </div>
      <div className="page__body user-body">
        {me.isError && !user ? <ErrorState message={errorText(me.error, t)} onRetry={() => void me.refetch()} /> : null}
        {/* Until the address is confirmed, withdrawals wait: say so first, with the way to a new link. */}
        {user && user.emailConfirmed === false ? <EmailConfirmBanner email={user.email} /> : null}
        {summary.isError && !summary.data ? (
          <div className="card">
            <ErrorState message={errorText(summary.error, t)} onRetry={() => void summary.refetch()} />
          </div>
        ) : (
          <Assets summary={summary.data} />
        )}

        <nav className="card quick" aria-label={t('center.quick')}>
          {QUICK.map((q) => (
            <Link key={q.key} to={q.to} className="quick__item">
              <span className="quick__icon">
                <Icon name={q.icon} size={24} />
              </span>
              <span className="quick__label">{t(q.label ?? `menu.${q.key}`)}</span>
            </Link>
          ))}
        </nav>

        <nav className="card menu" aria-label={t('center.menu')}>
          {MENU.map((m) => (
            <Link key={m.key} to={m.to} className="menu__item" data-testid={m.testId}>
              <span className="menu__icon">
                {m.key === 'messages' ? (
                  <WithUnreadBadge>
                    <Icon name={m.icon} size={22} />
                  </WithUnreadBadge>
                ) : m.key === 'support' ? (
                  <WithSupportBadge>
                    <Icon name={m.icon} size={22} />
                  </WithSupportBadge>
                ) : (
                  <Icon name={m.icon} size={22} />
                )}
              </span>
              <span className="menu__label">{t(m.label ?? `menu.${m.key}`)}</span>
              {m.key === 'verify' && user ? (
                <span className={kycStyles.menuState} data-testid="menu-verify-state" data-state={user.kycStatus}>
                  {t(`center.kyc.${user.kycStatus}`)}
                </span>
              ) : null}
              <Icon name="chevron" size={18} className="menu__chevron" />
            </Link>
          ))}
        </nav>

        <Button variant="ghost" block onClick={() => setConfirmOpen(true)} data-testid="logout">
          {t('center.logout')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmOpen}
        title={t('center.logoutConfirmTitle')}
        message={t('center.logoutConfirmText')}
        confirmLabel={t('center.logout')}
        danger
        busy={leaving}
        onConfirm={() => void logout()}
        onCancel={() => setConfirmOpen(false)}
      />
    </main>
  );
}
