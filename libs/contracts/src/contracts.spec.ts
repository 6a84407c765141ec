import { describe, expect, it } from '@jest/globals';
import { API, channel, ERROR_CODES, ERROR_STATUS, furtherSupportStatus, PUBLIC_CHANNEL } from './index.js';

describe('error codes', () => {
  it('every code answers a 4xx, except INTERNAL (500) and PUSH_UNAVAILABLE (503: this server has Web Push off)', () => {
    const server: Partial<Record<(typeof ERROR_CODES)[number], number>> = { INTERNAL: 500, PUSH_UNAVAILABLE: 503 };
    const off = ERROR_CODES.filter((c) => (server[c] ? ERROR_STATUS[c] !== server[c] : ERROR_STATUS[c] < 400 || ERROR_STATUS[c] > 499));
    expect(off).toEqual([]);
  });

  it('codes are upper snake case, as clients match on them', () => {
    expect(ERROR_CODES.filter((c) => !/^[A-Z][A-Z0-9_]*$/.test(c))).toEqual([]);
  });
});

describe('socket channels', () => {
  it.each([
    [channel.ticker('BTCUSDT'), true],
    [channel.candles('ETHUSDT', '1m'), true],
    [channel.candles('ETHUSDT', '1d'), true],
    ['candles:ETHUSDT:2m', false],
    ['ticker:btcusdt', false],
    [channel.user('0b8c3f0e-0000-4000-8000-000000000000'), false],
    ['ticker:BTCUSDT:extra', false],
  ])('%s is public: %s', (name, isPublic) => expect(PUBLIC_CHANNEL.test(name)).toBe(isPublic));
});

describe('api paths', () => {
  it('are spelled once each (two names for one path would drift apart)', () => {
    const paths: string[] = Object.values(API).flatMap((v: unknown) => (typeof v === 'string' ? [v] : []));
    expect(paths.length).toBeGreaterThan(10);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('support message status', () => {
  it.each([
    ['sent', 'read', 'read'],
    ['read', 'sent', 'read'],
    ['read', 'delivered', 'read'],
    ['delivered', 'read', 'read'],
    ['sent', 'delivered', 'delivered'],
    ['delivered', 'sent', 'delivered'],
    ['sent', 'sent', 'sent'],
  ] as const)('%s then %s is %s', (first, second, expected) => {
    expect(furtherSupportStatus(first, second)).toBe(expected);
  });
});
