import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser } from './support/factories.js';
import { balanceOf, fundCash, runningBalanceMismatches, sleep } from './support/trading.js';
import { pruneIdempotencyKeys } from '../src/common/idempotency.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { pgPlainArray, pgTextArray } from '../src/ledger/pg-array.js';
import { OrdersRepository, type PlaceStatement } from '../src/orders/orders.repository.js';

let t: TestApp;

beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
  expect(await runningBalanceMismatches(t.ds)).toBe(0);
});

async function accounts(userId: string): Promise<{ cash: string; escrow: string }> {
  const ids = await t.app.get(LedgerService).userAccountIds(t.ds.manager, userId);
  return { cash: String(ids.cash), escrow: String(ids.escrow) };
}

interface Entry {
  key?: string | null;
  postings: [string, number][];
}

/** candor_post_entries with the entries' arrays built from a readable list. */
async function postEntries(
  entries: Entry[],
  skipShort: boolean,
  on: { query: (sql: string, params: unknown[]) => Promise<unknown> } = t.ds,
): Promise<{ out_ord: number; out_status: string; out_balances: string[] | null }[]> {
  const n = entries.length;
  return on.query(
    `SELECT out_ord, out_status, out_balances::text[] AS out_balances
       FROM candor_post_entries($1::varchar[], $2::uuid[], $3::varchar[], $4::varchar[], $5::varchar[], $6::text[], $7::int[], $8::bigint[], $9::bigint[], $10)`,
    [
      Array(n).fill('adjustment'),
      Array(n).fill(null),
      Array(n).fill('test'),
      entries.map((_, i) => String(i)),
      entries.map((e) => e.key ?? null),
      Array(n).fill(null),
      entries.map((e) => e.postings.length),
      entries.flatMap((e) => e.postings.map((p) => p[0])),
      entries.flatMap((e) => e.postings.map((p) => p[1])),
      skipShort,
    ],
  ) as Promise<{ out_ord: number; out_status: string; out_balances: string[] | null }[]>;
}

describe('candor_post_entries (the ledger batch function)', () => {
  it('without skip, writes its journal entries before it waits for a platform account, so the house row is held for less', async () => {
    const u = await createUser(t);
    await fundCash(t, u.id, 100);
    const { cash } = await accounts(u.id);
    const house = await t.app.get(LedgerService).platformAccountId(t.ds.manager, 'house');
    const holder = t.ds.createQueryRunner();
    const poster = t.ds.createQueryRunner();
    try {
      await holder.startTransaction();
      await holder.query(`SELECT id FROM ledger_accounts WHERE id = $1 FOR UPDATE`, [house]);
      const [{ pid }] = await poster.query(`SELECT pg_backend_pid() AS pid`);
      await poster.startTransaction();
      const posting = postEntries(
        [
          {
            key: `lock-later-${randomUUID()}`,
            postings: [
              [cash, -5],
              [house, 5],
            ],
          },
        ],
        false,
        poster,
      );
      // The call waits for the house row; by then it has written its entry (its insert holds journal_entries).
      let state: { waiting: boolean | null; wrote: boolean | null } = { waiting: null, wrote: null };
      for (let i = 0; i < 200 && !state.waiting; i++) {
        await sleep(10);
        [state] = await t.ds.query(
          `SELECT bool_or(NOT granted) AS waiting,
                  bool_or(granted AND relation = 'journal_entries'::regclass AND mode = 'RowExclusiveLock') AS wrote
             FROM pg_locks WHERE pid = $1`,
          [pid],
        );
      }
      expect(state).toEqual({ waiting: true, wrote: true });
      await holder.rollbackTransaction();
      expect((await posting).map((r) => r.out_status)).toEqual(['posted']);
      await poster.commitTransaction();
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      if (poster.isTransactionActive) await poster.rollbackTransaction();
      await holder.release();
      await poster.release();
    }
    expect(await balanceOf(t, u.id, 'cash')).toBe(95);
  });

  it('applies entries in order on running balances, skips one that would overdraw, and skips repeated unique keys', async () => {
    const u = await createUser(t);
    await fundCash(t, u.id, 1_000);
    const { cash, escrow } = await accounts(u.id);
    const key = `batch-test-${randomUUID()}`;
    const rows = await postEntries(
      [
        {
          key,
          postings: [
            [cash, -600],
            [escrow, 600],
          ],
        },
        {
          postings: [
            [cash, -600],
            [escrow, 600],
          ],
        }, // only 400 left: refused alone
        {
          postings: [
            [cash, -400],
            [escrow, 400],
          ],
        },
        {
          key,
          postings: [
            [escrow, -1],
            [cash, 1],
          ],
        }, // same key as the first: skipped
      ],
      true,
    );
    expect(rows.map((r) => r.out_status)).toEqual(['posted', 'short', 'posted', 'duplicate']);
    expect(rows[0]!.out_balances).toEqual(['400', '600']);
    expect(rows[2]!.out_balances).toEqual(['0', '1000']);
    expect([await balanceOf(t, u.id, 'cash'), await balanceOf(t, u.id, 'escrow')]).toEqual([0, 1_000]);
    // The key is taken now, by a committed entry.
    expect(
      (
        await postEntries(
          [
            {
              key,
              postings: [
                [escrow, -1],
                [cash, 1],
              ],
            },
          ],
          true,
        )
      ).map((r) => r.out_status),
    ).toEqual(['duplicate']);
  });

  it('without skip, a short entry fails the whole call with CD001 and writes nothing', async () => {
    const u = await createUser(t);
    await fundCash(t, u.id, 500);
    const { cash, escrow } = await accounts(u.id);
    const [{ n: before }] = await t.ds.query(`SELECT count(*)::int AS n FROM postings`);
    await expect(
      postEntries(
        [
          {
            postings: [
              [cash, -100],
              [escrow, 100],
            ],
          },
          {
            postings: [
              [cash, -500],
              [escrow, 500],
            ],
          },
        ],
        false,
      ),
    ).rejects.toMatchObject({
      code: 'CD001',
    });
    const [{ n: after }] = await t.ds.query(`SELECT count(*)::int AS n FROM postings`);
    expect(after).toBe(before);
    expect(await balanceOf(t, u.id, 'cash')).toBe(500);
  });

  it.each<[string, Entry[], RegExp]>([
    [
      'an unbalanced entry',
      [
        {
          postings: [
            ['CASH', -100],
            ['ESCROW', 99],
          ],
        },
      ],
      /does not balance/,
    ],
    [
      'a zero posting',
      [
        {
          postings: [
            ['CASH', 0],
            ['ESCROW', 0],
          ],
        },
      ],
      /zero posting/,
    ],
    ['a single posting', [{ postings: [['CASH', -100]] }], /two or more postings/],
    [
      'an unknown account',
      [
        {
          postings: [
            ['CASH', -100],
            ['999999999', 100],
          ],
        },
      ],
      /unknown ledger account/,
    ],
  ])('refuses %s', async (_name, entries, message) => {
    const u = await createUser(t);
    await fundCash(t, u.id, 500);
    const { cash, escrow } = await accounts(u.id);
    const real = entries.map((e) => ({
      ...e,
      postings: e.postings.map(([a, v]) => [a === 'CASH' ? cash : a === 'ESCROW' ? escrow : a, v] as [string, number]),
    }));
    // Both paths of the function: with skip, and without (which writes the entries before it locks the platform accounts).
    for (const skip of [true, false]) await expect(postEntries(real, skip)).rejects.toThrow(message);
    expect(await balanceOf(t, u.id, 'cash')).toBe(500);
  });

  it('without skip, posts an entry between platform accounts only, and one between a user and a platform account', async () => {
    const u = await createUser(t);
    await fundCash(t, u.id, 500);
    const { cash } = await accounts(u.id);
    const ledger = t.app.get(LedgerService);
    const [house, clearing] = await Promise.all([ledger.platformAccountId(t.ds.manager, 'house'), ledger.platformAccountId(t.ds.manager, 'deposits_clearing')]);
    const balance = async (id: string) => Number((await t.ds.query(`SELECT balance FROM ledger_accounts WHERE id = $1`, [id]))[0].balance);
    const [houseBefore, clearingBefore] = [await balance(house), await balance(clearing)];
    const rows = await postEntries(
      [
        {
          key: `platform-only-${randomUUID()}`,
          postings: [
            [clearing, -70],
            [house, 70],
          ],
        },
        {
          key: `user-platform-${randomUUID()}`,
          postings: [
            [cash, -30],
            [house, 30],
          ],
        },
      ],
      false,
    );
    expect(rows.map((r) => r.out_status)).toEqual(['posted', 'posted']);
    expect(rows.map((r) => r.out_balances)).toEqual([
      [String(clearingBefore - 70), String(houseBefore + 70)],
      ['470', String(houseBefore + 100)],
    ]);
    expect([await balance(clearing), await balance(house)]).toEqual([clearingBefore - 70, houseBefore + 100]);
    expect(await balanceOf(t, u.id, 'cash')).toBe(470);
  });
});

describe('array literals for the batch function (pg-array)', () => {
  it('reach Postgres as the same values', async () => {
    const texts = ['order', null, '', 'NULL', 'a,b', '{x}', ' sp ', 'say "hi"', 'back\\slash', '\\"', 'ünï ✓', 'settle:00000000-0000-4000-8000-000000000001'];
    const ids = [randomUUID(), null, randomUUID()];
    const ints = [0, -1, 9007199254740991, 42];
    const [row] = await t.ds.query(`SELECT $1::text[] AS texts, $2::uuid[]::text[] AS ids, $3::bigint[]::text[] AS ints`, [
      pgTextArray(texts),
      pgPlainArray(ids),
      pgPlainArray(ints),
    ]);
    expect(row.texts).toEqual(texts);
    expect(row.ids).toEqual(ids);
    expect(row.ints).toEqual(ints.map(String));
  });
});

describe("LedgerService.postBatch (settlement's path to the batch function)", () => {
  it('answers null for an already-posted key, and refuses an overdraft as INSUFFICIENT_BALANCE with nothing written', async () => {
    const ledger = t.app.get(LedgerService);
    const u = await createUser(t);
    await fundCash(t, u.id, 1_000);
    const { cash, escrow } = await accounts(u.id);
    const key = `post-batch-${randomUUID()}`;
    const entry = (uniqueKey: string, amount: number) => ({
      type: 'adjustment' as const,
      userId: u.id,
      refType: 'test',
      refId: uniqueKey,
      uniqueKey,
      postings: [
        { accountId: cash, amount: -amount },
        { accountId: escrow, amount },
      ],
    });
    const first = await ledger.transaction((em) => ledger.postBatch(em, [entry(key, 300), entry(`${key}-b`, 200)]));
    expect(first.map((p) => p !== null)).toEqual([true, true]);
    const again = await ledger.transaction((em) => ledger.postBatch(em, [entry(key, 300), entry(`${key}-c`, 100)]));
    expect(again.map((p) => p !== null)).toEqual([false, true]);
    await expect(ledger.transaction((em) => ledger.postBatch(em, [entry(`${key}-d`, 100), entry(`${key}-e`, 1_000)]))).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    expect([await balanceOf(t, u.id, 'cash'), await balanceOf(t, u.id, 'escrow')]).toEqual([400, 600]);
  });
});

describe('OrdersRepository.placeBatch', () => {
  function statement(userId: string, acc: { cash: string; escrow: string }, amountCents: number, key: string | null): PlaceStatement {
    const id = randomUUID();
    return {
      order: {
        id,
        orderNo: `T${Date.now()}${Math.floor(Math.random() * 1e6)}`,
        userId,
        account: 'real',
        symbol: 'BTCUSDT',
        direction: 'up',
        amountCents,
        durationSeconds: 60,
        payoutRate: '0.85',
        openPrice: '100.00',
        openTickSeq: '1',
        openedAt: new Date(),
        expiresAt: new Date(Date.now() + 60_000),
        precision: 2,
        priceVenues: [{ venue: 'binance', symbol: 'BTCUSDT' }],
      },
      from: acc.cash,
      to: acc.escrow,
      claim: key === null ? null : { subjectId: userId, key, scope: 'POST /api/orders', requestHash: 'a'.repeat(64), status: 201, response: { id } },
    };
  }

  it('places each order on its own: running balances per user, a short one refused alone, a committed key answered as taken', async () => {
    const repo = t.app.get(OrdersRepository);
    const a = await createUser(t);
    const b = await createUser(t);
    await fundCash(t, a.id, 1_500);
    await fundCash(t, b.id, 2_000);
    const accA = await accounts(a.id);
    const accB = await accounts(b.id);
    const earlier = statement(b.id, accB, 100, 'taken-key');
    expect(await repo.placeBatch([earlier])).toEqual([{ status: 'placed', balances: expect.objectContaining({ cash: '1900', escrow: '100' }) }]);

    const batch = [
      statement(a.id, accA, 1_000, 'k1'),
      statement(b.id, accB, 500, null),
      statement(a.id, accA, 1_000, 'k2'), // 500 left: short
      statement(b.id, accB, 100, 'taken-key'),
      statement(a.id, accA, 500, 'k3'),
    ];
    const results = await repo.placeBatch(batch);
    expect(results.map((r) => r.status)).toEqual(['placed', 'placed', 'short', 'key_taken', 'placed']);
    expect(results[0]).toMatchObject({ balances: { cash: '500', escrow: '1000' } });
    expect(results[1]).toMatchObject({ balances: { cash: '1400', escrow: '600' } });
    expect(results[4]).toMatchObject({ balances: { cash: '0', escrow: '1500' } });

    const placed = await t.ds.query(`SELECT id FROM orders WHERE user_id = ANY($1::uuid[]) ORDER BY id`, [[a.id, b.id]]);
    expect(placed.map((r: { id: string }) => r.id).sort()).toEqual([earlier, batch[0]!, batch[1]!, batch[4]!].map((s) => s.order.id).sort());
    const keys = await t.ds.query(`SELECT key FROM idempotency_keys WHERE subject_id = ANY($1::uuid[]) ORDER BY key`, [[a.id, b.id]]);
    expect(keys.map((k: { key: string }) => k.key)).toEqual(['k1', 'k3', 'taken-key']);
    const stakes = await t.ds.query(`SELECT ref_id FROM journal_entries WHERE type = 'order_stake' AND user_id = ANY($1::uuid[])`, [[a.id, b.id]]);
    expect(stakes).toHaveLength(4);
  });

  it('a statement that fails writes nothing for any order of the batch', async () => {
    const repo = t.app.get(OrdersRepository);
    const u = await createUser(t);
    await fundCash(t, u.id, 1_000);
    const acc = await accounts(u.id);
    const ok = statement(u.id, acc, 100, 'fine');
    const bad = { ...statement(u.id, acc, 100, 'other'), to: '999999999' }; // no such account
    await expect(repo.placeBatch([ok, bad])).rejects.toThrow();
    expect(await t.ds.query(`SELECT id FROM orders WHERE user_id = $1`, [u.id])).toEqual([]);
    expect(await t.ds.query(`SELECT key FROM idempotency_keys WHERE subject_id = $1`, [u.id])).toEqual([]);
    expect(await balanceOf(t, u.id, 'cash')).toBe(1_000);
  });
});

describe('idempotency keys are kept for a day', () => {
  it('pruneIdempotencyKeys removes the keys stored before the cut-off, in chunks, and keeps the rest', async () => {
    const u = await createUser(t);
    const insert = (key: string, hoursAgo: number) =>
      t.ds.query(
        `INSERT INTO idempotency_keys (subject_id, key, scope, request_hash, status_code, response, created_at)
         VALUES ($1, $2, 'POST /api/orders', $3, 201, '{}'::jsonb, now() - make_interval(hours => $4))`,
        [u.id, key, 'a'.repeat(64), hoursAgo],
      );
    for (let i = 0; i < 5; i++) await insert(`old-${i}`, 25 + i);
    await insert('fresh', 1);
    const removed = await pruneIdempotencyKeys(t.ds.manager, new Date(Date.now() - 24 * 3_600_000), 2);
    expect(removed).toBe(5); // every other key of the run is younger than a day
    const left = await t.ds.query(`SELECT key FROM idempotency_keys WHERE subject_id = $1`, [u.id]);
    expect(left).toEqual([{ key: 'fresh' }]);
  });
});
