import { describe, expect, it } from '@jest/globals';
import {
  annualizedCompounded,
  annualizedSimple,
  dailyIncomeCents,
  earnAmountProblem,
  incomePer10kCents,
  isValidDailyRate,
  sevenDayYield,
  takeForTransferOut,
  withdrawableCents,
  type EarnLot,
} from './earn.js';

const at = (iso: string) => new Date(iso);

describe('the transfer amount', () => {
  it.each<[number, number, number | null, string | null]>([
    // amount, minimum, whole balance (transfers out), problem
    [20_00, 20_00, null, null],
    [19_99, 20_00, null, 'EARN_MIN_AMOUNT'],
    [0, 20_00, null, 'EARN_MIN_AMOUNT'],
    [-5_00, 20_00, null, 'EARN_MIN_AMOUNT'],
    [999_999_00, 20_00, null, null],
    [999_999_01, 20_00, null, 'AMOUNT_OUT_OF_RANGE'],
    [15_37, 20_00, 15_37, null], // everything that is left may leave, below the minimum
    [15_36, 20_00, 15_37, 'EARN_MIN_AMOUNT'],
    [0, 20_00, 0, 'EARN_MIN_AMOUNT'],
  ])('%p cents with minimum %p (balance %p): %p', (amount, min, whole, problem) => expect(earnAmountProblem(amount, min, whole)).toBe(problem));
});

describe('FIFO consumption on transfer out', () => {
  // Four lots of different ages at 2026-03-06 08:00 Taipei (00:00Z); income 5.00 posted so far.
  const lots: EarnLot[] = [
    { id: '11', remaining: 100_00, createdAt: at('2026-03-01T02:00:00Z'), withdrawableAt: at('2026-03-02T02:00:00Z'), confirmed: true },
    { id: '12', remaining: 50_00, createdAt: at('2026-03-03T01:00:00Z'), withdrawableAt: at('2026-03-04T01:00:00Z'), confirmed: true },
    { id: '13', remaining: 30_00, createdAt: at('2026-03-04T23:00:00Z'), withdrawableAt: at('2026-03-05T23:00:00Z'), confirmed: false },
    { id: '14', remaining: 40_00, createdAt: at('2026-03-05T12:00:00Z'), withdrawableAt: at('2026-03-06T12:00:00Z'), confirmed: false },
  ];
  const now = at('2026-03-06T00:00:00Z');
  const shuffled = [lots[2]!, lots[0]!, lots[3]!, lots[1]!];

  it.each<[string, number, unknown]>([
    ['income alone', 3_00, [{ lotId: null, amount: 3_00, from: 'income' }]],
    [
      'income, then the oldest lots',
      120_00,
      [
        { lotId: null, amount: 5_00, from: 'income' },
        { lotId: '11', amount: 100_00, from: 'confirmed' },
        { lotId: '12', amount: 15_00, from: 'confirmed' },
      ],
    ],
    [
      'everything withdrawable, a pending lot included',
      185_00,
      [
        { lotId: null, amount: 5_00, from: 'income' },
        { lotId: '11', amount: 100_00, from: 'confirmed' },
        { lotId: '12', amount: 50_00, from: 'confirmed' },
        { lotId: '13', amount: 30_00, from: 'pending' },
      ],
    ],
    ['a cent more than is withdrawable', 185_01, { ok: false, code: 'EARN_NOT_WITHDRAWABLE', withdrawable: 185_00, balance: 225_00 }],
    ['the whole balance, one lot not a day old', 225_00, { ok: false, code: 'EARN_NOT_WITHDRAWABLE', withdrawable: 185_00, balance: 225_00 }],
    ['more than the balance', 225_01, { ok: false, code: 'INSUFFICIENT_BALANCE', withdrawable: 185_00, balance: 225_00 }],
  ])('%s (%p cents)', (_case, amount, expected) => {
    const r = takeForTransferOut(amount, 5_00, shuffled, now);
    expect(r.ok ? r.parts : r).toEqual(expected);
  });

  it('takes a lot once it is a day old, and the whole balance then', () => {
    const later = at('2026-03-06T12:00:00Z');
    expect(withdrawableCents(5_00, lots, now)).toBe(185_00);
    expect(withdrawableCents(5_00, lots, later)).toBe(225_00);
    const r = takeForTransferOut(225_00, 5_00, lots, later);
    expect(r.ok && r.parts.map((p) => [p.lotId, p.amount])).toEqual([
      [null, 5_00],
      ['11', 100_00],
      ['12', 50_00],
      ['13', 30_00],
      ['14', 40_00],
    ]);
  });

  it('orders lots of the same instant by id as numbers, and skips empty lots', () => {
    const t = at('2026-03-01T00:00:00Z');
    const same: EarnLot[] = [
      { id: '10', remaining: 20_00, createdAt: t, withdrawableAt: t, confirmed: true },
      { id: '9', remaining: 20_00, createdAt: t, withdrawableAt: t, confirmed: true },
      { id: '8', remaining: 0, createdAt: t, withdrawableAt: t, confirmed: true },
    ];
    const r = takeForTransferOut(30_00, 0, same, now);
    expect(r.ok && r.parts).toEqual([
      { lotId: '9', amount: 20_00, from: 'confirmed' },
      { lotId: '10', amount: 10_00, from: 'confirmed' },
    ]);
    expect(() => takeForTransferOut(0, 0, same, now)).toThrow(RangeError);
  });
});

describe('daily income, rounded down to the cent', () => {
  it.each<[number, string, number]>([
    [20_00, '0.01', 20],
    [19_99, '0.01', 19], // 0.1999 -> 0.19
    [1_000_00, '0.01', 10_00],
    [1_010_00, '0.01', 10_10],
    [1_020_10, '0.01', 10_20], // 10.2010 -> 10.20
    [1, '0.01', 0],
    [99, '0.01', 0],
    [100, '0.01', 1],
    [123_456_789, '0.00005', 6_172], // 6172.83945 -> 6172
    [999_999_00, '0.1', 99_999_90],
    [5_000_00, '0', 0],
    [2 ** 52, '0.1', Math.floor(2 ** 52 / 10)],
  ])('%p cents at %p a day: %p cents', (basis, rate, income) => expect(dailyIncomeCents(basis, rate)).toBe(income));

  it('is what 10,000.00 earns for the income per 10,000', () => {
    expect(incomePer10kCents('0.01')).toBe(100_00);
    expect(incomePer10kCents('0.00005')).toBe(50);
    expect(incomePer10kCents('0.00001234')).toBe(12); // 12.34 cents -> 12
  });

  it('refuses a negative basis and a rate with more decimals than stored', () => {
    expect(() => dailyIncomeCents(-1, '0.01')).toThrow(RangeError);
    expect(() => dailyIncomeCents(100, '0.000000001')).toThrow(RangeError);
  });
});

describe('rates and yields', () => {
  it.each<[unknown, boolean]>([
    ['0.01', true],
    ['0', true],
    ['0.1', true],
    ['0.10000001', false],
    ['0.000000001', false],
    ['-0.01', false],
    ['1e-2', false],
    [0.01, false],
    ['', false],
  ])('daily rate %p valid: %p', (rate, valid) => expect(isValidDailyRate(rate)).toBe(valid));

  it.each<[string, string, string]>([
    ['0.01', '3.650000', '36.783434'],
    ['0.0001', '0.036500', '0.037172'],
    ['0.00005', '0.018250', '0.018417'],
    ['0', '0.000000', '0.000000'],
  ])('daily %p: simple %p, compounded %p', (rate, simple, compounded) => {
    expect(annualizedSimple(rate)).toBe(simple);
    expect(annualizedCompounded(rate)).toBe(compounded);
  });

  it('annualises the mean income per share of the last seven posted days', () => {
    expect(sevenDayYield([])).toBeNull();
    expect(sevenDayYield([{ basis: 0, income: 0 }])).toBeNull();
    expect(sevenDayYield([{ basis: 1_000_00, income: 10_00 }])).toBe('3.650000');
    // Rounding down paid 19 cents on 19.99: 0.19 / 19.99 a day.
    expect(sevenDayYield([{ basis: 19_99, income: 19 }])).toBe('3.469235');
    // Only the last seven count: an eighth, older day with no income changes nothing.
    const week = Array.from({ length: 7 }, () => ({ basis: 2_000_00, income: 20_00 }));
    expect(sevenDayYield([{ basis: 1_000_00, income: 0 }, ...week])).toBe('3.650000');
    expect(sevenDayYield([...week.slice(1), { basis: 1_000_00, income: 0 }])).toBe('3.128571');
  });
});
