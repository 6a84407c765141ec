import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
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

describe('loadConfig: keys (issue 52)', () => {
  const keys = {
    TOTP_ENCRYPTION_KEY: 't'.repeat(32),
    USER_TOTP_ENCRYPTION_KEY: 'u'.repeat(32),
    MAIL_TOKEN_KEY: 'm'.repeat(32),
    KYC_ENCRYPTION_KEY: 'k'.repeat(32),
    ALTCHA_HMAC_KEY: 'a'.repeat(32),
    LIABILITIES_SALT_KEY: 'l'.repeat(32),
  };
  const production = { ...base, NODE_ENV: 'production' };

  it('requires every key in production, naming the missing ones', () => {
    expect(loadConfig({ ...production, ...keys }).TOTP_ENCRYPTION_KEY).toBe(keys.TOTP_ENCRYPTION_KEY);
    expect(() => loadConfig(production)).toThrow(
      'TOTP_ENCRYPTION_KEY, USER_TOTP_ENCRYPTION_KEY, MAIL_TOKEN_KEY, KYC_ENCRYPTION_KEY, ALTCHA_HMAC_KEY, LIABILITIES_SALT_KEY: required in production',
    );
    expect(() => loadConfig({ ...production, ...keys, MAIL_TOKEN_KEY: undefined })).toThrow(/^ {2}MAIL_TOKEN_KEY: required in production/m);
    // Outside production each falls back to a key derived from JWT_SECRET (config/keys.ts).
    expect(loadConfig(base).TOTP_ENCRYPTION_KEY).toBeUndefined();
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).MAIL_TOKEN_KEY).toBeUndefined();
  });

  it('refuses in production a key that is another key or JWT_SECRET', () => {
    expect(() => loadConfig({ ...production, ...keys, TOTP_ENCRYPTION_KEY: base.JWT_SECRET })).toThrow('TOTP_ENCRYPTION_KEY: must differ from JWT_SECRET');
    expect(() => loadConfig({ ...production, ...keys, KYC_ENCRYPTION_KEY: keys.MAIL_TOKEN_KEY })).toThrow(
      'KYC_ENCRYPTION_KEY: must differ from MAIL_TOKEN_KEY',
    );
  });

  it('reads JWT_PREVIOUS_SECRETS as a list of secrets of at least 32 characters', () => {
    expect(loadConfig(base).JWT_PREVIOUS_SECRETS).toEqual([]);
    expect(loadConfig({ ...base, JWT_PREVIOUS_SECRETS: ` ${'p'.repeat(32)}, ${'q'.repeat(40)} ,` }).JWT_PREVIOUS_SECRETS).toEqual([
      'p'.repeat(32),
      'q'.repeat(40),
    ]);
    expect(() => loadConfig({ ...base, JWT_PREVIOUS_SECRETS: `${'p'.repeat(32)},short` })).toThrow(
      'JWT_PREVIOUS_SECRETS.1: each must be at least 32 characters',
    );
  });
});

describe('loadConfig: X_FILE secrets', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'candor-secret-files-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: string) => {
    const p = path.join(dir, name);
    writeFileSync(p, content);
    return p;
  };

  it('reads a secret from its file, less one trailing newline', () => {
    const c = loadConfig({
      DATABASE_URL_FILE: file('db', 'postgres://u:p@db:5432/candor\n'),
      REDIS_URL_FILE: file('redis', 'redis://redis:6379'),
      JWT_SECRET_FILE: file('jwt', `${'j'.repeat(40)}\n\n`),
      METRICS_TOKEN_FILE: file('metrics', `${'m'.repeat(20)}\r\n`),
      JWT_PREVIOUS_SECRETS_FILE: file('previous', `${'p'.repeat(32)},${'q'.repeat(32)}\n`),
      TOTP_ENCRYPTION_KEY_FILE: file('totp', `${'t'.repeat(32)}\n`),
    });
    expect(c.DATABASE_URL).toBe('postgres://u:p@db:5432/candor');
    expect(c.REDIS_URL).toBe('redis://redis:6379');
    // Only one newline goes: a secret that really ends in one (after the one an editor adds) keeps it.
    expect(c.JWT_SECRET).toBe(`${'j'.repeat(40)}\n`);
    expect(c.METRICS_TOKEN).toBe('m'.repeat(20));
    expect(c.JWT_PREVIOUS_SECRETS).toEqual(['p'.repeat(32), 'q'.repeat(32)]);
    expect(c.TOTP_ENCRYPTION_KEY).toBe('t'.repeat(32));
  });

  it('satisfies production with every key given as a file', () => {
    const files = Object.fromEntries(
      ['TOTP_ENCRYPTION_KEY', 'USER_TOTP_ENCRYPTION_KEY', 'MAIL_TOKEN_KEY', 'KYC_ENCRYPTION_KEY', 'ALTCHA_HMAC_KEY', 'LIABILITIES_SALT_KEY'].map((n, i) => [
        `${n}_FILE`,
        file(n, `${String(i).repeat(32)}\n`),
      ]),
    );
    expect(loadConfig({ ...base, NODE_ENV: 'production', ...files }).ALTCHA_HMAC_KEY).toBe('4'.repeat(32));
  });

  it.each([
    ['both X and X_FILE', () => ({ ...base, JWT_SECRET_FILE: file('jwt', 'j'.repeat(40)) }), 'JWT_SECRET_FILE: JWT_SECRET is set too; give one of them'],
    ['a missing file', () => ({ ...base, SMTP_URL_FILE: path.join(dir, 'nope') }), 'SMTP_URL_FILE: cannot read'],
    ['an empty file', () => ({ ...base, REDIS_URL: undefined, REDIS_URL_FILE: file('redis', '\n') }), 'REDIS_URL_FILE:'],
  ])('refuses %s with a line naming the variable', (_n, env, line) => {
    expect(() => loadConfig(env())).toThrow(ConfigError);
    expect(() => loadConfig(env())).toThrow(line);
  });

  it('checks what a file holds like the variable itself', () => {
    expect(() => loadConfig({ ...base, JWT_SECRET: undefined, JWT_SECRET_FILE: file('jwt', 'short\n') })).toThrow('JWT_SECRET: must be at least 32 characters');
    expect(() => loadConfig({ ...base, SMTP_URL_FILE: file('smtp', 'http://mail\n') })).toThrow('SMTP_URL: must be an smtp:// or smtps:// URL');
  });
});
