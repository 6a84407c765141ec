import { describe, expect, it } from '@jest/globals';
import { answerOrRethrow, canonicalJson, idempotencyClaim, runIdempotent } from './idempotency.js';
import { DomainError } from './domain-error.js';

describe('canonicalJson', () => {
  it.each<[unknown, string]>([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ a: { d: [1, { f: 1, e: 2 }], c: null } }, '{"a":{"c":null,"d":[1,{"e":2,"f":1}]}}'],
    [{ a: undefined, b: 'x' }, '{"b":"x"}'],
    ['text', '"text"'],
    [12.5, '12.5'],
    [null, 'null'],
    [undefined, 'null'],
  ])('%j -> %s', (value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });
});

describe('idempotencyClaim', () => {
  const cmd = { symbol: 'BTCUSDT', direction: 'up', amountCents: 1000 };

  it('is null without a header', () => {
    expect(idempotencyClaim(undefined, 'u1', 'scope', cmd)).toBeNull();
  });

  it('hashes equal requests equally whatever the key order, and differently for another request or scope', () => {
    const a = idempotencyClaim('key-1', 'u1', 'POST /api/orders', cmd)!;
    const b = idempotencyClaim('key-1', 'u1', 'POST /api/orders', { amountCents: 1000, direction: 'up', symbol: 'BTCUSDT' })!;
    expect(a.requestHash).toMatch(/^[0-9a-f]{64}$/);
    expect(b.requestHash).toBe(a.requestHash);
    expect(idempotencyClaim('key-1', 'u1', 'POST /api/orders', { ...cmd, amountCents: 1001 })!.requestHash).not.toBe(a.requestHash);
    expect(idempotencyClaim('key-1', 'u1', 'POST /api/deposits', cmd)!.requestHash).not.toBe(a.requestHash);
    expect(a).toMatchObject({ subjectId: 'u1', key: 'key-1', scope: 'POST /api/orders' });
  });

  it.each<[string, unknown]>([
    ['empty', ''],
    ['too long', 'k'.repeat(129)],
    ['with a space', 'a b'],
    ['non-ASCII', 'clé'],
    ['repeated header', ['a', 'b']],
    ['not a string', 12],
  ])('refuses a malformed key (%s) with VALIDATION_FAILED', (_name, header) => {
    let err: unknown;
    try {
      idempotencyClaim(header, 'u1', 'scope', cmd);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED', field: 'Idempotency-Key', status: 400 });
  });

  it('accepts 128 printable ASCII characters', () => {
    const key = `${'A'.repeat(100)}-_.:~!${'z'.repeat(22)}`;
    expect(key).toHaveLength(128);
    expect(idempotencyClaim(key, 'u1', 'scope', cmd)!.key).toBe(key);
  });
});

describe('runIdempotent and answerOrRethrow', () => {
  type Call = { sql: string; params: unknown[] };
  /** A fake EntityManager answering INSERTs into idempotency_keys with `inserted` and SELECTs with `row`. */
  function fakeEm(opts: { inserted: boolean; row?: Record<string, unknown> }) {
    const calls: Call[] = [];
    const em = {
      query: async (sql: string, params: unknown[]) => {
        calls.push({ sql, params });
        if (sql.includes('INSERT INTO idempotency_keys')) return opts.inserted ? [{ '?column?': 1 }] : [];
        if (sql.includes('FROM idempotency_keys')) return opts.row ? [opts.row] : [];
        return [];
      },
    };
    return { em: em as never, calls };
  }
  const claim = idempotencyClaim('k', 'u1', 'POST /api/orders', { a: 1 })!;
  const tx =
    (em: unknown, rolledBack: { value: boolean }) =>
    async <R>(fn: (em: never) => Promise<R>): Promise<R> => {
      try {
        return await fn(em as never);
      } catch (e) {
        rolledBack.value = true;
        throw e;
      }
    };

  it('without a key it just runs the work', async () => {
    const { em, calls } = fakeEm({ inserted: true });
    const r = await runIdempotent(tx(em, { value: false }), null, 201, async () => ({ id: 'o1' }), em);
    expect(r).toEqual({ status: 201, body: { id: 'o1' }, replayed: false });
    expect(calls).toEqual([]);
  });

  it("stores the key with the answer in the work's transaction", async () => {
    const { em, calls } = fakeEm({ inserted: true });
    const r = await runIdempotent(tx(em, { value: false }), claim, 201, async () => ({ id: 'o1' }), em);
    expect(r.replayed).toBe(false);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toEqual(['u1', 'k', 'POST /api/orders', claim.requestHash, 201, '{"id":"o1"}']);
  });

  it('rolls its own work back and replays the first answer when the key was taken meanwhile', async () => {
    const { em } = fakeEm({ inserted: false, row: { scope: claim.scope, request_hash: claim.requestHash, status_code: 201, response: { id: 'first' } } });
    const rolledBack = { value: false };
    const r = await runIdempotent(tx(em, rolledBack), claim, 201, async () => ({ id: 'second' }), em);
    expect(r).toEqual({ status: 201, body: { id: 'first' }, replayed: true });
    expect(rolledBack.value).toBe(true);
  });

  it('answers 409 when the key was taken by another request', async () => {
    const { em } = fakeEm({ inserted: false, row: { scope: claim.scope, request_hash: 'f'.repeat(64), status_code: 201, response: {} } });
    await expect(runIdempotent(tx(em, { value: false }), claim, 201, async () => ({}), em)).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      status: 409,
    });
  });

  it('after a refusal, an earlier answer for the key wins; without one the refusal stands', async () => {
    const refusal = new DomainError('MARKET_CLOSED');
    const known = fakeEm({ inserted: false, row: { scope: claim.scope, request_hash: claim.requestHash, status_code: 201, response: { id: 'first' } } });
    await expect(answerOrRethrow(known.em, claim, refusal)).resolves.toEqual({ status: 201, body: { id: 'first' }, replayed: true });
    const unknown = fakeEm({ inserted: false });
    await expect(answerOrRethrow(unknown.em, claim, refusal)).rejects.toBe(refusal);
    await expect(answerOrRethrow(known.em, null, refusal)).rejects.toBe(refusal);
    const crash = new Error('db down');
    await expect(answerOrRethrow(known.em, claim, crash)).rejects.toBe(crash);
  });
});
