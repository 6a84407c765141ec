import { z } from 'zod';

/** Feed settings from the environment (beyond the shared AppConfig). */
const schema = z.object({
  /** Which feed runs in this process: the simulator (default), a replay of a recorded CSV, or none. */
  FEED: z.enum(['simulated', 'replay', 'off']).default('simulated'),
  FEED_REPLAY_FILE: z.string().optional(),
  FEED_REPLAY_SPEED: z.coerce.number().positive().max(1000).default(1),
  FEED_REPLAY_LOOP: z.enum(['true', 'false']).default('true'),
  /** Batch period of the tick writer. */
  FEED_FLUSH_MS: z.coerce.number().int().min(10).max(5000).default(250),
  /** Lock time-to-live; a leader renews every third of it, and a dead leader is replaced this long after its last renewal. */
  FEED_LOCK_TTL_MS: z.coerce.number().int().min(1000).max(60000).default(2000),
});

export type FeedConfig = z.infer<typeof schema>;
export const FEED_CONFIG = Symbol('FEED_CONFIG');

export function loadFeedConfig(env: Record<string, string | undefined> = process.env): FeedConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid feed configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  if (parsed.data.FEED === 'replay' && !parsed.data.FEED_REPLAY_FILE)
    throw new Error('Invalid feed configuration:\n  FEED_REPLAY_FILE: required when FEED=replay');
  return parsed.data;
}
