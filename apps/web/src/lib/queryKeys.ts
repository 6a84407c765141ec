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
};

export const tradeKeys = {
  wallet: ['wallet'] as const,
  orders: ['orders'] as const,
  orderList: (status: OrderTab, account: TradeAccount) => ['orders', status, account] as const,
  order: (id: string) => ['order', id] as const,
  receipt: (id: string) => ['receipt', id] as const,
  ticks: (symbol: string, from: string, to: string) => ['ticks', symbol, from, to] as const,
};

export const accountKeys = {
  me: ['me'] as const,
  summary: ['me', 'summary'] as const,
  sessions: ['auth', 'sessions'] as const,
  mailPreferences: ['me', 'mail-preferences'] as const,
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

export const kycKeys = {
  /** GET /api/kyc: the user's verification (the `kyc` socket event carries the same). */
  status: ['kyc'] as const,
};
