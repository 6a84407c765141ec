import { describe, expect, it, jest } from '@jest/globals';
import { newTestService } from '../../test/utils.js';
import { REDIS } from '../redis/redis.module.js';
import { REDIS_KEYS } from '@candor/cross-process';
import { AuditService } from './audit.service.js';
import { OPERATOR_READ_WINDOW_SECONDS, OperatorReadsService } from './operator-reads.service.js';

/** A Redis holding keys in a map, with SET ... EX n NX and DEL as the service uses them (expiry recorded, not run). */
function memoryRedis(opts: { down?: boolean } = {}) {
  const keys = new Map<string, number>();
  return {
    keys,
    set: jest.fn(async (key: string, _v: string, _ex: 'EX', seconds: number, _nx: 'NX') => {
      if (opts.down) throw new Error('connection refused');
      if (keys.has(key)) return null;
      keys.set(key, seconds);
      return 'OK';
    }),
    del: jest.fn(async (key: string) => Number(keys.delete(key))),
  };
}

function build(redis = memoryRedis()) {
  const { sut, mocks } = newTestService(OperatorReadsService, [[REDIS, redis]]);
  const audit = mocks.get<AuditService>(AuditService);
  audit.record.mockResolvedValue(undefined);
  return { reads: sut as OperatorReadsService, audit, redis };
}

describe('OperatorReadsService.record', () => {
  it("audits an operator's read of a user's money against the user, once per window", async () => {
    const { reads, audit, redis } = build();
    await reads.record('op1', 'u1', 'money', '10.0.0.1');
    await reads.record('op1', 'u1', 'money', '10.0.0.1');
    expect(audit.record.mock.calls).toEqual([
      [
        {
          operatorId: 'op1',
          action: 'user.money_viewed',
          targetType: 'user',
          targetId: 'u1',
          userId: 'u1',
          details: { kind: 'money' },
          ip: '10.0.0.1',
        },
      ],
    ]);
    expect([...redis.keys]).toEqual([[REDIS_KEYS.operatorReadAudited('op1', 'u1', 'money'), OPERATOR_READ_WINDOW_SECONDS]]);
    expect(OPERATOR_READ_WINDOW_SECONDS).toBe(600);
  });

  it('counts each operator, user and kind apart', async () => {
    const { reads, audit } = build();
    await reads.record('op1', 'u1', 'money', null);
    await reads.record('op1', 'u1', 'access', null);
    await reads.record('op2', 'u1', 'money', null);
    await reads.record('op1', 'u2', 'money', null);
    await reads.record('op1', 'u1', 'sessions', null);
    await reads.record('op1', 'u1', 'documents', null);
    expect(audit.record.mock.calls.map(([r]) => `${r.operatorId} ${r.userId} ${r.action}`)).toEqual([
      'op1 u1 user.money_viewed',
      'op1 u1 user.access_viewed',
      'op2 u1 user.money_viewed',
      'op1 u2 user.money_viewed',
      'op1 u1 user.sessions_viewed',
      'op1 u1 user.documents_viewed',
    ]);
  });

  it('fails the read when the audit line cannot be written, and the next read tries again', async () => {
    const { reads, audit, redis } = build();
    audit.record.mockRejectedValueOnce(new Error('database down'));
    await expect(reads.record('op1', 'u1', 'money', null)).rejects.toThrow('database down');
    expect(redis.keys.size).toBe(0);
    await reads.record('op1', 'u1', 'money', null);
    expect(audit.record).toHaveBeenCalledTimes(2);
  });

  it('audits every read while Redis is down', async () => {
    const { reads, audit } = build(memoryRedis({ down: true }));
    await reads.record('op1', 'u1', 'money', null);
    await reads.record('op1', 'u1', 'money', null);
    expect(audit.record).toHaveBeenCalledTimes(2);
  });
});
