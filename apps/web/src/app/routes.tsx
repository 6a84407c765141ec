import type { ComponentType, ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '../features/session/session';
import { AppFrame, TabLayout } from './layouts';
import { lazyPage, type LazyPageComponent } from './lazyPage';
import { COMING_SOON_TITLES, ROUTES } from '../lib/paths';

// Every page is its own chunk, loaded by lazyPage (200 ms loading delay, 60 s time-out).
const WelcomePage = lazyPage(() => import('../pages/welcome/WelcomePage'));
const IndexPage = lazyPage(() => import('../pages/index/IndexPage'));
const ProductPage = lazyPage(() => import('../pages/product/ProductPage'));
const InformationPage = lazyPage(() => import('../pages/information/InformationPage'));
const UserPage = lazyPage(() => import('../pages/user/UserPage'));
const LoginPage = lazyPage(() => import('../pages/login/LoginPage'));
const RegisterCheckPage = lazyPage(() => import('../pages/login/RegisterCheckPage'));
const RegisterPage = lazyPage(() => import('../pages/login/RegisterPage'));
const SetPage = lazyPage(() => import('../pages/set/SetPage'));
const PasswordPage = lazyPage(() => import('../pages/password/PasswordPage'));
const AboutPage = lazyPage(() => import('../pages/aboutUs/AboutPage'));
const PrivacyPage = lazyPage(() => import('../pages/yinsi/PrivacyPage'));
const RightsPage = lazyPage(() => import('../pages/yinsi/RightsPage'));
const DetailPage = lazyPage(() => import('../pages/Detail/DetailPage'));
const OrderPage = lazyPage(() => import('../pages/order/OrderPage'));
const ReceiptPage = lazyPage(() => import('../pages/order/ReceiptPage'));
const DepositPage = lazyPage(() => import('../pages/deposit/DepositPage'));
const DepositListPage = lazyPage(() => import('../pages/withdraw-list/DepositListPage'));
const WithdrawListPage = lazyPage(() => import('../pages/withdraw-list/WithdrawListPage'));
const AccountPage = lazyPage(() => import('../pages/account/AccountPage'));
const AccountDetailPage = lazyPage(() => import('../pages/account/AccountDetailPage'));
const WithdrawMoneyPage = lazyPage(() => import('../pages/withdraw-money/WithdrawMoneyPage'));
const MoneyRecordPage = lazyPage(() => import('../pages/money-record/MoneyRecordPage'));
const ParticularsPage = lazyPage(() => import('../pages/Particulars/ParticularsPage'));
const MessagePage = lazyPage(() => import('../pages/message/MessagePage'));
const ActivityPage = lazyPage(() => import('../pages/activity/ActivityPage'));
const ComingSoonPage = lazyPage(() => import('../pages/coming-soon/ComingSoonPage'));
const MoneyPage = lazyPage(() => import('../pages/money/MoneyPage'));
const EarnDetailPage = lazyPage(() => import('../pages/money/EarnDetailPage'));
const TransferPage = lazyPage(() => import('../pages/transfer/TransferPage'));
const PricesPage = lazyPage(() => import('../pages/prices/PricesPage'));

function page(Component: ComponentType, auth: boolean): ReactNode {
  return auth ? (
    <RequireAuth>
      <Component />
    </RequireAuth>
  ) : (
    <Component />
  );
}

/** Pages of later slices (titles in COMING_SOON_TITLES): one translated "coming soon" page with a back button. */
const COMING_SOON: { path: string; auth: boolean }[] = Object.keys(COMING_SOON_TITLES).map((path) => ({ path, auth: path === ROUTES.verify }));

/** The pages of the bottom tab bar. */
const TAB_PAGES: [string, LazyPageComponent, boolean][] = [
  [ROUTES.index, IndexPage, false],
  [ROUTES.product, ProductPage, false],
  [ROUTES.information, InformationPage, false],
  [ROUTES.user, UserPage, true],
];

/** Every other page: path, page, whether it needs a session. */
const PAGES: [string, LazyPageComponent, boolean][] = [
  [ROUTES.root, WelcomePage, false],
  [ROUTES.welcome, WelcomePage, false],
  [ROUTES.login, LoginPage, false],
  [ROUTES.registerCheck, RegisterCheckPage, false],
  [ROUTES.register, RegisterPage, false],
  [ROUTES.set, SetPage, true],
  [ROUTES.password, PasswordPage, true],
  [ROUTES.aboutUs, AboutPage, false],
  [ROUTES.privacy, PrivacyPage, false],
  [ROUTES.privacyGy, RightsPage, false],
  // Detail is public; its trading panel asks for a session itself.
  [ROUTES.detail, DetailPage, false],
  [ROUTES.prices, PricesPage, false],
  [ROUTES.order, OrderPage, true],
  [ROUTES.receipt, ReceiptPage, true],
  [ROUTES.moneyRecord, MoneyRecordPage, true],
  [ROUTES.particulars, ParticularsPage, true],
  [ROUTES.message, MessagePage, true],
  [ROUTES.activity, ActivityPage, true],
  [ROUTES.deposit, DepositPage, true],
  [ROUTES.depositList, DepositListPage, true],
  [ROUTES.withdrawList, WithdrawListPage, true],
  [ROUTES.account, AccountPage, true],
  [ROUTES.accountDetail, AccountDetailPage, true],
  [ROUTES.withdrawMoney, WithdrawMoneyPage, true],
  [ROUTES.money, MoneyPage, true],
  [ROUTES.moneyDetail, EarnDetailPage, true],
  [ROUTES.transfer, TransferPage, true],
];

export const routes: RouteObject[] = [
  {
    element: <AppFrame />,
    children: [
      { element: <TabLayout />, children: TAB_PAGES.map(([path, Page, auth]) => ({ path, element: page(Page, auth) })) },
      ...PAGES.map(([path, Page, auth]) => ({ path, element: page(Page, auth) })),
      ...COMING_SOON.map(({ path, auth }) => ({ path, element: page(ComingSoonPage, auth) })),
      { path: '*', element: <Navigate to={ROUTES.root} replace /> },
    ],
  },
];

const BY_PATH = new Map<string, LazyPageComponent>(
  [...TAB_PAGES, ...PAGES, ...COMING_SOON.map(({ path }): [string, LazyPageComponent, boolean] => [path, ComingSoonPage, false])].map(([p, Page]) => [p, Page]),
);

/** Asks for the chunk of the page in the address bar (`#/pages/...?...`) while the app itself starts. */
export function preloadRoute(hash: string): void {
  const path = hash.replace(/^#/, '').split('?')[0] || ROUTES.root;
  BY_PATH.get(path)?.preload();
}

/**
 * The app's pages, rendered inside App's HashRouter. The declarative router, not a data router
 * (createHashRouter): no page uses loaders, actions or fetchers, and without them the first visit carries
 * about half of React Router's code (docs/performance.md).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
