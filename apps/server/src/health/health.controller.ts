import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { HttpReply } from '../common/http.js';
import { ApiFeature, Doc } from '../common/openapi.js';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis/redis.module.js';
import { REDIS_KEYS, type FeedStatusSnapshot } from '@candor/cross-process';
import { HealthRepository } from './health.repository.js';

const within = <T>(p: Promise<T>): Promise<T> => Promise.race([p, new Promise<never>((_, rej) => setTimeout(() => rej(new Error('timeout')), 2000).unref())]);

/** What the health answer says about prices: the feed's mode, its setting and why they differ, or `unknown` when no feed reported. */
export interface HealthFeed {
  mode: FeedStatusSnapshot['mode'] | 'unknown';
  configured?: string;
  note?: string;
}

@Controller('health')
@ApiFeature('health')
export class HealthController {
  private schemaCurrent = false;

  constructor(
    private readonly db: HealthRepository,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** 200 when Postgres and Redis both answer, 503 otherwise; each one's state is in the body. */
  @Get()
  @HttpCode(200)
  @Doc('Whether Postgres and Redis answer, and where prices come from', {
    description:
      'Answers `{ status: "ok" or "degraded", postgres: "up" or "down", redis: "up" or "down", feed: { mode, configured?, note? }, time }`: 200 when Postgres and Redis are up, 503 otherwise. `feed.mode` is `venues` (public exchanges), `simulated` (demo only), `replay`, `starting` (FEED=auto still waiting for the exchanges) or `unknown` (no feed has reported).',
  })
  async get(@Res({ passthrough: true }) res: HttpReply) {
    const [pg, rd, fd] = await Promise.allSettled([within(this.db.ping()), within(this.redis.ping()), within(this.feed())]);
    const postgres = pg.status === 'fulfilled' ? 'up' : 'down';
    const redis = rd.status === 'fulfilled' ? 'up' : 'down';
    const ok = postgres === 'up' && redis === 'up';
    if (!ok) void res.status(503);
    const feed: HealthFeed = fd.status === 'fulfilled' ? fd.value : { mode: 'unknown' };
    return { status: ok ? 'ok' : 'degraded', postgres, redis, feed, time: new Date().toISOString() };
  }

  /** Liveness: the process answers HTTP. An orchestrator restarts the api only when this fails. */
  @Get('live')
  @HttpCode(200)
  @Doc('Liveness: the api process answers', {
    description: 'Answers `{ status: "ok", time }` with 200 whenever the process serves HTTP; it checks nothing else.',
  })
  live() {
    return { status: 'ok', time: new Date().toISOString() };
  }

  /**
   * Readiness: send traffic here only when Postgres and Redis answer and the database's schema is this
   * build's (no migration pending). Once seen current, the schema is not asked again.
   */
  @Get('ready')
  @HttpCode(200)
  @Doc('Readiness: Postgres, Redis and the migrations are up', {
    description:
      'Answers `{ status: "ready" or "not_ready", postgres, redis, migrations: "current" or "pending" or "unknown", time }`: 200 when Postgres and Redis are up and no migration is pending, 503 otherwise.',
  })
  async ready(@Res({ passthrough: true }) res: HttpReply) {
    const [pg, rd] = await Promise.allSettled([within(this.db.ping()), within(this.redis.ping())]);
    const postgres = pg.status === 'fulfilled' ? 'up' : 'down';
    const redis = rd.status === 'fulfilled' ? 'up' : 'down';
    let migrations: 'current' | 'pending' | 'unknown' = 'unknown';
    if (this.schemaCurrent) migrations = 'current';
    else if (postgres === 'up') {
      migrations = await within(this.db.migrationsCurrent()).then(
        (current) => (current ? 'current' : 'pending'),
        () => 'unknown' as const,
      );
      this.schemaCurrent = migrations === 'current';
    }
    const ok = postgres === 'up' && redis === 'up' && migrations === 'current';
    if (!ok) void res.status(503);
    return { status: ok ? 'ready' : 'not_ready', postgres, redis, migrations, time: new Date().toISOString() };
  }

  private async feed(): Promise<HealthFeed> {
    try {
      const raw = await this.redis.get(REDIS_KEYS.feedStatus);
      const s = raw ? (JSON.parse(raw) as FeedStatusSnapshot) : null;
      if (!s) return { mode: 'unknown' };
      return s.note ? { mode: s.mode, configured: s.configured, note: s.note } : { mode: s.mode, configured: s.configured };
    } catch {
      return { mode: 'unknown' };
    }
  }
}
