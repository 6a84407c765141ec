import type { CandleInterval, EarnRecordType } from '@candor/contracts';

// The React Query cache keys of every feature, in one place: a feature that changes money asks another's
// data again (a withdrawal refreshes the wallet, a transfer the personal center's summary) through these,
// without importing that feature.

/** Which trading account a list shows. */
export type TradeAccount = 'real' | 'demo';
/** The tabs of the positions list. */
export type OrderTab = 'open' | 'settled';

export const marketKeys = {
  products: ['products'] as const,
  product: (symbol: string) => ['product', symbol] as const,
  feedStatus: ['feed-status'] as const,
  /** A product's catalogue changes, newest first (its own key: a market event refetches the product, not its history). */
  changes: (symbol: string) => ['product-changes', symbol] as const,
  candles: (symbol: string, interval: CandleInterval) => ['candles', symbol, interval] as const,
  /** The signed-in user's favourite products. */
  watchlist: ['me', 'watchlist'] as const,
  /** The signed-in user's price alerts (every product's: the active count is across products). */
  alerts: ['me', 'alerts'] as const,
};

export const tradeKeys = {
  wallet: ['wallet'] as const,
  orders: ['orders'] as const,
  orderList: (status: OrderTab, account: TradeAccount) => ['orders', status, account] as const,
  order: (id: string) => ['order', id] as const,
  receipt: (id: string) => ['receipt', id] as const,
  ticks: (symbol: string, from: string, to: string) => ['ticks', symbol, from, to] as const,
  /** Under `orders`: a settlement (an `order` event) asks the statistics again with the lists. */
  statistics: (account: TradeAccount, days: number, timeZone: string) => ['orders', 'statistics', account, days, timeZone] as const,
};

export const accountKeys = {
  me: ['me'] as const,
  summary: ['me', 'summary'] as const,
  sessions: ['auth', 'sessions'] as const,
  logins: ['me', 'logins'] as const,
  mailPreferences: ['me', 'mail-preferences'] as const,
  limits: ['me', 'limits'] as const,
  liabilitiesProof: ['me', 'liabilities-proof'] as const,
  /** This browser's Web Push state (permission, subscription, kinds): under `me`, cleared at sign-out. */
  push: ['me', 'push'] as const,
};

export const moneyKeys = {
  account: ['withdrawal-account'] as const,
  withdrawals: ['withdrawals'] as const,
  withdrawal: (id: string) => ['withdrawals', 'one', id] as const,
  deposits: ['deposits'] as const,
  deposit: (id: string) => ['deposits', 'one', id] as const,
  methods: ['deposit-methods'] as const,
};

export const earnKeys = {
  all: ['earn'] as const,
  summary: ['earn', 'summary'] as const,
  income: (days: number) => ['earn', 'income', days] as const,
  records: (type: EarnRecordType | '') => ['earn', 'records', type] as const,
};

export const recordsKeys = {
  records: ['capital-records'] as const,
  list: (q: object) => ['capital-records', 'list', q] as const,
  record: (id: string) => ['capital-records', 'one', id] as const,
  messages: ['messages'] as const,
  messageList: ['messages', 'list'] as const,
  unread: ['messages', 'unread'] as const,
  activity: ['me', 'activity'] as const,
  deposit: (id: string) => ['records-ref', 'deposit', id] as const,
  withdrawal: (id: string) => ['records-ref', 'withdrawal', id] as const,
};

export const supportKeys = {
  /** The user's chat with support, page by page (newest page first). */
  messages: ['support', 'messages'] as const,
  /** How many agents' messages the user has not read (the badges). */
  unread: ['support', 'unread'] as const,
};

export const kycKeys = {
  /** GET /api/kyc: the user's verification (the `kyc` socket event carries the same). */
  status: ['kyc'] as const,
};

export const contentKeys = {
  /** Everything of the content feature in one language (a language change asks it all again). */
  all: ['content'] as const,
  news: (lang: string) => ['content', 'news', lang] as const,
  article: (id: string, lang: string) => ['content', 'article', id, lang] as const,
  home: (lang: string) => ['content', 'home', lang] as const,
  page: (slug: string, lang: string) => ['content', 'page', slug, lang] as const,
  offices: (lang: string) => ['content', 'offices', lang] as const,
  appInfo: ['app-info'] as const,
  /** The public transparency figures (GET /api/transparency). */
  transparency: ['transparency'] as const,
};
