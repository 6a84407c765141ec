import { useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth, useOperator } from '../lib/auth/AuthProvider';
import type { OperatorPermission } from '@candor/contracts';
import { LanguageSwitcher } from './LanguageSwitcher';
import { can, PAGE_PERMISSION } from '../lib/auth/access';
import { usePendingCounts } from '../lib/api/queries';

type NavItem = { to: string; key: string; end: boolean; permission?: OperatorPermission; pending?: 'deposits' | 'withdrawals' | 'kyc' };
// A link to a screen the operator lacks the permission for is not shown (the api would answer 403 FORBIDDEN).
const NAV = [
  { to: '/', key: 'nav.dashboard', end: true, permission: 'dashboard.read' },
  { to: '/withdrawals', key: 'consoleMoney:nav.withdrawals', end: false, permission: PAGE_PERMISSION.withdrawals, pending: 'withdrawals' },
  { to: '/deposits', key: 'consoleMoney:nav.deposits', end: false, permission: PAGE_PERMISSION.deposits, pending: 'deposits' },
  { to: '/kyc', key: 'consoleKyc:nav', end: false, permission: PAGE_PERMISSION.kyc, pending: 'kyc' },
  { to: '/deposit-methods', key: 'consoleMoney:nav.depositMethods', end: false, permission: PAGE_PERMISSION.depositMethods },
  { to: '/support', key: 'consoleSupport:nav', end: false, permission: PAGE_PERMISSION.support },
  { to: '/messages', key: 'consoleMoney:nav.messages', end: false, permission: PAGE_PERMISSION.messages },
  { to: '/audit', key: 'nav.audit', end: false, permission: 'audit.read' },
  { to: '/products', key: 'nav.products', end: false, permission: 'products.read' },
  { to: '/users', key: 'nav.users', end: false, permission: 'users.read' },
  { to: '/invitations', key: 'invitations.nav', end: false, permission: PAGE_PERMISSION.invitations },
  { to: '/queues', key: 'nav.queues', end: false, permission: 'ops.queues' },
  { to: '/operators', key: 'consoleOperators:navOperators', end: false, permission: 'operators.manage' },
  { to: '/earn', key: 'consoleEarn:nav', end: false, permission: 'earn.read' },
  { to: '/countries', key: 'consoleOperators:countries.nav', end: false, permission: 'countries.manage' },
  { to: '/content', key: 'consoleContent:nav', end: false, permission: PAGE_PERMISSION.content },
] as const satisfies readonly NavItem[];

export function Shell() {
  const { t } = useTranslation(['console', 'consoleMoney', 'consoleOperators', 'consoleEarn', 'consoleKyc', 'consoleContent', 'consoleSupport']);
  const { logout } = useAuth();
  const operator = useOperator();
  const [menuOpen, setMenuOpen] = useState(false);
  const pending = usePendingCounts();
  const [leaving, setLeaving] = useState(false);
  const location = useLocation();
  const navigation = useNavigation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    // close the phone menu on navigation
    setLastPath(location.pathname);
    setMenuOpen(false);
  }

  return (
    <div className="shell">
      <aside className={`sidebar${menuOpen ? ' open' : ''}`}>
        <div className="sidebar-top">
          <div className="brand">
            <span className="brand-mark" aria-hidden="true">
              C
            </span>
            <span>{t('app.title')}</span>
          </div>
          <button
            type="button"
            className="btn btn-ghost menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="console-nav"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? t('nav.closeMenu') : t('nav.menu')}
          </button>
        </div>
        <div className="sidebar-body" id="console-nav">
          <nav aria-label={t('nav.label')}>
            {(NAV as readonly NavItem[])
              .filter((item) => !item.permission || can(operator, item.permission))
              .map((item) => {
                const waiting = item.pending ? (pending.data?.[item.pending] ?? 0) : 0;
                return (
                  <NavLink key={item.to} to={item.to} end={item.end} className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`}>
                    {t(item.key as (typeof NAV)[number]['key'])}
                    {waiting > 0 ? (
                      <span className="nav-badge" data-testid={`pending-${item.pending}`} aria-label={t('users.pending', { count: waiting })}>
                        {waiting > 99 ? '99+' : waiting}
                      </span>
                    ) : null}
                  </NavLink>
                );
              })}
          </nav>
          <div className="operator-card" data-testid="operator">
            <div className="operator-email" title={operator.email}>
              {operator.email}
            </div>
            <div>
              <span className={`role role-${operator.role}`} data-testid="operator-role" data-role={operator.role}>
                {t(`roles.${operator.role}`)}
              </span>
            </div>
            <LanguageSwitcher />
            <button
              type="button"
              className="btn btn-block"
              data-testid="logout"
              disabled={leaving}
              onClick={() => {
                setLeaving(true);
                void logout();
              }}
            >
              {t('auth.logout')}
            </button>
          </div>
        </div>
      </aside>
      <main className="content" aria-busy={navigation.state === 'loading'}>
        {navigation.state === 'loading' ? <div className="route-progress" role="progressbar" aria-label={t('common.loading')} /> : null}
        <Outlet />
      </main>
    </div>
  );
}

export function PageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {children ? <div className="page-actions">{children}</div> : null}
    </header>
  );
}
