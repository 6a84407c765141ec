import type { HaltReason } from '@candor/domain';
import type { CandleEvent, CandleInterval, Order, Wallet } from '@candor/contracts';

/**
 * One deployment's namespace on a Redis server: every key, pub/sub channel, BullMQ queue and socket.io
 * adapter channel starts with it, so two deployments can share one server (pub/sub channels are shared by
 * every database number, so a separate database is not enough). Read once from REDIS_PREFIX (default `candor`).
 */
export const REDIS_PREFIX_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;
export const DEFAULT_REDIS_PREFIX = 'candor';

export function readRedisPrefix(raw: string | undefined): string {
  const value = raw?.trim() || DEFAULT_REDIS_PREFIX;
  if (!REDIS_PREFIX_PATTERN.test(value))
    throw new Error(`REDIS_PREFIX: 1-32 letters, digits, "_", "." or "-", starting with a letter or digit (got "${value}")`);
  return value;
}

const PREFIX = readRedisPrefix(process.env.REDIS_PREFIX);

/** This process's Redis namespace (REDIS_PREFIX). */
export function redisPrefix(): string {
  return PREFIX;
}

/** BullMQ's own key prefix for this deployment's queues (BullMQ's default is `bull`). */
export function bullPrefix(): string {
  return `${PREFIX}:bull`;
}

/** The socket.io Redis adapter's and emitter's channel prefix (its default is `socket.io`). */
export function socketIoKey(): string {
  return `${PREFIX}:socket.io`;
}

type Named = Record<string, string | ((...args: never[]) => string)>;
type Prefixed<T extends Named> = { readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string };

/** The same names, each under this deployment's prefix. */
function prefixed<T extends Named>(names: T): Prefixed<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(names)) {
    out[k] = typeof v === 'function' ? (...args: never[]) => `${PREFIX}:${v(...args)}` : `${PREFIX}:${v}`;
  }
  return Object.freeze(out) as Prefixed<T>;
}

/** Redis keys. Each builder is the only place its key is spelled. */
export const REDIS_KEYS = prefixed({
  /** The last stored tick of a product (JSON `LastTick`), written by the feed once the tick is stored. */
  tickLast: (symbol: string): string => `tick:last:${symbol}`,
  /** Only one feed produces at a time: `SET feed:leader <id> NX PX <ttl>`, renewed while it runs. */
  feedLeader: 'feed:leader',
  /** The running feed's state (JSON `FeedStatusSnapshot`), rewritten every second with a short expiry. */
  feedStatus: 'feed-status',
  /** Halted products: a hash symbol -> JSON `MarketHaltState`, kept by the feed. */
  marketHalts: 'market-halts',
  /** The worker's last scheduled ledger check, read by the console. */
  ledgerCheckLast: 'ledger-check:last',
  /** A revoked session id, so every api instance refuses its still-valid access tokens. */
  sessionRevoked: (sid: string): string => `session-revoked:${sid}`,
  captcha: (id: string): string => `captcha:${id}`,
  /** The answer of a captcha already checked at registration's first step. */
  registration: (token: string): string => `registration:${token}`,
  loginFailures: (email: string): string => `login-failures:${email.toLowerCase()}`,
  /** Wrong TOTP / recovery codes of one operator in the current window (enough of them lock the second factor for a while). */
  totpFailures: (operatorId: string): string => `totp-failures:${operatorId}`,
  /** A pending TOTP enrolment, by the keyed hash of its token: the operator and, once started, the encrypted new secret. */
  operatorEnrollment: (tokenHash: string): string => `operator-enrollment:${tokenHash}`,
  // -- mail (issue 52) --
  /** Mails of one kind sent for one account in the current hour (confirmation resends, reset links): a mail-bomb brake. */
  mailThrottle: (kind: string, userId: string): string => `mail-throttle:${kind}:${userId}`,
  // -- end mail --
  // -- rate limits and proof-of-work (issue 52) --
  /** The namespace of @fastify/rate-limit's counters: `rate:<bucket>:ip:<address>` or `rate:<bucket>:user:<id>`. */
  rateLimitPrefix: 'rate:',
  /** A solved ALTCHA challenge already used, kept until the challenge expires (one use each, across instances). */
  altchaUsed: (challenge: string): string => `altcha-used:${challenge}`,
  // -- end rate limits --
  // -- four eyes and oracles (issue 52) --
  /** Login-password tries from one client address in the current window (login and password checks of signed-in users). */
  loginFailuresByAddress: (ip: string): string => `login-failures-ip:${ip}`,
  /** Wrong TOTP / recovery codes sent from one client address in the current window. */
  totpFailuresByAddress: (ip: string): string => `totp-failures-ip:${ip}`,
  /** Operator password tries for one console account (by e-mail, case-folded); past the limit its expiry is the lock. */
  operatorLoginFailures: (email: string): string => `operator-login-failures:${email.toLowerCase()}`,
  /** Wrong operator passwords from one client address in the current window. */
  operatorLoginFailuresByAddress: (ip: string): string => `operator-login-failures-ip:${ip}`,
  // -- end four eyes --
  // -- visibility (issue 52) --
  /** Set for 10 minutes after an operator's read of a user's data of one kind was audited: later reads add no line. */
  operatorReadAudited: (operatorId: string, userId: string, kind: string): string => `operator-read:${operatorId}:${userId}:${kind}`,
  // -- end visibility --
  // -- user two-factor (issue 49) --
  /** A user's TOTP secret set up but not yet confirmed (encrypted), for 10 minutes; a new setup replaces it. */
  userTotpSetup: (userId: string): string => `user-totp-setup:${userId}`,
  /** Wrong TOTP / recovery codes of one user in the current window (login, withdrawals, turning it off). */
  userTotpFailures: (userId: string): string => `user-totp-failures:${userId}`,
  /** Wrong user TOTP / recovery codes sent from one client address in the current window. */
  userTotpFailuresByAddress: (ip: string): string => `user-totp-failures-ip:${ip}`,
  // -- end user two-factor --
  // -- transparency (issue 50) --
  /** The last computed public transparency figures (JSON `TransparencyFigures`), written by the worker's job only. */
  transparencyFigures: 'transparency:figures',
  // -- end transparency --
  // -- content (issue 47) --
  /** Bumped (INCR) on every operator edit of news, banners, highlights, pages or offices: each api instance drops its cached content when it changes. */
  contentVersion: 'content:version',
  // -- end content --
});

/** Pub/sub channels. */
export const REDIS_CHANNELS = prefixed({
  /** Every stored tick (`TickMessage`), from the feed to every api instance and the settlement wake-up. */
  ticks: 'ticks',
  /** An operator changed the catalogue (payload: a symbol, or empty for all): every api instance reloads it. */
  productsChanged: 'products-changed',
  /** A product halted or resumed (JSON `MarketHaltEvent`), from the feed to every api instance. */
  marketHalts: 'market-halts',
  /** A user added or removed a price alert (payload: its symbol): the process watching prices re-reads that product's alerts. */
  priceAlertsChanged: 'price-alerts-changed',
});

/** A halted product, in REDIS_KEYS.marketHalts. `since`: the time of its last tick before the halt. */
export interface MarketHaltState {
  reason: HaltReason;
  since: string;
}
/** On REDIS_CHANNELS.marketHalts: `haltReason` null when the product resumed. */
export interface MarketHaltEvent {
  symbol: string;
  haltReason: HaltReason | null;
  at: string;
}

/** One exchange's market of a product in the feed's state. */
export interface FeedVenueStatus {
  venue: string;
  symbol: string;
  connected: boolean;
  /** Epoch ms of the exchange's last message on this connection, null before the first. */
  lastMessageAt: number | null;
  mid: string | null;
  used: boolean;
  reason?: string;
}
/** One product in the feed's state. */
export interface FeedProductStatus {
  symbol: string;
  kind: PriceKind;
  status: 'open' | 'halted' | 'starting';
  haltReason?: HaltReason;
  used: number;
  total: number;
  venues: FeedVenueStatus[];
}
/** REDIS_KEYS.feedStatus: what the feed runs and how each product's price is made. */
export interface FeedStatusSnapshot {
  /** The price source running now. `starting`: FEED=auto still waiting for the exchanges. */
  mode: 'venues' | 'simulated' | 'replay' | 'starting';
  /** The FEED setting. */
  configured: string;
  /** Why the mode differs from the setting (e.g. no exchange answered). */
  note?: string;
  quorum: number;
  maxDeviationBps: number;
  staleMs: number;
  /** Epoch ms of this snapshot. */
  at: number;
  products: FeedProductStatus[];
}

/** Where a tick's price came from: public exchanges (real money may trade on it), the simulator or a replay (demo only). */
export type PriceKind = 'venues' | 'simulated' | 'replay';

export interface LastTick {
  seq: string;
  t: string;
  price: string;
  /** Absent for ticks written without a kind (tests' own writers): treated as not from exchanges. */
  kind?: PriceKind;
}

export interface LiveStats24h {
  change24h: string;
  high24h: string | null;
  low24h: string | null;
  volume24h: string;
  amount24h: string;
}

export type LiveCandle = Omit<CandleEvent, 'symbol' | 'interval'>;

/** Published on REDIS_CHANNELS.ticks for every stored tick, with the product's live 24h statistics and current candles. */
export interface TickMessage {
  symbol: string;
  seq: string;
  t: string;
  price: string;
  volume: string;
  stats: LiveStats24h;
  candles: Record<CandleInterval, LiveCandle>;
  kind?: PriceKind;
  /** A price made from exchanges: how many of the quotes were used, of how many. */
  sourcesUsed?: number;
  sourcesTotal?: number;
}

/**
 * Server to server through the socket.io Redis adapter (`serverSideEmit`; the worker sends it with
 * @socket.io/redis-emitter): many users' `order` and `wallet` pushes in one message. Every api
 * instance delivers each push to the `user:ID` room if it holds that room.
 */
export interface UserPushBatch {
  orders: [userId: string, order: Order][];
  wallets: [userId: string, wallet: Wallet][];
}
export const USER_PUSHES_EVENT = 'user-pushes';
export interface InterServerEvents {
  [USER_PUSHES_EVENT]: (batch: UserPushBatch) => void;
}
