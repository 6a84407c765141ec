import { describe, expect, it } from '@jest/globals';
import { lossShare, lossShareOf, payoutRatio, ratioText, transparencyPeriods, TRANSPARENCY_MIN_ACCOUNTS, type ShareOrder } from './transparency.js';

describe('ratioText', () => {
  it.each<[number | bigint, number | bigint, string | null]>([
    [0, 1, '0.0000'],
    [1, 1, '1.0000'],
    [2, 3, '0.6667'], // 0.66666… rounds up
    [1, 3, '0.3333'],
    [1, 8, '0.1250'],
    [1, 20_000, '0.0001'], // exactly half of the last decimal: half up
    [1, 20_001, '0.0000'],
    [185, 100, '1.8500'], // a payout ratio may exceed 1 (users won more than they lost)
    [0, 0, null],
    [5, 0, null],
    // Cents beyond 2^53: exact with big integers.
    [9_007_199_254_740_993n, 9_007_199_254_740_993n * 4n, '0.2500'],
  ])('%s / %s = %s', (part, whole, text) => expect(ratioText(part, whole)).toBe(text));

  it('refuses a negative part', () => expect(() => ratioText(-1, 2)).toThrow(RangeError));
});

describe('payoutRatio', () => {
  it('is what users got back over what they staked', () => {
    // Stakes 100.00 + 50.00 + 30.00; a win at 0.85 pays 185.00, a tie 50.00, a loss nothing: 235 / 180.
    expect(payoutRatio(18_500 + 5_000 + 0, 10_000 + 5_000 + 3_000)).toBe('1.3056');
    // All lost: 0; nothing staked: no ratio.
    expect(payoutRatio(0, 12_345)).toBe('0.0000');
    expect(payoutRatio(0, 0)).toBeNull();
  });
});

describe('lossShare', () => {
  it('is null below the minimum and a 4-decimal share from it', () => {
    expect(TRANSPARENCY_MIN_ACCOUNTS).toBe(100);
    expect(lossShare(99, 99)).toBeNull();
    expect(lossShare(0, 0)).toBeNull();
    expect(lossShare(100, 74)).toBe('0.7400');
    expect(lossShare(101, 77)).toBe('0.7624');
    expect(lossShare(100, 0)).toBe('0.0000');
    expect(lossShare(3, 2, 3)).toBe('0.6667');
  });

  it('refuses counts that cannot be', () => {
    expect(() => lossShare(10, 11)).toThrow(RangeError);
    expect(() => lossShare(10, -1)).toThrow(RangeError);
    expect(() => lossShare(1.5, 1)).toThrow(RangeError);
  });
});

describe('lossShareOf: a hand-made table', () => {
  const from = new Date('2026-01-01T00:00:00Z');
  const to = new Date('2026-04-01T00:00:00Z');
  const at = (iso: string) => new Date(iso);
  const o = (userId: string, pnl: number | null, settledAt: string | null, more: Partial<ShareOrder> = {}): ShareOrder => ({
    userId,
    account: 'real',
    status: pnl === null ? 'open' : 'settled',
    pnl,
    settledAt: settledAt ? at(settledAt) : null,
    ...more,
  });
  const table: ShareOrder[] = [
    // a: lost 10, won 4 -> -6: lost.
    o('a', -1000, '2026-01-05T00:00:00Z'),
    o('a', 400, '2026-02-05T00:00:00Z'),
    // b: won 8.50, lost 8.50 -> 0: not a loss.
    o('b', 850, '2026-01-10T00:00:00Z'),
    o('b', -850, '2026-03-31T23:59:59.999Z'),
    // c: a tie only -> 0: counted, did not lose.
    o('c', 0, '2026-02-01T00:00:00Z'),
    // d: lost 5 inside, won 100 before the period: inside only -> lost.
    o('d', -500, '2026-03-01T00:00:00Z'),
    o('d', 10_000, '2025-12-31T23:59:59.999Z'),
    // e: its demo losses and an open order do not count; its one real win does.
    o('e', -5000, '2026-02-01T00:00:00Z', { account: 'demo' }),
    o('e', null, null),
    o('e', 300, '2026-01-02T00:00:00Z'),
    // f: only a voided order (a refund, no trade) and a loss settled at the period's end (excluded): not counted.
    o('f', 0, '2026-02-01T00:00:00Z', { status: 'voided' }),
    o('f', -700, '2026-04-01T00:00:00Z'),
    // g: only demo: not counted.
    o('g', -100, '2026-02-01T00:00:00Z', { account: 'demo' }),
  ];

  it('counts accounts with settled real orders in the period and those whose sum is negative', () => {
    expect(lossShareOf(table, from, to, 1)).toEqual({ accounts: 5, losing: 2, share: '0.4000' });
  });

  it('publishes no share below the minimum, but still says how many accounts traded', () => {
    expect(lossShareOf(table, from, to)).toEqual({ accounts: 5, losing: 2, share: null });
  });

  it('answers a share at exactly the minimum', () => {
    const many = Array.from({ length: 100 }, (_, i) => o(`u${i}`, i < 77 ? -1 : 1, '2026-02-01T00:00:00Z'));
    expect(lossShareOf(many, from, to)).toEqual({ accounts: 100, losing: 77, share: '0.7700' });
    expect(lossShareOf(many.slice(1), from, to).share).toBeNull();
  });
});

describe('transparencyPeriods', () => {
  it('ends at now: 12 calendar months, 90 and 30 days back', () => {
    const p = transparencyPeriods(new Date('2026-12-02T10:00:00.000Z'));
    expect(p.from12m.toISOString()).toBe('2025-12-02T10:00:00.000Z');
    expect(p.from90d.toISOString()).toBe('2026-09-03T10:00:00.000Z');
    expect(p.from30d.toISOString()).toBe('2026-11-02T10:00:00.000Z');
    expect(p.to.toISOString()).toBe('2026-12-02T10:00:00.000Z');
  });
});
