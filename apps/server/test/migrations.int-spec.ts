import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { openScratchDatabase, type ScratchDatabase } from './support/scratch-database.js';

/**
 * The settlement-burst migrations (OpenOrders, LedgerPostEntriesFixedWidth,
 * JournalEntriesRefIndexDropped, LedgerAccountsFillfactor, OpenOrdersByUser, PostingsBalancedPerStatement,
 * LedgerPostEntriesHouseLockLater) upgrade a database that already holds orders and ledger entries,
 * and go back down and up again. A database of its own, so reverting cannot disturb other tests.
 */
const NEW = ['OpenOrders1764100000000', 'LedgerPostEntriesFixedWidth1764100000001', 'JournalEntriesRefIndexDropped1764100000002'];
/** Migrations after them, undone first and checked here too. */
const LATER = [
  'LedgerAccountsFillfactor1764200000000',
  'OpenOrdersByUser1764300000000',
  'PostingsBalancedPerStatement1764400000000',
  'LedgerPostEntriesHouseLockLater1764400000001',
  'WithdrawalAccounts1764500000000',
  'Withdrawals1764600000000',
  'Deposits1764700000000',
  'Messages1764800000000',
  'OperatorAccounts1764900000000',
  'Earn1765000000000',
  'VenuePrices1765100000000',
  'UserDisabled1765200000000',
  'EarnOutPartsByUser1765200000001',
  'EarnBatchStatistics1765300000000',
  'CatalogueChanges1765400000000',
  'MailAndRecovery1765500000000',
  'PhonesInternational1765500000001',
  'FourEyes1765500000002',
  'Verification1765600000000',
  'Content1765700000000',
  'Watchlist1765800000040',
  'MessagesWithdrawn1765800000060',
  'DepositReferenceLonger1765800000480',
  'PriceAlerts1765800000490',
  'ReviewHistoryIndexes1765800000493',
  'UserAvatars1765800000720',
  'LoginEvents1765900000700',
  'SupportChat1766000000100',
  'UserTotp1766000000200',
  'PushSubscriptions1766000000300',
  'DashboardIndexes1766000000400',
  'Liabilities1766000000500',
  'ResponsibleLimits1766000000600',
  'ReceiptChecks1766000000700',
  'BlockedCountries1766000000800',
];
const undoThrough = (name: string): Promise<void> => scratch.undoThrough(name);
/** open_orders rows whose expiry, symbol and user are their order's. */
const listedOrders = async (): Promise<{ order_id: string; expires_at: Date; symbol: string }[]> =>
  ds.query(`SELECT q.order_id, q.expires_at, q.symbol FROM open_orders q
              JOIN orders o ON o.id = q.order_id AND o.expires_at = q.expires_at AND o.symbol = q.symbol AND o.user_id = q.user_id
             WHERE q.turn = candor_settle_turn(o.user_id, o.expires_at)`);
const openOrdersKey = async (): Promise<string> =>
  (await ds.query(`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'open_orders_pkey'`))[0]?.def;
const fillfactor = async (table: string): Promise<string[] | null> =>
  (await ds.query(`SELECT reloptions FROM pg_class WHERE relname = $1`, [table]))[0]?.reloptions ?? null;
/** The histogram size of a table's user_id column (-1: the server's default). */
const userIdStatistics = async (table: string): Promise<number> =>
  (await ds.query(`SELECT coalesce(attstattarget, -1)::int AS t FROM pg_attribute WHERE attrelid = $1::regclass AND attname = 'user_id'`, [table]))[0]?.t;
const EARN_BATCHED = ['earn_holders', 'earn_transfers', 'earn_out_parts'];
/** Whether the postings trigger checks balance from the statement's own rows (PostingsBalancedPerStatement). */
const balancePerStatement = async (): Promise<boolean> =>
  /GROUP BY r\.entry_id/.test((await ds.query(`SELECT pg_get_functiondef('candor_postings_balanced'::regproc) AS def`))[0].def);
/**
 * In a transaction that is rolled back: an entry gets a balanced pair, a second statement adds a balanced
 * pair to it (accepted), a third a single posting. Returns what the database answered to the third.
 */
const laterPostingUnbalances = async (a: string, b: string): Promise<string> => {
  const c = await ds.createQueryRunner();
  await c.startTransaction();
  try {
    const [e] = await c.query(`INSERT INTO journal_entries (entry_no, type) VALUES ('TMIG' || substr(md5(random()::text), 1, 16), 'adjustment') RETURNING id`);
    const pair = `INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES ($1, $2, 5, 5), ($1, $3, -5, -5)`;
    await c.query(pair, [e.id, a, b]);
    await c.query(pair, [e.id, b, a]);
    return await c.query(`INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES ($1, $2, 5, 5)`, [e.id, a]).then(
      () => 'accepted',
      (err: Error) => err.message,
    );
  } finally {
    await c.rollbackTransaction();
    await c.release();
  }
};
let scratch: ScratchDatabase;
let ds: DataSource;
const indexes = async (): Promise<Record<string, string>> => {
  const rows: { indexname: string; indexdef: string }[] = await ds.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('orders', 'journal_entries') ORDER BY 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.indexname, r.indexdef]));
};
/** candor_post_entries: two entries on the same two accounts, the second one's key posted before. */
const postTwo = async (cash: string, house: string, keys: [string, string]) =>
  (await ds.query(
    `SELECT out_ord, out_status, out_entry_no, out_balances::text[] AS out_balances
       FROM candor_post_entries($1::varchar[], $2::uuid[], $3::varchar[], $4::varchar[], $5::varchar[], $6::text[], $7::int[], $8::bigint[], $9::bigint[], false)`,
    [['adjustment', 'adjustment'], [null, null], ['test', 'test'], ['1', '2'], keys, [null, null], [2, 2], [house, cash, house, cash], [-300, 300, -200, 200]],
  )) as { out_ord: number; out_status: string; out_entry_no: string | null; out_balances: string[] | null }[];

beforeAll(async () => {
  scratch = await openScratchDatabase('mig');
  ds = scratch.ds;
});
afterAll(async () => {
  await scratch?.drop();
});

describe('settlement-burst migrations', () => {
  it('upgrade a database holding open and settled orders and ledger entries, and revert and re-apply cleanly', async () => {
    expect(await fillfactor('ledger_accounts')).toEqual(['fillfactor=50']);
    for (let i = 0; i < LATER.length + NEW.length; i++) await ds.undoLastMigration();
    expect(await fillfactor('ledger_accounts')).toBeNull();
    const applied: { name: string }[] = await ds.query(`SELECT name FROM migrations`);
    expect(applied.map((m) => m.name)).not.toEqual(expect.arrayContaining([NEW[0]]));
    const before = await indexes();
    expect(before).toHaveProperty('orders_open_expiry');
    expect(before).toHaveProperty('journal_entries_ref');
    const [{ table }] = await ds.query(`SELECT to_regclass('open_orders')::text AS table`);
    expect(table).toBeNull();

    // Data on the old schema: a user with a cash account, a house account, entries through the old function, orders.
    const [user] = await ds.query(
      `INSERT INTO users (email, phone, nickname, password_hash, trade_password_hash, invite_code, registration_code)
       VALUES ('mig@example.com', '+15550000001', 'mig', '!', '!', 'MIG1', 'X') RETURNING id`,
    );
    const [cash] = await ds.query(`INSERT INTO ledger_accounts (user_id, kind) VALUES ($1, 'cash') RETURNING id`, [user.id]);
    const [house] = await ds.query(`INSERT INTO ledger_accounts (user_id, kind, allow_negative) VALUES (NULL, 'mig_house', true) RETURNING id`);
    const old = await postTwo(String(cash.id), String(house.id), ['mig:1', 'mig:2']);
    expect(old.map((r) => r.out_status)).toEqual(['posted', 'posted']);
    const s = Math.floor(Date.now() / 1000) + 3600;
    await ds.query(
      `INSERT INTO orders (id, order_no, user_id, account, symbol, direction, amount, duration_seconds, payout_rate, open_price, open_tick_seq, opened_at, expires_at, status)
       SELECT gen_random_uuid(), 'OMIG' || g, $1, 'real', CASE WHEN g % 2 = 0 THEN 'AAA' ELSE 'BBB' END, 'up', 100, 60, 0.85, 10, 1,
              to_timestamp($2) - interval '60 seconds', to_timestamp($2 + g % 3), 'open'
         FROM generate_series(1, 12) AS g`,
      [user.id, s],
    );
    // One settled order too: it must not be listed as open.
    await ds.query(
      `INSERT INTO orders (id, order_no, user_id, account, symbol, direction, amount, duration_seconds, payout_rate, open_price, open_tick_seq, opened_at, expires_at,
                           status, close_price, close_tick_seq, closed_at, outcome, payout, pnl, settled_at)
       VALUES (gen_random_uuid(), 'OMIGS', $1, 'real', 'AAA', 'up', 100, 60, 0.85, 10, 1, to_timestamp($2) - interval '60 seconds', to_timestamp($2),
               'settled', 11, 2, to_timestamp($2) - interval '1 second', 'win', 185, 85, to_timestamp($2))`,
      [user.id, s],
    );

    await ds.runMigrations();
    const after = await indexes();
    expect(after).not.toHaveProperty('orders_open_expiry');
    expect(after).not.toHaveProperty('journal_entries_ref');
    // No orders index names a column settlement changes, and orders' pages keep room for settled versions.
    for (const def of Object.values(after)) expect(def).not.toMatch(/status|settled_at|outcome|close_/);
    expect(await fillfactor('orders')).toEqual(['fillfactor=40']);
    // ledger_accounts' pages keep room for updated balances.
    expect(await fillfactor('ledger_accounts')).toEqual(['fillfactor=50']);
    // open_orders holds exactly the orders that were open before it existed, one row each.
    // Settlement claims them by expiry, then turn and user (OpenOrdersByUser), and the users' turns
    // change from one second to the next.
    const turns: { s: number; u: string }[] = await ds.query(
      `SELECT s, u FROM generate_series(0, 1) AS s, (SELECT ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid AS u FROM generate_series(1, 20) g) x
        ORDER BY s, candor_settle_turn(u, to_timestamp(1764000000 + s)), u`,
    );
    const firstSecond = turns.filter((r) => r.s === 0).map((r) => r.u);
    const nextSecond = turns.filter((r) => r.s === 1).map((r) => r.u);
    expect(new Set(nextSecond)).toEqual(new Set(firstSecond));
    expect(nextSecond).not.toEqual(firstSecond);
    expect(await openOrdersKey()).toBe('PRIMARY KEY (expires_at, turn, user_id, order_id)');
    const listed = await listedOrders();
    const open: { id: string }[] = await ds.query(`SELECT id FROM orders WHERE status = 'open'`);
    expect(listed.map((r) => r.order_id).sort()).toEqual(open.map((r) => r.id).sort());
    expect(listed).toHaveLength(12);
    expect(new Set(listed.map((r) => `${r.expires_at.toISOString()} ${r.symbol}`)).size).toBe(6);
    // An order inserted open from now on is listed by the same statement, a settled one is not.
    await ds.query(
      `INSERT INTO orders (id, order_no, user_id, account, symbol, direction, amount, duration_seconds, payout_rate, open_price, open_tick_seq, opened_at, expires_at, status)
       SELECT gen_random_uuid(), 'ONEW' || g, $1, 'real', 'CCC', 'down', 100, 60, 0.85, 10, 1, to_timestamp($2) - interval '60 seconds', to_timestamp($2), 'open'
         FROM generate_series(1, 3) AS g`,
      [user.id, s],
    );
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM open_orders WHERE symbol = 'CCC'`);
    expect(n).toBe(3);
    expect(await listedOrders()).toHaveLength(15);

    // The new function on the old data: the running balance continues from the old entries (300 + 200),
    // a posted key is skipped as a duplicate, and entry numbers keep their format.
    const fresh = await postTwo(String(cash.id), String(house.id), ['mig:3', 'mig:2']);
    expect(fresh.map((r) => [r.out_ord, r.out_status, r.out_balances])).toEqual([
      [1, 'posted', ['-800', '800']],
      [2, 'duplicate', null],
    ]);
    expect(fresh[0]!.out_entry_no).toMatch(/^J\d{8}\d{10}$/);
    expect(fresh[1]!.out_entry_no).toBeNull();
    const [bal] = await ds.query(`SELECT balance::text FROM ledger_accounts WHERE id = $1`, [cash.id]);
    expect(bal.balance).toBe('800');

    // LedgerPostEntriesHouseLockLater alone down and up (the migrations after it, which leave the ledger
    // functions alone, are undone first): the function it replaces posts on the same running balances,
    // and so does it again.
    const lockLater = async () =>
      /user_id IS NOT NULL ORDER BY a\.id FOR UPDATE/.test((await ds.query(`SELECT pg_get_functiondef('candor_post_entries'::regproc) AS def`))[0].def);
    expect(await lockLater()).toBe(true);
    await undoThrough('LedgerPostEntriesHouseLockLater1764400000001');
    expect(await lockLater()).toBe(false);
    expect((await postTwo(String(cash.id), String(house.id), ['mig:4', 'mig:1'])).map((r) => [r.out_status, r.out_balances])).toEqual([
      ['posted', ['-1100', '1100']],
      ['duplicate', null],
    ]);
    await ds.runMigrations();
    expect(await lockLater()).toBe(true);
    expect((await postTwo(String(cash.id), String(house.id), ['mig:5', 'mig:4'])).map((r) => [r.out_status, r.out_balances])).toEqual([
      ['posted', ['-1400', '1400']],
      ['duplicate', null],
    ]);

    // PostingsBalancedPerStatement (with the one after it) down and up: either check refuses an entry that a
    // later statement unbalances, and accepts a later balanced pair.
    await undoThrough('LedgerPostEntriesHouseLockLater1764400000001');
    expect(await balancePerStatement()).toBe(true);
    expect(await laterPostingUnbalances(String(cash.id), String(house.id))).toMatch(/journal entry \d+ does not balance/);
    await undoThrough('PostingsBalancedPerStatement1764400000000');
    expect(await balancePerStatement()).toBe(false);
    expect(await laterPostingUnbalances(String(cash.id), String(house.id))).toMatch(/journal entry \d+ does not balance/);
    await ds.runMigrations();
    expect(await balancePerStatement()).toBe(true);

    // OpenOrdersByUser (with the ones after it) down and up again: every open order stays listed.
    await undoThrough('OpenOrdersByUser1764300000000');
    expect(await openOrdersKey()).toBe('PRIMARY KEY (expires_at, symbol, order_id)');
    const [{ kept }] = await ds.query(`SELECT count(*)::int AS kept FROM open_orders`);
    expect(kept).toBe(15);
    await ds.runMigrations();
    expect(await listedOrders()).toHaveLength(15);

    // Down and up again with the data in place.
    for (let i = 0; i < LATER.length + NEW.length; i++) await ds.undoLastMigration();
    expect(await indexes()).toHaveProperty('orders_open_expiry');
    await ds.runMigrations();
    expect(await indexes()).not.toHaveProperty('orders_open_expiry');
    expect(await listedOrders()).toHaveLength(15);
    expect(await openOrdersKey()).toBe('PRIMARY KEY (expires_at, turn, user_id, order_id)');
    const last: { name: string }[] = await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT $1`, [NEW.length + LATER.length]);
    expect(last.map((m) => m.name).reverse()).toEqual([...NEW, ...LATER]);
    expect(await fillfactor('ledger_accounts')).toEqual(['fillfactor=50']);
    expect(await balancePerStatement()).toBe(true);

    // EarnBatchStatistics: the columns the cut-off job batches by get the largest histogram, and back.
    for (const t of EARN_BATCHED) expect(await userIdStatistics(t)).toBe(10000);
    await undoThrough('EarnBatchStatistics1765300000000');
    for (const t of EARN_BATCHED) expect(await userIdStatistics(t)).toBe(-1);
    await ds.runMigrations();
    for (const t of EARN_BATCHED) expect(await userIdStatistics(t)).toBe(10000);
  });
});

describe('EarnBatchStatistics', () => {
  /** Postgres's estimate of the holders with user ids in (lo, hi], after a fresh ANALYZE. */
  const estimate = async (lo: string, hi: string): Promise<number> => {
    await ds.query(`ANALYZE earn_holders`);
    const [row] = await ds.query(`EXPLAIN (FORMAT JSON) SELECT * FROM earn_holders WHERE user_id > '${lo}'::uuid AND user_id <= '${hi}'::uuid`);
    return row['QUERY PLAN'][0].Plan['Plan Rows'];
  };

  it('lets Postgres estimate a batch that lies inside one bucket of the default histogram, which it puts at one row', async () => {
    await ds.query(
      `INSERT INTO users (email, phone, nickname, password_hash, trade_password_hash, invite_code, registration_code)
       SELECT 'hist' || i || '@example.com', '+1777' || lpad(i::text, 9, '0'), 'hist' || i, '!', '!', 'HS' || i, 'TEST'
         FROM generate_series(1, 20000) AS i`,
    );
    await ds.query(`INSERT INTO earn_holders (user_id, created_at) SELECT id, now() FROM users WHERE invite_code LIKE 'HS%'`);

    // With the default histogram (100 buckets of about 200 holders here): 100 holders inside one bucket.
    await undoThrough('EarnBatchStatistics1765300000000');
    await ds.query(`ANALYZE earn_holders`);
    const [{ bounds }] = await ds.query(
      `SELECT histogram_bounds::text::uuid[]::text[] AS bounds FROM pg_stats WHERE tablename = 'earn_holders' AND attname = 'user_id'`,
    );
    const inBucket: { user_id: string }[] = await ds.query(
      `SELECT user_id FROM earn_holders WHERE user_id > $1::uuid AND user_id < $2::uuid ORDER BY user_id`,
      [bounds[50], bounds[51]],
    );
    expect(inBucket.length).toBeGreaterThan(120);
    const lo = inBucket[10]!.user_id;
    const hi = inBucket[110]!.user_id;
    expect(await estimate(lo, hi)).toBeLessThan(10);

    await ds.runMigrations();
    const estimated = await estimate(lo, hi);
    expect(estimated).toBeGreaterThan(50);
    expect(estimated).toBeLessThan(200);
  });
});
