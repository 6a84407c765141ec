/**
 * Queue names, job names, their payloads and retry options: one place, shared by the api
 * (which enqueues) and the worker (which processes). The worker refuses to boot if a queue
 * listed here has no processor.
 */
export const QUEUES = {
  ledgerCheck: { name: 'ledger-check', jobs: { check: 'ledger-check' } },
} as const;

export interface LedgerCheckPayload { requestedAt: string }

export const DEFAULT_JOB_OPTIONS = { attempts: 5, backoff: { type: 'exponential' as const, delay: 500 }, removeOnComplete: 1000, removeOnFail: 5000 };

/** Redis key where the worker keeps the last scheduled ledger check result. */
export const LEDGER_CHECK_LAST_KEY = 'ledger-check:last';
