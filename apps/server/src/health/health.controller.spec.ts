import { describe, expect, it, jest } from '@jest/globals';
import type { Redis } from 'ioredis';
import type { HttpReply } from '../common/http.js';
import { HealthController } from './health.controller.js';
import type { HealthRepository } from './health.repository.js';

function reply() {
  const r = { code: 200, status: jest.fn((c: number) => ((r.code = c), r)) };
  return r;
}

function controller(o: { pg?: boolean; redis?: boolean; current?: boolean[] }) {
  const answers = [...(o.current ?? [true])];
  const migrationsCurrent = jest.fn(async () => answers.shift() ?? true);
  const db = { ping: async () => (o.pg === false ? Promise.reject(new Error('down')) : undefined), migrationsCurrent } as unknown as HealthRepository;
  const redis = { ping: async () => (o.redis === false ? Promise.reject(new Error('down')) : 'PONG') } as unknown as Redis;
  return { c: new HealthController(db, redis), migrationsCurrent };
}

describe('HealthController readiness', () => {
  it('is not ready while a migration is pending, then ready and never asks again', async () => {
    const { c, migrationsCurrent } = controller({ current: [false, true] });
    const r1 = reply();
    expect(await c.ready(r1 as unknown as HttpReply)).toMatchObject({ status: 'not_ready', migrations: 'pending', postgres: 'up', redis: 'up' });
    expect(r1.code).toBe(503);
    const r2 = reply();
    expect(await c.ready(r2 as unknown as HttpReply)).toMatchObject({ status: 'ready', migrations: 'current' });
    expect(r2.code).toBe(200);
    await c.ready(reply() as unknown as HttpReply);
    expect(migrationsCurrent).toHaveBeenCalledTimes(2);
  });

  it('is not ready without Postgres (the schema unknown) or without Redis', async () => {
    const noPg = reply();
    expect(await controller({ pg: false }).c.ready(noPg as unknown as HttpReply)).toMatchObject({
      status: 'not_ready',
      postgres: 'down',
      migrations: 'unknown',
    });
    expect(noPg.code).toBe(503);
    const noRedis = reply();
    expect(await controller({ redis: false }).c.ready(noRedis as unknown as HttpReply)).toMatchObject({
      status: 'not_ready',
      redis: 'down',
      migrations: 'current',
    });
    expect(noRedis.code).toBe(503);
  });

  it('is live whatever the dependencies say', () => {
    expect(controller({ pg: false, redis: false }).c.live()).toMatchObject({ status: 'ok' });
  });
});
