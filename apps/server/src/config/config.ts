import { z } from 'zod';
import { DEFAULT_REDIS_PREFIX, REDIS_PREFIX_PATTERN } from '@candor/cross-process';
import { requireProductionKeys } from './keys.js';
import { readSecretFiles } from './secret-files.js';
import { requireVapidPair } from './vapid.js';

/**
 * The feed's staleness limit (FEED_STALE_MS): a quote older than this is not used, and an order whose last tick
 * at or before its expiry is older than this closes by the halt rule. One definition, read by the feed's
 * settings and by settlement's.
 */
export const feedStaleMs = z.coerce.number().int().min(500).max(600_000).default(5000);

/** Configuration from the environment, validated once at boot with errors that say what to fix. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  /** This deployment's namespace on Redis (keys, channels, queues, socket.io); the names read it from the environment at load. */
  REDIS_PREFIX: z.string().regex(REDIS_PREFIX_PATTERN, '1-32 letters, digits, "_", "." or "-"').default(DEFAULT_REDIS_PREFIX),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Console sessions are short: an operator's refresh token (and its cookie) lasts this many hours. */
  OPERATOR_REFRESH_TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  /** Encrypts operators' TOTP secrets (AES-256-GCM, key derived by HKDF); required in production (config/keys.ts). */
  TOTP_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Encrypts users' TOTP secrets and keys their recovery codes, apart from the operators' key; required in production (config/keys.ts). */
  USER_TOTP_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  WEB_DIST: z.string().optional(),
  CONSOLE_DIST: z.string().optional(),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_CAPTCHA_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  LOGIN_FAILURES_BEFORE_CAPTCHA: z.coerce.number().int().min(1).default(3),
  PLATFORM_TIMEZONE: z.string().default('Asia/Taipei'),
  /** Local time (PLATFORM_TIMEZONE) of the daily proof of liabilities' snapshot (docs/transparency.md). */
  LIABILITIES_SNAPSHOT_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM')
    .default('00:05'),
  DEMO_START_BALANCE_CENTS: z.coerce.number().int().min(0).default(1_000_000),
  /** Withdrawals at or above this amount (cents) need a second approval by another operator. */
  WITHDRAWAL_SECOND_APPROVAL_CENTS: z.coerce.number().int().min(1).default(1_000_000),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** JSON log lines at this level and above (request lines are info; refusals warn; errors error). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Prometheus metrics (and the worker's health) listen apart from the api, on loopback unless told otherwise;
  // with METRICS_TOKEN set, /metrics wants `Authorization: Bearer <token>`. Port 0: any free port (tests).
  METRICS_HOST: z
    .string()
    .regex(/^[\w.:-]{1,255}$/, 'must be a host name or address')
    .default('127.0.0.1'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(9465),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Sockets: events per second a socket may send (bursts of three times that), sockets and events per second
  // per client address (0: no limit). A socket over its limits is disconnected.
  SOCKET_EVENTS_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(10),
  SOCKET_MAX_PER_ADDRESS: z.coerce.number().int().min(0).default(200),
  SOCKET_ADDRESS_EVENTS_PER_SECOND: z.coerce.number().int().min(0).default(200),
  // Origins besides the api's own host whose pages may open a socket, comma-separated (e.g. a separate web host).
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  /** Order placement batches (OrderBatcher): at most this many in the database at once, and this many orders each. */
  // Postgres connections per api or worker process.
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  // Settlement: most orders per transaction, and transactions at a time per expiry second.
  SETTLE_BATCH_LIMIT: z.coerce.number().int().min(100).max(20_000).default(1_000),
  SETTLE_PARALLEL: z.coerce.number().int().min(1).max(8).default(2),
  // An order expiring while its product is halted settles on the first valid tick within this time after its
  // expiry, or is voided and its stake refunded (at most 60 s: the database checks a close that late).
  SETTLE_GRACE_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
  FEED_STALE_MS: feedStaleMs,
  // Changes to a product's precision, exchange markets, hours, time zone or holidays are announced this many
  // hours ahead (never less than the product's longest expiry plus a minute; fractions for tests).
  CATALOGUE_NOTICE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  ORDER_BATCH_PARALLEL: z.coerce.number().int().min(1).max(64).default(2),
  ORDER_BATCH_MAX: z.coerce.number().int().min(1).max(1000).default(200),
  ORDER_BATCH_WAIT_MS: z.coerce.number().int().min(0).max(50).default(5),
  /**
   * Yu'e Bao's cut-off job: holders whose income is posted per transaction (one statement each). Smaller
   * batches cost the job no more time in bench:earn than larger ones, and a smaller batch holds its holders'
   * rows (which their own transfers wait for) for less time.
   */
  EARN_INCOME_BATCH: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  // -- mail (issue 52): SMTP_URL unset writes each mail to the log instead of sending it. --
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).max(254).default('Candor <no-reply@localhost>'),
  /** The address users reach the web app at, for links in mails (default: http://localhost:PORT). */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, 'must be an http(s) origin without a path')
    .optional(),
  /** First retry delay of a mail job (doubling per attempt, 10 attempts: about 43 minutes in all at the default). */
  MAIL_RETRY_DELAY_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  // -- end mail --
  // -- keys (issue 52) --
  /**
   * Earlier values of JWT_SECRET, comma-separated: tokens they signed still verify (each names its key by a
   * `kid`) until they expire, so JWT_SECRET rotates without signing anyone out. Drop them after
   * ACCESS_TOKEN_TTL_SECONDS (and the /ops cookie's hour).
   */
  JWT_PREVIOUS_SECRETS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, 'each must be at least 32 characters'))),
  /** Hashes mail tokens (reset and confirmation links); see config/keys.ts. */
  MAIL_TOKEN_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Encrypts identity documents (real-name verification). */
  KYC_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Signs ALTCHA proof-of-work challenges. */
  ALTCHA_HMAC_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Salts the leaves of the proof of liabilities (HMAC of `userId|date`): keep it as long as proofs are kept. */
  LIABILITIES_SALT_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  // -- end keys --
  // -- rate limits and proof-of-work (issue 52) --
  // Every /api request counts against its client address and, signed in, its account; named buckets are stricter.
  // (RATE_LIMIT_AUTH_PER_MINUTE and RATE_LIMIT_CAPTCHA_PER_MINUTE above are the `auth` and `captcha` buckets.)
  RATE_LIMIT_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_ACCOUNT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_MAIL_PER_HOUR: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_MONEY_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Registration without the graphic code (the accessible path: the proof-of-work alone), per address. */
  RATE_LIMIT_ACCESSIBLE_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Registration, login and password reset want a solved ALTCHA challenge ('false' only in tests). */
  ALTCHA_REQUIRED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The challenge's largest number: the solver tries half of it on average (about 0.5 s on a phone at 50,000). */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(30_000),
  // -- end rate limits --
  // -- four eyes (issue 52) --
  /**
   * Money one operator approves for one user within SECOND_APPROVAL_WINDOW_HOURS (deposits and withdrawals
   * together, cents): once an approval brings that sum to this, a second operator must approve too.
   * Unset: WITHDRAWAL_SECOND_APPROVAL_CENTS (the older name) applies.
   */
  SECOND_APPROVAL_CENTS: z.coerce.number().int().min(1).optional(),
  SECOND_APPROVAL_WINDOW_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 31)
    .default(24),
  /** Failed login-password tries from one address (any account) within 15 minutes before every try there needs the graphic code. */
  LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA: z.coerce.number().int().min(1).default(20),
  /** Wrong console passwords within 15 minutes that lock the password step for OPERATOR_LOGIN_LOCK_MINUTES (per account; per address). */
  OPERATOR_LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  OPERATOR_LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  OPERATOR_LOGIN_LOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** Wrong TOTP codes from one address (any operator) within 15 minutes before it is refused (429) too. */
  TOTP_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  // -- end four eyes --
  // -- uploads and file store (issue 46) --
  /** Where `npm start` keeps its data; the local file store lives in DATA_DIR/uploads unless STORAGE_URL says otherwise. */
  DATA_DIR: z.string().min(1).default('.data'),
  /** Days a dump in DATA_DIR/backups is kept (npm run backup and the worker's daily backup); the newest is always kept. */
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /**
   * Set by `npm start` when it runs the embedded Postgres: the folder of that Postgres's binaries. Only then does the
   * worker dump the database daily; a DATABASE_URL of your own is backed up by its own means (docs/operations.md).
   */
  EMBEDDED_POSTGRES_BIN_DIR: z.string().min(1).optional(),
  /**
   * The file store: unset or `file:///absolute/dir` for local disk; `s3+http://KEY:SECRET@host:port/bucket` or
   * `s3+https://...` for any S3-compatible store (MinIO), `s3://bucket` for AWS S3 with its usual credentials.
   */
  STORAGE_URL: z
    .string()
    .regex(/^(file:\/\/\/|s3(\+https?)?:\/\/)/, 'must be file:///dir, s3://bucket, or s3+http(s)://key:secret@host/bucket')
    .optional(),
  /** The region S3 requests are signed for (MinIO accepts any). */
  STORAGE_REGION: z.string().min(1).max(40).default('us-east-1'),
  /**
   * The niceness (0-19) of the threads that re-encode uploaded images (Linux): at 10 they use idle cores but
   * yield to requests and the databases (bench:uploads); 0 leaves them at the api's own priority.
   */
  IMAGE_THREAD_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
  // -- end uploads --
  // -- verification (issue 46) --
  /** Days a rejected submission's ID photos are kept after the decision; then they are removed from the store. */
  KYC_REJECTED_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  // -- end verification --
  // -- web push (issue 49) --
  /**
   * The VAPID key pair (base64url: the public key a 65-byte P-256 point, the private key 32 bytes) that signs
   * Web Push requests; both or neither. Unset outside production: derived from JWT_SECRET; unset in production:
   * push is off (`npm start` generates a pair once into DATA_DIR/secrets.json). See docs/notifications.md.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** Who the push services may contact about this sender: a mailto: or https: URL (default: PUBLIC_URL if https, else mailto: MAIL_FROM's address). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
    .optional(),
  /**
   * Hosts a subscription's endpoint may name (comma-separated; a name also allows its subdomains): the browsers'
   * push services. Anything else is refused, so the server never POSTs to an address a user picked.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,push.apple.com,notify.windows.com')
    .transform((s) =>
      s
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** First retry delay of a push job (doubling; 4 attempts). */
  PUSH_RETRY_DELAY_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
  // -- end web push --
});

export type AppConfig = z.infer<typeof schema>;
export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // X_FILE secrets are read first; production requires every key (config/keys.ts).
  const files = readSecretFiles(env);
  const parsed = schema.superRefine(requireProductionKeys).superRefine(requireVapidPair).safeParse(files.env);
  if (!parsed.success || files.problems.length > 0) {
    const issues = parsed.success ? [] : parsed.error.issues;
    const lines = [...files.problems.map((p) => `  ${p}`), ...issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`)];
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** For process entry points: the config, or one clear message and exit code 2 when it is invalid. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
}
