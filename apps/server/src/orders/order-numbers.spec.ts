import { describe, expect, it } from '@jest/globals';
import { format, OrderNumbers } from './order-numbers.js';
import type { OrdersRepository } from './orders.repository.js';

/** A fake order_no_seq: each query hands out the next `n` values, after `delayMs`. */
function fakeSequence(delayMs = 0) {
  let next = 1;
  const calls: number[] = [];
  const repo = {
    async nextOrderNumbers(n: number) {
      calls.push(n);
      const numbers = Array.from({ length: n }, () => String(next++));
      await new Promise((r) => setTimeout(r, delayMs));
      return numbers;
    },
  } as unknown as OrdersRepository;
  return { repo, calls };
}

describe('OrderNumbers', () => {
  it('hands out unique, increasing numbers in the O + UTC date + 10 digits format', async () => {
    const { repo } = fakeSequence();
    const numbers = new OrderNumbers(repo);
    const day = new Date('2026-11-22T23:59:59Z');
    const got: string[] = [];
    for (let i = 0; i < 450; i++) got.push(await numbers.next(day));
    expect(got[0]).toBe('O202611220000000001');
    expect(new Set(got).size).toBe(450);
    expect([...got].sort()).toEqual(got);
    expect(format(new Date('2026-01-02T00:00:00Z'), '42')).toBe('O202601020000000042');
  });

  it('fetches the next block while half of the current one is left, one query at a time, and many waiting orders share one fetch', async () => {
    const { repo, calls } = fakeSequence(5);
    const numbers = new OrderNumbers(repo);
    // 50 orders at once on an empty pool: one query serves them all.
    const first = await Promise.all(Array.from({ length: 50 }, () => numbers.next()));
    expect(calls).toEqual([200]);
    expect(new Set(first).size).toBe(50);
    // Down to 99 left: the next block is fetched in the background; the order that crossed the half does not wait for it.
    for (let i = 0; i < 51; i++) await numbers.next();
    expect(calls).toEqual([200, 200]);
    await new Promise((r) => setTimeout(r, 20));
    // Both blocks are in the pool: 299 more numbers need no further query before the pool falls under half again.
    for (let i = 0; i < 199; i++) await numbers.next();
    expect(calls).toEqual([200, 200]);
  });
});
