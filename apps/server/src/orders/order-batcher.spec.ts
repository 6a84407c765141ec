import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../common/domain-error.js';
import type { AppConfig } from '../config/config.js';
import { OrderBatcher } from './order-batcher.js';
import { BatchNotWritten, type BatchPlaceResult, type OrdersRepository, type PlaceResult, type PlaceStatement } from './orders.repository.js';

function statement(n: number, userId = `u${n}`, key: string | null = `k${n}`): PlaceStatement {
  return {
    order: {
      id: `o${n}`,
      orderNo: `N${n}`,
      userId,
      account: 'real',
      symbol: 'BTCUSDT',
      direction: 'up',
      amountCents: 1000,
      durationSeconds: 60,
      payoutRate: '0.85',
      openPrice: '1.00',
      openTickSeq: '1',
      openedAt: new Date(0),
      expiresAt: new Date(60_000),
      precision: 2,
      priceVenues: [],
    },
    from: '1',
    to: '2',
    claim: key === null ? null : { subjectId: userId, key, scope: 'POST /api/orders', requestHash: 'h', status: 201, response: {} },
  };
}

/** A repository whose batch statement answers from `answer`, recording every call, and can be held open. */
class FakeRepo {
  batches: string[][] = [];
  singles: string[] = [];
  private gates: (() => void)[] = [];
  hold = false;
  constructor(
    private readonly answer: (s: PlaceStatement) => BatchPlaceResult = () => ({ status: 'placed', balances: { cash: '1' } }),
    private readonly batchError: Error | null = null,
  ) {}

  async placeBatch(batch: readonly PlaceStatement[]): Promise<BatchPlaceResult[]> {
    this.batches.push(batch.map((s) => s.order.id));
    if (this.hold) await new Promise<void>((r) => this.gates.push(r));
    if (this.batchError) throw this.batchError;
    return batch.map(this.answer);
  }

  async place(s: PlaceStatement): Promise<PlaceResult> {
    this.singles.push(s.order.id);
    if (s.order.id === 'o-short') throw new DomainError('INSUFFICIENT_BALANCE', 'amount');
    return { placed: s.order.id !== 'o-taken', balances: { cash: 'single' } };
  }

  release(): void {
    this.hold = false;
    for (const g of this.gates.splice(0)) g();
  }
}

function batcher(repo: FakeRepo, parallel = 2, max = 200, waitMs = 0): OrderBatcher {
  const config = { ORDER_BATCH_PARALLEL: parallel, ORDER_BATCH_MAX: max, ORDER_BATCH_WAIT_MS: waitMs } as AppConfig;
  return new OrderBatcher(repo as unknown as OrdersRepository, config);
}

const tick = () => new Promise<void>((r) => setImmediate(r));

describe('OrderBatcher', () => {
  it('sends the orders of one turn of the event loop as one batch, each with its own answer', async () => {
    const repo = new FakeRepo((s) =>
      s.order.id === 'o2' ? { status: 'short' } : s.order.id === 'o3' ? { status: 'key_taken' } : { status: 'placed', balances: { cash: s.order.id } },
    );
    const b = batcher(repo);
    const results = await Promise.allSettled([1, 2, 3].map((n) => b.place(statement(n))));
    expect(repo.batches).toEqual([['o1', 'o2', 'o3']]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: { placed: true, balances: { cash: 'o1' } } });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { code: 'INSUFFICIENT_BALANCE' } });
    expect(results[2]).toEqual({ status: 'fulfilled', value: { placed: false, balances: {} } });
    expect(repo.singles).toEqual([]);
  });

  it('keeps at most ORDER_BATCH_PARALLEL batches in the database; orders arriving meanwhile leave together', async () => {
    const repo = new FakeRepo();
    repo.hold = true;
    const b = batcher(repo, 1);
    const first = b.place(statement(1));
    await tick();
    await tick();
    expect(repo.batches).toEqual([['o1']]);
    const later = [2, 3, 4].map((n) => b.place(statement(n)));
    await tick();
    await tick();
    expect(repo.batches).toHaveLength(1); // still waiting for the first batch
    repo.release();
    await first;
    await tick();
    expect(repo.batches[1]).toEqual(['o2', 'o3', 'o4']);
    repo.release();
    await Promise.all(later);
  });

  it('sends the only batch at once, and a batch beside another after collecting for ORDER_BATCH_WAIT_MS', async () => {
    const repo = new FakeRepo();
    repo.hold = true;
    const b = batcher(repo, 2, 200, 40);
    const first = b.place(statement(1));
    await tick();
    await tick();
    expect(repo.batches).toEqual([['o1']]); // alone: on the next turn
    const second = b.place(statement(2));
    await tick();
    const third = b.place(statement(3));
    await tick();
    await tick();
    expect(repo.batches).toHaveLength(1); // beside o1: still collecting
    await new Promise((r) => setTimeout(r, 60));
    expect(repo.batches[1]).toEqual(['o2', 'o3']);
    repo.release();
    await Promise.all([first, second, third]);
    // Quiet again: the next order leaves at once, without the wait.
    const alone = b.place(statement(4));
    await tick();
    await tick();
    expect(repo.batches[2]).toEqual(['o4']);
    await alone;
  });

  it('cuts batches at ORDER_BATCH_MAX', async () => {
    const repo = new FakeRepo();
    const b = batcher(repo, 4, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => b.place(statement(n))));
    expect(repo.batches.map((x) => x.length)).toEqual([2, 2, 1]);
  });

  it('places the orders one by one when the batch fails as a whole, with their own results', async () => {
    const repo = new FakeRepo(undefined, new BatchNotWritten(new Error('duplicate key value violates unique constraint "idempotency_keys_pkey"')));
    const b = batcher(repo);
    const s1 = statement(1);
    const short = { ...statement(2), order: { ...statement(2).order, id: 'o-short' } };
    const taken = { ...statement(3), order: { ...statement(3).order, id: 'o-taken' } };
    const results = await Promise.allSettled([b.place(s1), b.place(short), b.place(taken)]);
    expect(repo.singles.sort()).toEqual(['o-short', 'o-taken', 'o1']);
    expect(results[0]).toEqual({ status: 'fulfilled', value: { placed: true, balances: { cash: 'single' } } });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { code: 'INSUFFICIENT_BALANCE' } });
    expect(results[2]).toEqual({ status: 'fulfilled', value: { placed: false, balances: { cash: 'single' } } });
    expect(b.stats.fallbacks).toBe(1);
  });

  it('never places again the orders of a batch that was written but answered inconsistently', async () => {
    const repo = new FakeRepo(undefined, new Error('placeBatch: 2 answers for 3 orders'));
    const b = batcher(repo);
    const results = await Promise.allSettled([1, 2, 3].map((n) => b.place(statement(n))));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(repo.singles).toEqual([]);
    expect(b.stats.fallbacks).toBe(0);
  });

  it('places a repeated (user, key) after the batch, on its own; orders without a key never clash', async () => {
    const repo = new FakeRepo();
    const b = batcher(repo);
    const a = statement(1, 'u', 'same');
    const again = { ...statement(2, 'u', 'same') };
    const otherUser = statement(3, 'v', 'same');
    const noKey1 = statement(4, 'u', null);
    const noKey2 = statement(5, 'u', null);
    await Promise.all([a, again, otherUser, noKey1, noKey2].map((s) => b.place(s)));
    expect(repo.batches).toEqual([['o1', 'o3', 'o4', 'o5']]);
    expect(repo.singles).toEqual(['o2']);
  });
});
