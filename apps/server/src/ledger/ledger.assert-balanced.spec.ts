import { describe, expect, it } from '@jest/globals';
import { assertBalanced } from './ledger.service.js';

describe('assertBalanced', () => {
  it.each<[string, { accountId: string; amount: number }[], RegExp | null]>([
    [
      'balanced',
      [
        { accountId: '1', amount: -5 },
        { accountId: '2', amount: 5 },
      ],
      null,
    ],
    [
      'three legs',
      [
        { accountId: '1', amount: -5 },
        { accountId: '2', amount: 8 },
        { accountId: '3', amount: -3 },
      ],
      null,
    ],
    ['one posting', [{ accountId: '1', amount: 0 }], /two or more/],
    [
      'unbalanced',
      [
        { accountId: '1', amount: -5 },
        { accountId: '2', amount: 4 },
      ],
      /does not balance/,
    ],
    [
      'zero amount',
      [
        { accountId: '1', amount: 0 },
        { accountId: '2', amount: 0 },
      ],
      /bad posting amount/,
    ],
    [
      'fraction',
      [
        { accountId: '1', amount: -0.5 },
        { accountId: '2', amount: 0.5 },
      ],
      /bad posting amount/,
    ],
    [
      'same account twice',
      [
        { accountId: '1', amount: -5 },
        { accountId: '1', amount: 5 },
      ],
      /twice/,
    ],
    [
      'same account as the first, third',
      [
        { accountId: '1', amount: -5 },
        { accountId: '2', amount: 3 },
        { accountId: '1', amount: 2 },
      ],
      /twice/,
    ],
    ['twenty legs', Array.from({ length: 20 }, (_, i) => ({ accountId: String(i + 1), amount: i % 2 ? 7 : -7 })), null],
    ['twenty legs, one account twice', Array.from({ length: 20 }, (_, i) => ({ accountId: String(i === 19 ? 3 : i + 1), amount: i % 2 ? 7 : -7 })), /twice/],
  ])('%s', (_n, postings, error) => {
    if (error) expect(() => assertBalanced(postings)).toThrow(error);
    else expect(() => assertBalanced(postings)).not.toThrow();
  });
});
