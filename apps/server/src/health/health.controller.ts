import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { HttpReply } from '../common/http.js';
import { ApiFeature, Doc } from '../common/openapi.js';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis/redis.module.js';

@Controller('health')
@ApiFeature('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** 200 when Postgres and Redis both answer, 503 otherwise; each one's state is in the body. */
  @Get()
  @HttpCode(200)
  @Doc('Whether Postgres and Redis answer', {
    description: 'Answers `{ status: "ok" or "degraded", postgres: "up" or "down", redis: "up" or "down", time }`: 200 when both are up, 503 otherwise.',
  })
  async get(@Res({ passthrough: true }) res: HttpReply) {
    const within = <T>(p: Promise<T>) => Promise.race([p, new Promise<never>((_, rej) => setTimeout(() => rej(new Error('timeout')), 2000))]);
    const [pg, rd] = await Promise.allSettled([within(this.ds.query('SELECT 1')), within(this.redis.ping())]);
    const postgres = pg.status === 'fulfilled' ? 'up' : 'down';
    const redis = rd.status === 'fulfilled' ? 'up' : 'down';
    const ok = postgres === 'up' && redis === 'up';
    if (!ok) void res.status(503);
    return { status: ok ? 'ok' : 'degraded', postgres, redis, time: new Date().toISOString() };
  }
}
