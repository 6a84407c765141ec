import type { ComponentType, ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './RequireAuth';
import { AppFrame, TabLayout } from './layouts';
import { lazyPage, type LazyPageComponent } from './lazyPage';
import { ROUTES } from '../lib/paths';

// Every page is its own chunk, loaded by lazyPage (200 ms loading delay, 60 s time-out).
const WelcomePage = lazyPage(() => import('../pages/welcome/WelcomePage'));
const HomePage = lazyPage(() => import('../pages/home/HomePage'));
const ProductsPage = lazyPage(() => import('../pages/products/ProductsPage'));
const NewsPage = lazyPage(() => import('../pages/news/NewsPage'));
const PersonalCenterPage = lazyPage(() => import('../pages/personal-center/PersonalCenterPage'));
const LoginPage = lazyPage(() => import('../pages/login/LoginPage'));
const RegisterCheckPage = lazyPage(() => import('../pages/register/RegisterCheckPage'));
const RegisterPage = lazyPage(() => import('../pages/register/RegisterPage'));
const SettingsPage = lazyPage(() => import('../pages/settings/SettingsPage'));
const ChangePasswordPage = lazyPage(() => import('../pages/change-password/ChangePasswordPage'));
const AboutPage = lazyPage(() => import('../pages/about/AboutPage'));
const PrivacyPage = lazyPage(() => import('../pages/privacy/PrivacyPage'));
const RightsPage = lazyPage(() => import('../pages/privacy/RightsPage'));
const ProductDetailPage = lazyPage(() => import('../pages/product-detail/ProductDetailPage'));
const PositionsPage = lazyPage(() => import('../pages/positions/PositionsPage'));
const ReceiptPage = lazyPage(() => import('../pages/receipt/ReceiptPage'));
const StatisticsPage = lazyPage(() => import('../pages/statistics/StatisticsPage'));
const DepositPage = lazyPage(() => import('../pages/deposit/DepositPage'));
const DepositHistoryPage = lazyPage(() => import('../pages/deposit-history/DepositHistoryPage'));
const WithdrawalHistoryPage = lazyPage(() => import('../pages/withdrawal-history/WithdrawalHistoryPage'));
const WithdrawalAccountPage = lazyPage(() => import('../pages/withdrawal-account/WithdrawalAccountPage'));
const EditWithdrawalAccountPage = lazyPage(() => import('../pages/withdrawal-account/EditWithdrawalAccountPage'));
const WithdrawPage = lazyPage(() => import('../pages/withdraw/WithdrawPage'));
const CapitalRecordsPage = lazyPage(() => import('../pages/capital-records/CapitalRecordsPage'));
const CapitalRecordDetailPage = lazyPage(() => import('../pages/capital-records/CapitalRecordDetailPage'));
const MessagesPage = lazyPage(() => import('../pages/messages/MessagesPage'));
const AccountActivityPage = lazyPage(() => import('../pages/account-activity/AccountActivityPage'));
const EarnPage = lazyPage(() => import('../pages/earn/EarnPage'));
const EarnDetailPage = lazyPage(() => import('../pages/earn/EarnDetailPage'));
const TransferPage = lazyPage(() => import('../pages/earn/TransferPage'));
const PricesPage = lazyPage(() => import('../pages/prices/PricesPage'));
const ForgotPasswordPage = lazyPage(() => import('../pages/forgot-password/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('../pages/reset-password/ResetPasswordPage'));
const ConfirmEmailPage = lazyPage(() => import('../pages/confirm-email/ConfirmEmailPage'));
const ChangeEmailPage = lazyPage(() => import('../pages/change-email/ChangeEmailPage'));
const MailSettingsPage = lazyPage(() => import('../pages/mail-settings/MailSettingsPage'));
const ResponsibleTradingPage = lazyPage(() => import('../pages/responsible-trading/ResponsibleTradingPage'));
const VerifyPage = lazyPage(() => import('../pages/verify/VerifyPage'));
const NewsDetailPage = lazyPage(() => import('../pages/news/NewsDetailPage'));
const HomeDetailPage = lazyPage(() => import('../pages/home/HomeDetailPage'));
const ChooseLocationPage = lazyPage(() => import('../pages/location/ChooseLocationPage'));
const OpenLocationPage = lazyPage(() => import('../pages/location/OpenLocationPage'));
const LiabilitiesPage = lazyPage(() => import('../pages/liabilities/LiabilitiesPage'));
const SupportPage = lazyPage(() => import('../pages/support/SupportPage'));
const TransparencyPage = lazyPage(() => import('../pages/transparency/TransparencyPage'));

function page(Component: ComponentType, auth: boolean): ReactNode {
  return auth ? (
    <RequireAuth>
      <Component />
    </RequireAuth>
  ) : (
    <Component />
  );
}

/** The pages of the bottom tab bar. */
const TAB_PAGES: [string, LazyPageComponent, boolean][] = [
  [ROUTES.index, HomePage, false],
  [ROUTES.product, ProductsPage, false],
  [ROUTES.information, NewsPage, false],
  [ROUTES.user, PersonalCenterPage, true],
];

/** Every other page: path, page, whether it needs a session. */
const PAGES: [string, LazyPageComponent, boolean][] = [
  [ROUTES.root, WelcomePage, false],
  [ROUTES.welcome, WelcomePage, false],
  [ROUTES.login, LoginPage, false],
  [ROUTES.registerCheck, RegisterCheckPage, false],
  [ROUTES.register, RegisterPage, false],
  [ROUTES.set, SettingsPage, true],
  [ROUTES.password, ChangePasswordPage, true],
  [ROUTES.aboutUs, AboutPage, false],
  [ROUTES.privacy, PrivacyPage, false],
  [ROUTES.privacyGy, RightsPage, false],
  [ROUTES.informationDetail, NewsDetailPage, false],
  [ROUTES.indexDetail, HomeDetailPage, false],
  [ROUTES.chooseLocation, ChooseLocationPage, false],
  [ROUTES.openLocation, OpenLocationPage, false],
  // A product's page is public; its trading panel asks for a session itself.
  [ROUTES.detail, ProductDetailPage, false],
  [ROUTES.prices, PricesPage, false],
  [ROUTES.order, PositionsPage, true],
  [ROUTES.receipt, ReceiptPage, true],
  [ROUTES.statistics, StatisticsPage, true],
  [ROUTES.moneyRecord, CapitalRecordsPage, true],
  [ROUTES.particulars, CapitalRecordDetailPage, true],
  [ROUTES.message, MessagesPage, true],
  [ROUTES.activity, AccountActivityPage, true],
  [ROUTES.deposit, DepositPage, true],
  [ROUTES.depositList, DepositHistoryPage, true],
  [ROUTES.withdrawList, WithdrawalHistoryPage, true],
  [ROUTES.account, WithdrawalAccountPage, true],
  [ROUTES.accountDetail, EditWithdrawalAccountPage, true],
  [ROUTES.withdrawMoney, WithdrawPage, true],
  [ROUTES.verify, VerifyPage, true],
  [ROUTES.money, EarnPage, true],
  [ROUTES.moneyDetail, EarnDetailPage, true],
  [ROUTES.transfer, TransferPage, true],
  [ROUTES.forgotPassword, ForgotPasswordPage, false],
  [ROUTES.resetPassword, ResetPasswordPage, false],
  // The mailed link: the token is the proof; the page itself sends a signed-out visitor to log in if asked to.
  [ROUTES.confirmEmail, ConfirmEmailPage, false],
  [ROUTES.changeEmail, ChangeEmailPage, true],
  [ROUTES.mailSettings, MailSettingsPage, true],
  [ROUTES.responsibleTrading, ResponsibleTradingPage, true],
  [ROUTES.liabilities, LiabilitiesPage, true],
  [ROUTES.support, SupportPage, true],
  // The public figures: anyone may check the books without an account.
  [ROUTES.transparency, TransparencyPage, false],
];

export const routes: RouteObject[] = [
  {
    element: <AppFrame />,
    children: [
      { element: <TabLayout />, children: TAB_PAGES.map(([path, Page, auth]) => ({ path, element: page(Page, auth) })) },
      ...PAGES.map(([path, Page, auth]) => ({ path, element: page(Page, auth) })),
      { path: '*', element: <Navigate to={ROUTES.root} replace /> },
    ],
  },
];

const BY_PATH = new Map<string, LazyPageComponent>([...TAB_PAGES, ...PAGES].map(([p, Page]) => [p, Page]));

/** Asks for the chunk of the page in the address bar (`#/pages/...?...`) while the app itself starts. */
export function preloadRoute(hash: string): void {
  const path = hash.replace(/^#/, '').split('?')[0] || ROUTES.root;
  BY_PATH.get(path)?.preload();
}

/**
 * The app's pages, rendered inside App's HashRouter. The declarative router, not a data router
 * (createHashRouter): no page uses loaders, actions or fetchers, and without them the first visit carries
 * much less of React Router's code (docs/benchmarks/2026-11.md, "Results, 2026-11-29").
 */
export function AppRoutes() {
  return useRoutes(routes);
}
