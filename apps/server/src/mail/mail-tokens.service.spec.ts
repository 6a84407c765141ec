import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { newTestService } from '../../test/utils.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { secretFor } from '../config/keys.js';
import { Clock } from '../common/clock.js';
import { MailTokensRepository, type MailTokenKind, type UsedMailTokenRow } from './mail-tokens.repository.js';
import { MAIL_TOKEN_TTL_MS, MailTokensService } from './mail-tokens.service.js';

const config = { JWT_SECRET: 'unit-test-secret-0123456789abcdef0123', MAIL_TOKEN_KEY: 'mail-token-key-for-unit-tests-0123456789' } as AppConfig;
const em = { name: 'a transaction' } as unknown as EntityManager;

class HandClock extends Clock {
  constructor(public t: number) {
    super();
  }
  now(): Date {
    return new Date(this.t);
  }
}

/** The table's rule in memory: a token is used once, and only before it expires. */
interface Row {
  kind: MailTokenKind;
  userId: string;
  hash: Buffer;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}
function memoryTable() {
  const rows: Row[] = [];
  return {
    rows,
    insert: async (t: Omit<Row, 'usedAt'>): Promise<void> => {
      rows.push({ ...t, usedAt: null });
    },
    use: async (_em: EntityManager, kind: MailTokenKind, hash: Buffer, now: Date): Promise<UsedMailTokenRow | null> => {
      const r = rows.find((x) => x.kind === kind && x.hash.equals(hash) && x.usedAt === null && x.expiresAt > now);
      if (!r) return null;
      r.usedAt = now;
      return { user_id: r.userId, email: r.email };
    },
  };
}

function build(start = Date.parse('2026-12-01T10:00:00Z')) {
  const clock = new HandClock(start);
  const { sut, mocks } = newTestService(MailTokensService, [
    [APP_CONFIG, config],
    [Clock, clock],
  ]);
  const repo = mocks.get<MailTokensRepository>(MailTokensRepository);
  const table = memoryTable();
  repo.insert.mockImplementation(table.insert);
  repo.use.mockImplementation(table.use);
  return { service: sut as MailTokensService, clock, table, repo };
}

describe('MailTokensService', () => {
  it('issues 32 random bytes (base64url) and stores only their HMAC under the mail key', async () => {
    const { service, table } = build();
    const a = await service.issue('reset', 'u1', 'a@example.com');
    const b = await service.issue('reset', 'u1', 'a@example.com');
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
    const stored = table.rows[0]!;
    expect(stored.hash).toEqual(createHmac('sha256', secretFor(config, 'mail')).update(a).digest());
    expect(stored.hash.toString('base64url')).not.toContain(a);
    expect(JSON.stringify(table.rows)).not.toContain(a);
  });

  it.each([
    ['reset', 30 * 60_000],
    ['confirm', 48 * 3_600_000],
  ] as const)('a %s link expires %i ms after it was issued, by the injected clock', async (kind, ttl) => {
    const { service, table } = build();
    await service.issue(kind, 'u1', 'a@example.com');
    expect(MAIL_TOKEN_TTL_MS[kind]).toBe(ttl);
    expect(table.rows[0]!.expiresAt.getTime() - table.rows[0]!.createdAt.getTime()).toBe(ttl);
  });

  it('a reset link works at 29 minutes and once only', async () => {
    const { service, clock } = build();
    const token = await service.issue('reset', 'u1', 'a@example.com');
    clock.t += 29 * 60_000;
    await expect(service.use(em, 'reset', token)).resolves.toEqual({ user_id: 'u1', email: 'a@example.com' });
    await expect(service.use(em, 'reset', token)).rejects.toMatchObject({ code: 'RESET_TOKEN_INVALID', field: 'token' });
  });

  it('a reset link is refused at 30 minutes', async () => {
    const { service, clock } = build();
    const token = await service.issue('reset', 'u1', 'a@example.com');
    clock.t += 30 * 60_000;
    await expect(service.use(em, 'reset', token)).rejects.toMatchObject({ code: 'RESET_TOKEN_INVALID' });
  });

  it('a link of one kind is no link of the other', async () => {
    const { service } = build();
    const token = await service.issue('confirm', 'u1', 'a@example.com');
    await expect(service.use(em, 'reset', token)).rejects.toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    await expect(service.use(em, 'confirm', token)).resolves.toMatchObject({ user_id: 'u1' });
  });

  it('refuses a malformed token without asking the database', async () => {
    const { service, repo } = build();
    await expect(service.use(em, 'reset', 'not a token')).rejects.toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    expect(repo.use).not.toHaveBeenCalled();
  });
});
