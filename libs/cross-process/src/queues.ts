/**
 * Queue names, job names, their payloads and retry options: one place, shared by the api
 * (which enqueues) and the worker (which processes). The worker refuses to boot if a queue
 * listed here has no processor.
 */
export const QUEUES = {
  ledgerCheck: { name: 'ledger-check', jobs: { check: 'ledger-check' } },
  settlement: { name: 'settlement', jobs: { settleSecond: 'settle-second' } },
  settlementSweep: { name: 'settlement-sweep', jobs: { sweep: 'settlement-sweep' } },
  housekeeping: { name: 'housekeeping', jobs: { pruneIdempotencyKeys: 'prune-idempotency-keys', removeExpiredKycImages: 'remove-expired-kyc-images' } },
  earn: { name: 'earn', jobs: { post: 'earn-post' } },
  mail: { name: 'mail', jobs: { send: 'mail-send' } },
  liabilities: { name: 'liabilities', jobs: { publish: 'liabilities-publish' } },
  push: { name: 'push', jobs: { send: 'push-send' } },
  transparency: { name: 'transparency', jobs: { compute: 'transparency-compute' } },
  backup: { name: 'backup', jobs: { dump: 'backup-dump' } },
} as const;

export interface HousekeepingPayload {
  requestedAt: string;
}

/** How long an `Idempotency-Key` and its answer are kept; a repeat after that is a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How often the worker removes expired idempotency keys. */
export const PRUNE_IDEMPOTENCY_EVERY_MS = 10 * 60 * 1000;
/** How often rejected verifications' photos past their retention are looked for. */
export const REMOVE_KYC_IMAGES_EVERY_MS = 60 * 60 * 1000;

export interface BackupPayload {
  requestedAt: string;
}

/** How often the worker dumps the embedded Postgres it was started with (`npm start`). */
export const BACKUP_EVERY_MS = 24 * 60 * 60 * 1000;

export interface LedgerCheckPayload {
  requestedAt: string;
}

export const DEFAULT_JOB_OPTIONS = { attempts: 5, backoff: { type: 'exponential' as const, delay: 500 }, removeOnComplete: 1000, removeOnFail: 5000 };

/** One settlement job per expiry second (epoch seconds): it settles every open order whose expiresAt falls in [second, second + 1). */
export interface SettleSecondPayload {
  second: number;
  /** Kept by the job between its runs: orders settled so far, and orders of the second still open. */
  settled?: number;
  open?: number;
}
export interface SettlementSweepPayload {
  requestedAt: string;
}

/**
 * Deterministic id of the settlement job of one expiry second, so enqueuing it twice is a no-op.
 * (BullMQ 6 refuses custom ids with a single ':', hence `settle-<epochSecond>` rather than `settle:<epochSecond>`.)
 */
export const settleJobId = (second: number): string => `settle-${second}`;

/**
 * The settle job re-delays itself (BullMQ DelayedError, not a failed attempt) while orders of its second
 * are still open, every SETTLE_POLL_MS; it gives up SETTLE_GIVE_UP_MS after the end of its second and leaves
 * the rest to the sweeper. Failures (database down) retry with backoff.
 */
/** Delay of a new settle job: it first runs at the start of its second, then re-delays itself until the second is settled. */
export const settleJobDelay = (second: number, nowMs: number): number => Math.max(0, second * 1000 + 50 - nowMs);

export const SETTLE_JOB_OPTIONS = { attempts: 8, backoff: { type: 'exponential' as const, delay: 250 }, removeOnComplete: 2000, removeOnFail: 5000 };
export const SETTLE_POLL_MS = 100;
export const SETTLE_GIVE_UP_MS = 15_000;
/** The sweeper runs every SWEEP_EVERY_MS and settles any open order whose expiry is more than SWEEP_OVERDUE_MS past. */
export const SWEEP_EVERY_MS = 2000;
export const SWEEP_OVERDUE_MS = 2000;
export const SWEEP_JOB_OPTIONS = { attempts: 1, removeOnComplete: 100, removeOnFail: 500 };

/**
 * Yu'e Bao's cut-off job: confirms due lots and posts every due day's income, in order. `reason` says what
 * enqueued it: the daily scheduler at the cut-off, a worker's start (catching up), or the guard finding a
 * posting overdue. Every run is safe to repeat: each user's income of a date is posted once, ever.
 */
export interface EarnPostPayload {
  reason: 'cutoff' | 'boot' | 'overdue';
  requestedAt: string;
}
/** The job scheduler that fires at the cut-off in the platform's zone (re-upserted when the settings change). */
export const EARN_SCHEDULER_ID = 'earn-at-cutoff';
export const EARN_JOB_OPTIONS = { attempts: 6, backoff: { type: 'exponential' as const, delay: 5_000 }, removeOnComplete: 500, removeOnFail: 1000 };
/** Id of a catch-up job: one per reason and minute, so repeated triggers within a minute are one job. */
export const earnJobId = (reason: EarnPostPayload['reason'], at: Date): string => `earn-${reason}-${at.toISOString().slice(0, 16).replace(/\D/g, '')}`;

/**
 * One rendered mail (issue 52): the api renders it in the user's language and enqueues it; the worker sends it.
 * `kind` names the template, for logs and metrics only.
 */
export interface MailJobPayload {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}
/** Attempts of a mail job: with the retry delay doubling from MAIL_RETRY_DELAY_MS, enough to outlive a mail server's short outage. */
export const MAIL_JOB_ATTEMPTS = 10;
/** A mail job's options; failed jobs are kept (never dropped) so an operator can retry them from the queues dashboard. */
export const mailJobOptions = (retryDelayMs: number) => ({
  attempts: MAIL_JOB_ATTEMPTS,
  backoff: { type: 'exponential' as const, delay: retryDelayMs },
  removeOnComplete: 1000,
  removeOnFail: false,
});

/**
 * The daily proof of liabilities (docs/transparency.md): `reason` says what enqueued it, the scheduler at the
 * snapshot time in the platform's zone, a worker's start (catching up), or `manual`: a job added straight to the
 * queue (tests; anyone with the queue's Redis), which may name the `date` to build (after the latest published).
 * Safe to repeat: a date is built once.
 */
export interface LiabilitiesPayload {
  reason: 'schedule' | 'boot' | 'manual';
  requestedAt: string;
  date?: string;
}
export const LIABILITIES_SCHEDULER_ID = 'liabilities-daily';
export const LIABILITIES_JOB_OPTIONS = { attempts: 5, backoff: { type: 'exponential' as const, delay: 30_000 }, removeOnComplete: 100, removeOnFail: 500 };

/**
 * One Web Push notification to one subscription: the api or worker renders it in the user's language after the
 * event's commit and enqueues it; the worker encrypts and sends it. `kind` is checked again at sending (the user
 * may have turned it off meanwhile); the subscription's keys are read then too, never carried in Redis.
 */
export interface PushJobPayload {
  subscriptionId: string;
  kind: string;
  payload: { title: string; body: string; url: string; tag: string };
}
/**
 * Attempts of a push job: a notification is worth little late, so few retries, a short backoff, and failed jobs
 * are not kept (the push service's refusals are logged).
 */
export const PUSH_JOB_ATTEMPTS = 4;
export const pushJobOptions = (retryDelayMs: number) => ({
  attempts: PUSH_JOB_ATTEMPTS,
  backoff: { type: 'exponential' as const, delay: retryDelayMs },
  removeOnComplete: 1000,
  removeOnFail: 1000,
});

/**
 * The public transparency figures (docs/transparency.md): computed by the worker at its start and every
 * TRANSPARENCY_EVERY_MS, then kept in REDIS_KEYS.transparencyFigures for the api to answer as they are.
 * `reason` says what enqueued it. Safe to repeat: each run replaces the cached figures with fresh ones.
 */
export interface TransparencyPayload {
  reason: 'schedule' | 'boot' | 'manual';
  requestedAt: string;
}
export const TRANSPARENCY_SCHEDULER_ID = 'transparency-hourly';
export const TRANSPARENCY_EVERY_MS = 60 * 60 * 1000;
export const TRANSPARENCY_JOB_OPTIONS = { attempts: 3, backoff: { type: 'exponential' as const, delay: 10_000 }, removeOnComplete: 100, removeOnFail: 500 };
/** Id of a start's run: one per minute, so workers starting together compute once. */
export const transparencyBootJobId = (at: Date): string => `transparency-boot-${at.toISOString().slice(0, 16).replace(/\D/g, '')}`;
