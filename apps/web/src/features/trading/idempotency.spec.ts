import { describe, expect, it } from '@jest/globals';
import { IdempotentAttempts, uuid } from './idempotency';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

const body = { symbol: 'BTCUSDT', direction: 'up', amount: '10', durationSeconds: 30, account: 'demo' };

describe('IdempotentAttempts', () => {
  it('reuses the key when the same body is retried after an unknown outcome', () => {
    const a = new IdempotentAttempts(counter());
    const first = a.keyFor(body);
    a.settle('unknown');
    expect(a.keyFor({ ...body })).toBe(first);
  });

  it('takes a new key after a definite answer, even for the same body', () => {
    const a = new IdempotentAttempts(counter());
    const first = a.keyFor(body);
    a.settle('definite');
    expect(a.keyFor(body)).not.toBe(first);
  });

  it('takes a new key for a different body', () => {
    const a = new IdempotentAttempts(counter());
    const first = a.keyFor(body);
    a.settle('unknown');
    expect(a.keyFor({ ...body, amount: '11' })).not.toBe(first);
  });
});

describe('uuid', () => {
  it('is a v4 UUID, different each time', () => {
    const a = uuid();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuid()).not.toBe(a);
  });
});
