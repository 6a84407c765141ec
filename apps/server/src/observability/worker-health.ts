import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { REDIS_KEYS } from '@candor/cross-process';
import { HealthRepository } from '../health/health.repository.js';

export interface WorkerHealth {
  status: 'ok' | 'degraded';
  postgres: 'up' | 'down';
  redis: 'up' | 'down';
  feed: { mode: string; leader: boolean; lockHeld: boolean } | null;
  queues: Record<string, { paused: boolean; counts: Record<string, number> }>;
  lastSettlementAt: string | null;
  lastLedgerCheck: { ok: boolean; checkedAt: string } | null;
  time: string;
}

export interface WorkerHealthSources {
  ds: DataSource;
  redis: Redis;
  queues: Queue[];
  feed: { leading: boolean; mode: string } | null;
  lastSettlementAt: number | null;
  lastLedgerCheck(): Promise<{ ok: boolean; checkedAt: string } | null>;
}

const within = <T>(p: Promise<T>, ms = 2000): Promise<T> =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

/**
 * The worker's state for its health check: Postgres and Redis reachable (else `degraded`, answered 503),
 * its queues' job counts and whether they are paused, the feed lock, when it last settled an order and
 * the last ledger check.
 */
export async function workerHealth(s: WorkerHealthSources): Promise<WorkerHealth> {
  const [pg, rd] = await Promise.allSettled([within(new HealthRepository(s.ds).ping()), within(s.redis.ping())]);
  const redisUp = rd.status === 'fulfilled';
  const queues: WorkerHealth['queues'] = {};
  if (redisUp) {
    await Promise.all(
      s.queues.map(async (q) => {
        try {
          const [counts, paused] = await within(Promise.all([q.getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized'), q.isPaused()]));
          queues[q.name] = { paused, counts };
        } catch {
          /* left out: Redis answered ping but not this */
        }
      }),
    );
  }
  const lockHeld = redisUp ? (await within(s.redis.exists(REDIS_KEYS.feedLeader)).catch(() => 0)) === 1 : false;
  const last = redisUp ? await s.lastLedgerCheck() : null;
  const postgres = pg.status === 'fulfilled' ? 'up' : 'down';
  return {
    status: postgres === 'up' && redisUp ? 'ok' : 'degraded',
    postgres,
    redis: redisUp ? 'up' : 'down',
    feed: s.feed ? { mode: s.feed.mode, leader: s.feed.leading, lockHeld } : null,
    queues,
    lastSettlementAt: s.lastSettlementAt === null ? null : new Date(s.lastSettlementAt).toISOString(),
    lastLedgerCheck: last ? { ok: last.ok, checkedAt: last.checkedAt } : null,
    time: new Date().toISOString(),
  };
}
