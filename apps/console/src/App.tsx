import { createHashRouter, Navigate, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth, useOperator } from './lib/auth/AuthProvider';
import { can, landingPath } from './lib/auth/access';
import { PermissionGate } from './components/PermissionGate';
import { Shell } from './components/Shell';
import { Loading } from './components/States';
import { ErrorState } from './components/States';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { LoginPage } from './pages/login/LoginPage';

/** Screens behind a session; without one, the login page (and back to the asked page after signing in). */
function RequireOperator() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <FullPageLoading />;
  if (state.status === 'anonymous') return <Navigate to="/login" replace state={{ from: location.pathname + location.search, expired: state.expired }} />;
  return <Outlet />;
}

function LoginRoute() {
  const { state } = useAuth();
  const location = useLocation();
  const nav = (location.state ?? {}) as { from?: string; expired?: boolean };
  if (state.status === 'loading') return <FullPageLoading />;
  if (state.status === 'authenticated') return <Navigate to={nav.from && nav.from !== '/login' ? nav.from : '/'} replace />;
  return <LoginPage expired={Boolean(nav.expired || state.expired)} />;
}

function FullPageLoading() {
  const { t } = useTranslation();
  return (
    <div className="login-page">
      <Loading label={t('auth.restoring')} />
    </div>
  );
}

/** A screen's code failed to load (e.g. a new deployment replaced it) or threw while rendering. */
function RouteError() {
  const { t } = useTranslation();
  return (
    <>
      <ErrorState error={null} onRetry={() => window.location.reload()} />
      <p>
        <a href="#/">{t('nav.dashboard')}</a>
      </p>
    </>
  );
}

/** The dashboard for a role that reads it; any other role goes on to its first page (access.ts, landingPath). */
function Home() {
  const operator = useOperator();
  if (can(operator, 'dashboard.read')) return <DashboardPage />;
  const to = landingPath(operator);
  if (to && to !== '/') return <Navigate to={to} replace />;
  return (
    <PermissionGate permission="dashboard.read">
      <DashboardPage />
    </PermissionGate>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="state state-empty">
      <p>{t('errors.pageNotFound')}</p>
      <a className="btn" href="#/">
        {t('nav.dashboard')}
      </a>
    </div>
  );
}

const router = createHashRouter([
  { path: '/login', element: <LoginRoute /> },
  {
    element: <RequireOperator />,
    children: [
      {
        element: <Shell />,
        hydrateFallbackElement: <FullPageLoading />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, element: <Home /> },
              // Screens other than the dashboard load on first visit.
              { path: 'audit', lazy: async () => ({ Component: (await import('./pages/audit/AuditPage')).AuditPage }) },
              { path: 'products', lazy: async () => ({ Component: (await import('./pages/products/ProductsPage')).ProductsPage }) },
              { path: 'products/:symbol', lazy: async () => ({ Component: (await import('./pages/product-editor/ProductEditorPage')).ProductEditorPage }) },
              { path: 'users', lazy: async () => ({ Component: (await import('./pages/users/UsersPage')).UsersPage }) },
              { path: 'invitations', lazy: async () => ({ Component: (await import('./pages/invitations/InvitationCodesPage')).InvitationCodesPage }) },
              { path: 'users/:id', lazy: async () => ({ Component: (await import('./pages/users/UserDetailPage')).UserDetailPage }) },
              { path: 'withdrawals', lazy: async () => ({ Component: (await import('./pages/review/ReviewPage')).WithdrawalsPage }) },
              { path: 'deposits', lazy: async () => ({ Component: (await import('./pages/review/ReviewPage')).DepositsPage }) },
              { path: 'kyc', lazy: async () => ({ Component: (await import('./pages/kyc/KycPage')).KycQueuePage }) },
              { path: 'kyc/:id', lazy: async () => ({ Component: (await import('./pages/kyc/KycPage')).KycDetailPage }) },
              { path: 'deposit-methods', lazy: async () => ({ Component: (await import('./pages/deposit-methods/DepositMethodsPage')).DepositMethodsPage }) },
              { path: 'support', lazy: async () => ({ Component: (await import('./pages/support/SupportInboxPage')).SupportInboxPage }) },
              { path: 'messages', lazy: async () => ({ Component: (await import('./pages/messages/SendMessagePage')).SendMessagePage }) },
              { path: 'queues', lazy: async () => ({ Component: (await import('./pages/queues/QueuesPage')).QueuesPage }) },
              { path: 'operators', lazy: async () => ({ Component: (await import('./pages/operators/OperatorsPage')).OperatorsPage }) },
              { path: 'content/news/:id', lazy: async () => ({ Component: (await import('./pages/content/ContentPage')).NewsArticlePage }) },
              { path: 'content/:section?', lazy: async () => ({ Component: (await import('./pages/content/ContentPage')).ContentPage }) },
              { path: 'countries', lazy: async () => ({ Component: (await import('./pages/countries/BlockedCountriesPage')).BlockedCountriesPage }) },
              { path: 'earn', lazy: async () => ({ Component: (await import('./pages/earn/EarnSettingsPage')).EarnSettingsPage }) },
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
