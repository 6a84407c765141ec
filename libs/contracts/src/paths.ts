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
  /** `GET`: the sign-in history, newest first. */
  meLogins: '/me/logins',
  /** `POST`: a pending TOTP secret; `POST` on totpEnable turns it on with a code; `DELETE` on totp turns it off. */
  totpSetup: '/me/totp/setup',
  totpEnable: '/me/totp/enable',
  totp: '/me/totp',
  summary: '/me/summary',
  password: '/me/password',
  passwordReset: '/auth/password-reset',
  passwordResetConfirm: '/auth/password-reset/confirm',
  altcha: '/auth/altcha',
  emailConfirm: '/me/email/confirm',
  emailResend: '/me/email/resend',
  emailChange: '/me/email',
  mailPreferences: '/me/mail-preferences',
  /** `GET` / `PUT` the user's responsible-trading limits; `POST` a time-out `{ days }` or a self-exclusion `{ months }`. */
  limits: '/me/limits',
  timeOut: '/me/time-out',
  selfExclusion: '/me/self-exclusion',
  /** `GET` the list; `PUT` / `DELETE /api/me/watchlist/:symbol` add and remove one product (both idempotent). */
  watchlist: '/me/watchlist',
  /** `GET` the user's price alerts, `POST` one; `DELETE /api/me/alerts/:id` removes one of the user's own. */
  priceAlerts: '/me/alerts',
  /** `GET` the caller's push subscriptions, `POST` one; `PATCH`/`DELETE /api/me/push-subscriptions/:id` change or remove one. */
  pushSubscriptions: '/me/push-subscriptions',
  /** `PUT` (multipart `avatar`) sets the caller's photo, `DELETE` removes it (back to the initial); both answer the profile. */
  avatar: '/me/avatar',
  /** `GET /api/avatars/:sha256.jpg`: an avatar in use, under the hash of its bytes (no token: an `<img>` sends none). */
  avatars: '/avatars',
  products: '/products',
  feedStatus: '/market/feed-status',
  orders: '/orders',
  /** `GET ?account=real|demo&days=7|30|90&tz=Asia/Taipei`: the user's settled orders summed by day and by product. */
  orderStatistics: '/orders/statistics',
  demoReset: '/demo/reset',
  wallet: '/wallet',
  walletRecords: '/wallet/records',
  walletRecordsCsv: '/wallet/records.csv',
  withdrawalAccount: '/withdrawal-account',
  withdrawals: '/withdrawals',
  deposits: '/deposits',
  depositMethods: '/deposit-methods',
  news: '/news',
  home: '/home',
  offices: '/offices',
  /** `GET /api/media/:name`: public content images under content-hashed names (`?w=` a width the apps use). */
  media: '/media',
  kyc: '/kyc',
  /** `GET /api/kyc/images/front` and `/back`: the owner's own photos. */
  kycImages: '/kyc/images',
  messages: '/messages',
  messagesUnreadCount: '/messages/unread-count',
  messagesReadAll: '/messages/read-all',
  activity: '/me/activity',
  /** The caller's proof of liabilities; `liabilitiesChain` the published roots (no token). */
  liabilitiesProof: '/me/liabilities-proof',
  liabilitiesChain: '/transparency/liabilities',
  /** `GET` (no token): the public transparency figures the worker last computed. */
  transparency: '/transparency',
  /** `GET`: Yu'e Bao's cover (no token): the interest paid, the platform's equity and the days of income it covers. */
  earnCoverage: '/transparency/earn',
  earn: '/earn',
  earnTransferIn: '/earn/transfer-in',
  earnTransferOut: '/earn/transfer-out',
  earnRecords: '/earn/records',
  earnIncome: '/earn/income',
  appInfo: '/app-info',
  /** `GET` the user's chat with support (newest page first), `POST` a message (JSON `{ text, clientId }` or multipart `image` + `clientId`). */
  supportMessages: '/support/messages',
  /** `POST`: the user read every agent message. */
  supportRead: '/support/read',
  supportUnread: '/support/unread-count',
  /** `GET /api/support/images/:messageId`: an image of the user's own chat. */
  supportImages: '/support/images',
  pages: '/pages',
  health: '/health',
  adminLogin: '/admin/auth/login',
  adminMe: '/admin/me',
  adminAudit: '/admin/audit',
  /** The audit log's filtered rows as CSV, at most `AUDIT_CSV_MAX_ROWS` of them. */
  adminAuditCsv: '/admin/audit.csv',
  adminLedgerCheck: '/admin/ledger/check',
  /** `GET /api/admin/dashboard`: the platform's figures for the console's landing page (`dashboard.read`). */
  adminDashboard: '/admin/dashboard',
  adminProducts: '/admin/products',
  adminUsers: '/admin/users',
  /** `GET` the platform's codes, `POST` one; `PATCH /api/admin/invitation-codes/:code { active }`. */
  adminInvitationCodes: '/admin/invitation-codes',
  /** `GET /api/admin/pending`: requests waiting for review, for the console's menu. */
  adminPending: '/admin/pending',
  adminOpsSession: '/admin/ops/session',
  adminOperators: '/admin/operators',
  adminEarnSettings: '/admin/earn/settings',
  adminEarnHolidays: '/admin/earn/holidays',
  adminEarnHolidaysImport: '/admin/earn/holidays/import',
  adminEarnDashboard: '/admin/earn/dashboard',
  /** `GET` and `PUT` the blocked countries (by phone and by nationality) and their message (admin only). */
  adminBlockedCountries: '/admin/blocked-countries',
  adminKyc: '/admin/kyc',
  adminNews: '/admin/news',
  adminBanners: '/admin/banners',
  adminHighlights: '/admin/highlights',
  adminPages: '/admin/pages',
  adminOffices: '/admin/offices',
  /** `POST /api/admin/content-images` (multipart `image`): an image for content, answers `{ id, url }`. */
  adminContentImages: '/admin/content-images',
  adminDeposits: '/admin/deposits',
  /** `GET` the support inbox; `/:id/messages`, `/:id/notes`, `/:id/assign`, `/:id/read`, `/:id/close`, `/:id/reopen`. */
  adminSupportConversations: '/admin/support/conversations',
  adminSupportImages: '/admin/support/images',
  adminSupportCanned: '/admin/support/canned',
  adminSupportAgents: '/admin/support/agents',
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
