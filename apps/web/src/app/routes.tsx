import type { ComponentType, ReactNode } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '../features/session/session';
import { AppFrame, TabLayout } from './layouts';
import { lazyPage } from './lazyPage';
import { ROUTES, type RouteHandle } from '../lib/paths';

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

function page(Component: ComponentType, auth: boolean): ReactNode {
  return auth ? (
    <RequireAuth>
      <Component />
    </RequireAuth>
  ) : (
    <Component />
  );
}

/** Pages of later slices: one translated "coming soon" page with a back button. */
const COMING_SOON: { path: string; titleKey: string; auth: boolean }[] = [
  { path: ROUTES.verify, titleKey: 'pages.verify', auth: true },
  { path: ROUTES.indexDetail, titleKey: 'pages.indexDetail', auth: false },
  { path: ROUTES.informationDetail, titleKey: 'pages.informationDetail', auth: false },
  { path: ROUTES.chooseLocation, titleKey: 'pages.chooseLocation', auth: false },
  { path: ROUTES.openLocation, titleKey: 'pages.openLocation', auth: false },
];

export const routes: RouteObject[] = [
  {
    element: <AppFrame />,
    children: [
      { path: ROUTES.root, element: page(WelcomePage, false) },
      { path: ROUTES.welcome, element: page(WelcomePage, false) },
      {
        element: <TabLayout />,
        children: [
          { path: ROUTES.index, element: page(IndexPage, false) },
          { path: ROUTES.product, element: page(ProductPage, false) },
          { path: ROUTES.information, element: page(InformationPage, false) },
          { path: ROUTES.user, element: page(UserPage, true) },
        ],
      },
      { path: ROUTES.login, element: page(LoginPage, false) },
      { path: ROUTES.registerCheck, element: page(RegisterCheckPage, false) },
      { path: ROUTES.register, element: page(RegisterPage, false) },
      { path: ROUTES.set, element: page(SetPage, true) },
      { path: ROUTES.password, element: page(PasswordPage, true) },
      { path: ROUTES.aboutUs, element: page(AboutPage, false) },
      { path: ROUTES.privacy, element: page(PrivacyPage, false) },
      { path: ROUTES.privacyGy, element: page(RightsPage, false) },
      // Detail is public; its trading panel asks for a session itself.
      { path: ROUTES.detail, element: page(DetailPage, false) },
      { path: ROUTES.order, element: page(OrderPage, true) },
      { path: ROUTES.receipt, element: page(ReceiptPage, true) },
      { path: ROUTES.moneyRecord, element: page(MoneyRecordPage, true) },
      { path: ROUTES.particulars, element: page(ParticularsPage, true) },
      { path: ROUTES.message, element: page(MessagePage, true) },
      { path: ROUTES.activity, element: page(ActivityPage, true) },
      { path: ROUTES.deposit, element: page(DepositPage, true) },
      { path: ROUTES.depositList, element: page(DepositListPage, true) },
      { path: ROUTES.withdrawList, element: page(WithdrawListPage, true) },
      { path: ROUTES.account, element: page(AccountPage, true) },
      { path: ROUTES.accountDetail, element: page(AccountDetailPage, true) },
      { path: ROUTES.withdrawMoney, element: page(WithdrawMoneyPage, true) },
      { path: ROUTES.money, element: page(MoneyPage, true) },
      { path: ROUTES.moneyDetail, element: page(EarnDetailPage, true) },
      { path: ROUTES.transfer, element: page(TransferPage, true) },
      ...COMING_SOON.map(({ path, titleKey, auth }) => ({ path, handle: { titleKey } satisfies RouteHandle, element: page(ComingSoonPage, auth) })),
      { path: '*', element: <Navigate to={ROUTES.root} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}
