/** API paths, spelled once. */
export const API = {
  captcha: '/auth/captcha',
  registerCheck: '/auth/register/check',
  register: '/auth/register',
  login: '/auth/login',
  refresh: '/auth/refresh',
  logout: '/auth/logout',
  sessions: '/auth/sessions',
  me: '/me',
  summary: '/me/summary',
  password: '/me/password',
  products: '/products',
  orders: '/orders',
  demoReset: '/demo/reset',
  wallet: '/wallet',
  walletRecords: '/wallet/records',
  appInfo: '/app-info',
  pages: '/pages',
  health: '/health',
  adminLogin: '/admin/auth/login',
  adminMe: '/admin/me',
  adminAudit: '/admin/audit',
  adminLedgerCheck: '/admin/ledger/check',
  adminProducts: '/admin/products',
  adminUsers: '/admin/users',
  adminOpsSession: '/admin/ops/session',
  adminOperators: '/admin/operators',
} as const;
/** Console-only auth paths (operator refresh cookie is scoped to /api/admin/auth). */
export const ADMIN_AUTH = {
  refresh: '/admin/auth/refresh',
  logout: '/admin/auth/logout',
  enrollment: '/admin/auth/enrollment',
  enrollmentConfirm: '/admin/auth/enrollment/confirm',
} as const;
/** Operator pages the api serves outside /api (their own cookie, see `OpsSession`). */
export const OPS = { queues: '/ops/queues', cookiePath: '/ops' } as const;
