/** Every route of the web app, spelled once (the paths are those of the product specification). Hash routing: `/#/pages/index/index`. */
export const ROUTES = {
  root: '/',
  welcome: '/pages/welcome/welcome',
  index: '/pages/index/index',
  product: '/pages/product/product',
  information: '/pages/information/information',
  user: '/pages/user/user',
  login: '/pages/login/login',
  registerCheck: '/pages/login/registerCheck',
  register: '/pages/login/register',
  money: '/pages/money/money',
  moneyDetail: '/pages/money/detail',
  set: '/pages/set/set',
  password: '/pages/password/password',
  account: '/pages/account/account',
  accountDetail: '/pages/account/account-detail',
  moneyRecord: '/pages/money-record/money-record',
  order: '/pages/order/order',
  receipt: '/pages/order/receipt',
  statistics: '/pages/statistics/statistics',
  withdrawList: '/pages/withdraw-list/withdraw-list',
  depositList: '/pages/withdraw-list/withdraw-open',
  deposit: '/pages/deposit/deposit',
  verify: '/pages/verify/verify',
  withdrawMoney: '/pages/withdraw-money/withdraw-money',
  message: '/pages/message/message',
  aboutUs: '/pages/aboutUs/aboutUs',
  transfer: '/pages/transfer/transfer',
  particulars: '/pages/Particulars/Particulars',
  activity: '/pages/activity/activity',
  detail: '/pages/Detail/Detail',
  prices: '/pages/prices/prices',
  indexDetail: '/pages/index/detail',
  informationDetail: '/pages/information/detail',
  privacy: '/pages/yinsi/yinsi',
  privacyGy: '/pages/yinsi/gy',
  chooseLocation: '/choose-location',
  openLocation: '/open-location',
  // Account recovery and e-mail: routes of our own (not in the specification); the mailed links name the first three.
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  changeEmail: '/change-email',
  mailSettings: '/mail-settings',
  responsibleTrading: '/responsible-trading',
  liabilities: '/liabilities',
  /** The public transparency figures (issue 50): no session needed. */
  transparency: '/transparency',
  /** The chat with customer service (issue 49). */
  support: '/support',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

/** `/pages/password/password?kind=login` */
export function passwordRoute(kind: 'login' | 'trade'): string {
  return `${ROUTES.password}?kind=${kind}`;
}
