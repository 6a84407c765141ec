import { Injectable } from '@nestjs/common';
import { OrdersRepository } from './orders.repository.js';

const BLOCK = 200;

/**
 * Human order numbers (`O` + UTC date + 10 digits from `order_no_seq`), handed out from a block of
 * sequence values fetched in one round trip (the next block while half of the current one is left), so
 * placing an order needs no extra query for its number
 * and its whole answer is known before the single statement that stores it. Numbers are unique
 * (a sequence never repeats a value); they are increasing per api instance, not across instances.
 */
@Injectable()
export class OrderNumbers {
  private pool: string[] = [];
  private refill: Promise<void> | null = null;

  constructor(private readonly repo: OrdersRepository) {}

  async next(now = new Date()): Promise<string> {
    while (this.pool.length === 0) await this.startRefill();
    const n = this.pool.shift()!;
    // The next block is fetched while half of this one is left, so an order rarely waits for it.
    if (this.pool.length < BLOCK / 2) this.startRefill().catch(() => undefined);
    return format(now, n);
  }

  private startRefill(): Promise<void> {
    this.refill ??= this.fetch().finally(() => (this.refill = null));
    return this.refill;
  }

  private async fetch(): Promise<void> {
    const numbers = await this.repo.nextOrderNumbers(BLOCK);
    this.pool.push(...numbers.sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)));
  }
}

export function format(now: Date, n: string): string {
  const d = now.toISOString();
  return `O${d.slice(0, 4)}${d.slice(5, 7)}${d.slice(8, 10)}${n.padStart(10, '0')}`;
}
