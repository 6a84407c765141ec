import { z } from 'zod';
import { feedStaleMs } from '../../config/config.js';
import { VENUES, isVenueName, type VenueName } from './venues/venue-protocol.js';

const wsUrl = z
  .string()
  .regex(/^wss?:\/\/[^\s]+$/, 'must be a ws:// or wss:// URL')
  .optional();
const venueList = z
  .string()
  .default(VENUES.join(','))
  .transform((s, ctx) => {
    const names = [
      ...new Set(
        s
          .split(',')
          .map((v) => v.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    const bad = names.filter((v) => !isVenueName(v));
    if (bad.length) ctx.addIssue({ code: 'custom', message: `unknown exchange ${bad.join(', ')} (known: ${VENUES.join(', ')})` });
    return names.filter(isVenueName) as VenueName[];
  });

/** Feed settings from the environment (beyond the shared AppConfig). */
const schema = z.object({
  /**
   * Where prices come from in this process: `venues` (public exchanges; products without markets on them
   * run on the simulator, demo only), `simulated`, `replay` (a recorded CSV), `off`, or `auto` (the
   * exchanges when they answer within FEED_AUTO_WAIT_MS of start, else the simulator for everything).
   */
  FEED: z.enum(['venues', 'simulated', 'replay', 'off', 'auto']).default('auto'),
  FEED_VENUES: venueList,
  FEED_BINANCE_URL: wsUrl,
  FEED_OKX_URL: wsUrl,
  FEED_COINBASE_URL: wsUrl,
  FEED_KRAKEN_URL: wsUrl,
  /** Fresh exchange quotes needed for a price. */
  FEED_QUORUM: z.coerce.number().int().min(1).max(10).default(3),
  /** A quote further than this from the median is dropped; used quotes must agree within it. */
  FEED_MAX_DEVIATION_BPS: z.coerce.number().int().min(1).max(10_000).default(50),
  /** A quote older than this is stale; an exchange silent this long is reported stale. */
  FEED_STALE_MS: feedStaleMs,
  /** The slots each second is cut into for exchange prices: one tick per product and slot it has quotes in (and one each second). */
  FEED_TICK_MS: z.coerce.number().int().min(20).max(5000).default(200),
  /** FEED=auto: how long to wait for an exchange to answer before falling back to the simulator. */
  FEED_AUTO_WAIT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  FEED_REPLAY_FILE: z.string().optional(),
  FEED_REPLAY_SPEED: z.coerce.number().positive().max(1000).default(1),
  FEED_REPLAY_LOOP: z.enum(['true', 'false']).default('true'),
  /** Ticks are stored at once; this often the tick writer seals finished seconds (and retries a failed write) when no tick does. */
  FEED_FLUSH_MS: z.coerce.number().int().min(10).max(5000).default(250),
  /** Lock time-to-live; a leader renews every third of it, and a dead leader is replaced this long after its last renewal. */
  FEED_LOCK_TTL_MS: z.coerce.number().int().min(1000).max(60000).default(1500),
});

export type FeedConfig = z.infer<typeof schema>;
export const FEED_CONFIG = Symbol('FEED_CONFIG');

/** FEED_<VENUE>_URL of each exchange that has one. */
export function venueUrls(c: FeedConfig): Partial<Record<VenueName, string>> {
  const out: Partial<Record<VenueName, string>> = {};
  const urls: Record<VenueName, string | undefined> = {
    binance: c.FEED_BINANCE_URL,
    okx: c.FEED_OKX_URL,
    coinbase: c.FEED_COINBASE_URL,
    kraken: c.FEED_KRAKEN_URL,
  };
  for (const v of VENUES) if (urls[v]) out[v] = urls[v];
  return out;
}

export function loadFeedConfig(env: Record<string, string | undefined> = process.env): FeedConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid feed configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  if (parsed.data.FEED === 'replay' && !parsed.data.FEED_REPLAY_FILE)
    throw new Error('Invalid feed configuration:\n  FEED_REPLAY_FILE: required when FEED=replay');
  return parsed.data;
}
