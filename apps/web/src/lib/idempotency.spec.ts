import { describe, expect, it } from '@jest/globals';
import { ApiError } from './api';
import { IdempotentAttempts, outcomeUnknown, uuid } from './idempotency';

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

describe('outcomeUnknown (whether a retry reuses the key)', () => {
  it.each([
    ['a network failure', new ApiError('NETWORK_ERROR', 'offline', 0), true],
    ['a 5xx', new ApiError('INTERNAL', 'boom', 500), true],
    ['an error that is not an API answer', new TypeError('failed to fetch'), true],
    ['a 4xx refusal', new ApiError('INSUFFICIENT_BALANCE', 'no', 422), false],
    ['a validation error', new ApiError('VALIDATION_FAILED', 'bad', 400, 'amount'), false],
  ])('%s: %s', (_name, error, unknown) => expect(outcomeUnknown(error)).toBe(unknown));
});

describe('uuid', () => {
  it('is a v4 UUID, different each time', () => {
    const a = uuid();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuid()).not.toBe(a);
  });
});
