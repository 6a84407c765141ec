import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './config.js';

const base = { DATABASE_URL: 'postgres://u@localhost:5432/db', REDIS_URL: 'redis://localhost:6379', JWT_SECRET: 'x'.repeat(32) };

describe('loadConfig', () => {
  it('fills the defaults', () => {
    const c = loadConfig(base);
    expect(c).toMatchObject({
      PORT: 3000,
      NODE_ENV: 'development',
      ACCESS_TOKEN_TTL_SECONDS: 900,
      DEMO_START_BALANCE_CENTS: 1_000_000,
      PLATFORM_TIMEZONE: 'Asia/Taipei',
      DB_POOL_SIZE: 20,
      SETTLE_BATCH_LIMIT: 1_000,
      SETTLE_PARALLEL: 2,
      SOCKET_MAX_PER_ADDRESS: 200,
      ALLOWED_ORIGINS: [],
      LOG_LEVEL: 'info',
      // Metrics and the worker's health: on loopback, apart from the api's port, no token.
      METRICS_HOST: '127.0.0.1',
      METRICS_PORT: 9464,
      WORKER_PORT: 9465,
    });
    expect(loadConfig(base).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ ...base, ALLOWED_ORIGINS: ' https://a.example, https://b.example ,' }).ALLOWED_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
  it.each([
    ['a missing DATABASE_URL', { ...base, DATABASE_URL: undefined }, 'DATABASE_URL'],
    ['a mysql URL', { ...base, DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// URL'],
    ['a bad REDIS_URL', { ...base, REDIS_URL: 'http://x' }, 'REDIS_URL: must be a redis:// URL'],
    ['a 31-character secret', { ...base, JWT_SECRET: 'x'.repeat(31) }, 'JWT_SECRET: must be at least 32 characters'],
    ['port 0', { ...base, PORT: '0' }, 'PORT'],
    ['port 65536', { ...base, PORT: '65536' }, 'PORT'],
    ['a non-numeric port', { ...base, PORT: 'abc' }, 'PORT'],
    ['a non-numeric pool size', { ...base, DB_POOL_SIZE: 'abc' }, 'DB_POOL_SIZE'],
    ['a settlement batch of 10', { ...base, SETTLE_BATCH_LIMIT: '10' }, 'SETTLE_BATCH_LIMIT'],
    ['nine settlement lanes', { ...base, SETTLE_PARALLEL: '9' }, 'SETTLE_PARALLEL'],
    ['an unknown log level', { ...base, LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    ['a non-numeric metrics port', { ...base, METRICS_PORT: 'abc' }, 'METRICS_PORT'],
    ['a worker port of 70000', { ...base, WORKER_PORT: '70000' }, 'WORKER_PORT'],
    ['a metrics host with a space', { ...base, METRICS_HOST: '0.0.0.0 x' }, 'METRICS_HOST: must be a host name or address'],
    ['a 15-character metrics token', { ...base, METRICS_TOKEN: 't'.repeat(15) }, 'METRICS_TOKEN: must be at least 16 characters'],
  ])('refuses %s with a line naming the variable', (_n, env, line) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(line);
  });
  it('lists every problem at once', () => {
    try {
      loadConfig({ JWT_SECRET: 'short' });
      throw new Error('did not throw');
    } catch (e) {
      const text = (e as Error).message;
      expect(text).toContain('DATABASE_URL');
      expect(text).toContain('REDIS_URL');
      expect(text).toContain('JWT_SECRET');
    }
  });
  it.each([
    ['1', 1],
    ['65535', 65535],
    ['3000', 3000],
  ])('accepts port %s', (p, want) => expect(loadConfig({ ...base, PORT: p }).PORT).toBe(want));
});
