// The records feature's endpoints and query keys, apart from its hooks so that the unread badge on
// the home page can use them without loading the records model (and the zod schemas behind it).

/** The endpoints of this feature that the shared API map does not name. */
export const RECORDS_API = {
  recordsCsv: '/wallet/records.csv',
  messages: '/messages',
  unreadCount: '/messages/unread-count',
  readAll: '/messages/read-all',
  activity: '/me/activity',
  deposits: '/deposits',
  withdrawals: '/withdrawals',
} as const;

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
