import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Direction, PriceRule, TickSource } from '@candor/domain';
import type { DataSource, EntityManager } from 'typeorm';
import { rethrowLedgerError } from '../database/errors.js';
import { pgPlainArray, pgTextArray } from '../ledger/pg-array.js';
import { ORDER_COLUMNS, type OrderRow } from './order-view.js';
import { pgPool } from '../database/pg-pool.js';

export interface NewOrder {
  id: string;
  userId: string;
  account: 'real' | 'demo';
  symbol: string;
  direction: Direction;
  amountCents: number;
  durationSeconds: number;
  payoutRate: string;
  openPrice: string;
  openTickSeq: string;
  openedAt: Date;
  expiresAt: Date;
  /** The product's price decimals and exchange markets it opens under (its outcome is decided under them). */
  precision: number;
  priceVenues: { venue: string; symbol: string }[];
}

export interface PlaceStatement {
  order: NewOrder & { orderNo: string };
  /** The two ledger accounts of the stake: debited (cash or demo) and credited (escrow or demo_escrow). */
  from: string;
  to: string;
  /** Idempotency key and the answer to keep with it, stored by the same statement. */
  claim: { subjectId: string; key: string; scope: string; requestHash: string; status: number; response: unknown } | null;
}
export interface PlaceResult {
  /** False when the idempotency key was already taken (nothing was written). */
  placed: boolean;
  /** The user's balances by account kind, the two stake accounts as they stand after the stake. */
  balances: Record<string, string>;
}

/** One order of a batch: placed (with the user's balances after it), or its key already taken, or refused for the balance. */
export type BatchPlaceResult = { status: 'placed'; balances: Record<string, string> } | { status: 'key_taken' } | { status: 'short' };

/** placeBatch's columns of uuids and integers (id, user, amount, duration, open tick, from, to, status code); the others are text. */
const PLAIN_COLUMNS = new Set([0, 2, 6, 7, 10, 13, 14, 18, 20]);
/** placeBatch's number of columns. */
const BATCH_COLUMNS = 22;

/** The batch statement failed: it wrote nothing, so its orders may be placed again one by one. */
export class BatchNotWritten extends Error {
  constructor(cause: unknown) {
    super(`order batch not written: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

export interface ListQuery {
  status?: 'open' | 'settled' | 'voided';
  account?: 'real' | 'demo';
  limit: number;
  cursor?: string;
}

export interface TickWithBlock {
  seq: string;
  t: Date;
  price: string;
  block_second: string | null;
  block_hash: string | null;
  sources: TickSource[] | null;
  rule: PriceRule | null;
}

/** A halt of a product that held an order's expiry (market_halts). */
export interface HaltRow {
  reason: string;
  started_at: Date;
  ended_at: Date | null;
}

/** One group of the statistics statement: a day (1-based, width_bucket's) and a product; sums in cents as text. */
export interface StatisticsRow {
  day: number;
  symbol: string;
  orders: number;
  wins: number;
  losses: number;
  ties: number;
  staked: string;
  paid_out: string;
  net: string;
}

/**
 * A user's settled orders of one account that closed within the period, summed by day and product. The day is
 * width_bucket's over the period's local midnights ($3, N + 1 instants: 1 to N inside). The rows are found by
 * orders_user_created (user_id, created_at): $4/$5 bound created_at around the period, wide enough for every
 * order that closed in it (createdRangeFor in libs/domain). No index of its own: one on closed_at or settled_at
 * would name columns settlement writes and end its HOT updates (docs/internals.md, "Trade statistics").
 */
export const ORDER_STATISTICS_SQL = `
  SELECT width_bucket(o.closed_at, $3::timestamptz[]) AS day, o.symbol,
         count(*)::int AS orders,
         count(*) FILTER (WHERE o.outcome = 'win')::int AS wins,
         count(*) FILTER (WHERE o.outcome = 'loss')::int AS losses,
         count(*) FILTER (WHERE o.outcome = 'tie')::int AS ties,
         sum(o.amount)::text AS staked, sum(o.payout)::text AS paid_out, sum(o.pnl)::text AS net
    FROM orders o
   WHERE o.user_id = $1 AND o.account = $2 AND o.status = 'settled'
     AND o.created_at >= $4 AND o.created_at < $5
     AND o.closed_at >= ($3::timestamptz[])[1] AND o.closed_at < ($3::timestamptz[])[array_length($3::timestamptz[], 1)]
   GROUP BY 1, 2`;

/** TypeORM access for orders: SQL only, no rules. Every read is scoped by the user id. */
@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Places an order in ONE statement (one round trip, atomic on its own): the idempotency key with its
   * answer (when given), the stake entry through the ledger function candor_post_entry (guarded debit,
   * raises CD001 when the balance is short) and the order row, each step only when the previous one
   * happened. A key already taken by an earlier request makes it write nothing (`placed: false`).
   */
  async place(s: PlaceStatement): Promise<PlaceResult> {
    const q = placeQuery(s);
    const res = await pgPool(this.ds).query<PlaceRow>(q).catch(rethrowLedgerError);
    const r = res.rows[0]!;
    return { placed: r.placed === 1, balances: r.balances ?? {} };
  }

  /** The same statement in `em`'s transaction (after the responsible-trading checks that locked the user's limits). */
  async placeIn(em: EntityManager, s: PlaceStatement): Promise<PlaceResult> {
    const q = placeQuery(s);
    const rows: PlaceRow[] = await em.query(q.text, q.values).catch(rethrowLedgerError);
    const r = rows[0]!;
    return { placed: Number(r.placed) === 1, balances: r.balances ?? {} };
  }

  /**
   * Places a batch of orders in ONE statement and one commit, each all or nothing on its own: its stake
   * entry (candor_post_entries; an overdraft is skipped as 'short'), its order row and its idempotency key.
   * An order whose key is already committed writes nothing ('key_taken'); the (user, key) pairs of a batch
   * must differ. Any error fails the whole statement, which then wrote nothing: thrown as BatchNotWritten,
   * for the caller to place those orders one by one (docs/internals.md, "Order placement batching").
   */
  async placeBatch(batch: readonly PlaceStatement[]): Promise<BatchPlaceResult[]> {
    const n = batch.length;
    const cols: (string | number | null)[][] = Array.from({ length: BATCH_COLUMNS }, () => new Array<string | number | null>(n));
    for (let i = 0; i < n; i++) {
      const s = batch[i]!;
      const o = s.order;
      const values = [
        o.id,
        o.orderNo,
        o.userId,
        o.account,
        o.symbol,
        o.direction,
        o.amountCents,
        o.durationSeconds,
        o.payoutRate,
        o.openPrice,
        o.openTickSeq,
        o.openedAt.toISOString(),
        o.expiresAt.toISOString(),
        s.from,
        s.to,
        s.claim?.key ?? null,
        s.claim?.scope ?? null,
        s.claim?.requestHash ?? null,
        s.claim?.status ?? null,
        s.claim ? JSON.stringify(s.claim.response) : null,
        o.precision,
        JSON.stringify(o.priceVenues),
      ];
      for (let c = 0; c < BATCH_COLUMNS; c++) cols[c]![i] = values[c] ?? null;
    }
    // The columns go as array literals written by pg-array.ts (node-postgres' own conversion escapes element by element):
    // ids and integers unquoted, every other value a quoted string ($1::uuid[], $2::varchar[], ... cast them as before).
    const values = cols.map((col, c) => (PLAIN_COLUMNS.has(c) ? pgPlainArray(col) : pgTextArray(col as (string | null)[])));
    const text = `WITH x AS (
         SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::uuid[], $4::varchar[], $5::varchar[], $6::varchar[], $7::bigint[], $8::int[],
                              $9::numeric[], $10::numeric[], $11::bigint[], $12::timestamptz[], $13::timestamptz[], $14::bigint[], $15::bigint[],
                              $16::varchar[], $17::varchar[], $18::varchar[], $19::int[], $20::text[], $21::int[], $22::text[])
           WITH ORDINALITY AS x(id, order_no, user_id, account, symbol, direction, amount, duration_seconds, payout_rate, open_price,
                                open_tick_seq, opened_at, expires_at, from_acc, to_acc, key, scope, request_hash, status_code, response,
                                precision, price_venues, ord)),
       taken AS (SELECT x.ord FROM x JOIN idempotency_keys k ON k.subject_id = x.user_id AND k.key = x.key),
       go AS (SELECT x.*, row_number() OVER (ORDER BY x.ord)::int AS g FROM x WHERE x.ord NOT IN (SELECT ord FROM taken)),
       e AS (SELECT p.* FROM candor_post_entries(
               (SELECT array_agg('order_stake'::varchar ORDER BY g) FROM go),
               (SELECT array_agg(user_id ORDER BY g) FROM go),
               (SELECT array_agg('order'::varchar ORDER BY g) FROM go),
               (SELECT array_agg(id::varchar ORDER BY g) FROM go),
               (SELECT array_agg(('stake:' || id)::varchar ORDER BY g) FROM go),
               (SELECT array_agg(NULL::text ORDER BY g) FROM go),
               (SELECT array_agg(2 ORDER BY g) FROM go),
               (SELECT array_agg(v.acc ORDER BY go.g, v.i) FROM go, LATERAL (VALUES (1, go.from_acc), (2, go.to_acc)) v(i, acc)),
               (SELECT array_agg(v.amt ORDER BY go.g, v.i) FROM go, LATERAL (VALUES (1, -go.amount), (2, go.amount)) v(i, amt)),
               true) p),
       o AS (INSERT INTO orders (id, order_no, user_id, account, symbol, direction, amount, duration_seconds, payout_rate,
                                 open_price, open_tick_seq, opened_at, expires_at, status, precision, price_venues)
             SELECT go.id, go.order_no, go.user_id, go.account, go.symbol, go.direction, go.amount, go.duration_seconds, go.payout_rate,
                    go.open_price, go.open_tick_seq, go.opened_at, go.expires_at, 'open', go.precision, go.price_venues::jsonb
               FROM go JOIN e ON e.out_ord = go.g WHERE e.out_status = 'posted'
             RETURNING id),
       k AS (INSERT INTO idempotency_keys (subject_id, key, scope, request_hash, status_code, response)
             SELECT go.user_id, go.key, go.scope, go.request_hash, go.status_code, go.response::jsonb
               FROM go JOIN e ON e.out_ord = go.g WHERE e.out_status = 'posted' AND go.key IS NOT NULL
             RETURNING 1)
       SELECT CASE WHEN go.g IS NULL THEN 'key_taken' ELSE e.out_status END AS status,
              e.out_balances::text[] AS after,
              -- the statement's snapshot predates its own updates: the stake accounts come from e (per order, in batch order)
              CASE WHEN e.out_status = 'posted'
                   THEN (SELECT json_object_agg(a.kind, a.balance::text) FROM ledger_accounts a WHERE a.user_id = x.user_id) END AS snapshot,
              (SELECT count(*) FROM o)::int AS orders
         FROM x LEFT JOIN go ON go.ord = x.ord LEFT JOIN e ON e.out_ord = go.g
        ORDER BY x.ord`;
    const res = await pgPool(this.ds)
      .query<{ status: string; after: string[] | null; snapshot: Record<string, string> | null; orders: number }>({ name: 'candor-place-orders', text, values })
      .catch((e: unknown) => {
        throw new BatchNotWritten(e);
      });
    // From here on the batch is committed: an inconsistency below is a bug to report, never a reason to place the orders again.
    if (res.rows.length !== n) throw new Error(`placeBatch: ${res.rows.length} answers for ${n} orders`);
    const posted = res.rows.filter((r) => r.status === 'posted').length;
    if (n > 0 && res.rows[0]!.orders !== posted) throw new Error(`placeBatch: ${posted} stakes posted but ${res.rows[0]!.orders} orders stored`);
    // Balances as they stood after each order: the snapshot, then the stake accounts of the user's orders so far in this batch.
    const running = new Map<string, Record<string, string>>();
    return res.rows.map((r, i): BatchPlaceResult => {
      if (r.status === 'key_taken' || r.status === 'short') return { status: r.status };
      if (r.status !== 'posted' || !r.after || r.after.length !== 2) throw new Error(`placeBatch: order ${i} came back '${r.status}'`);
      const s = batch[i]!;
      const real = s.order.account === 'real';
      const balances = { ...(r.snapshot ?? {}), ...running.get(s.order.userId) };
      balances[real ? 'cash' : 'demo'] = r.after[0]!;
      balances[real ? 'escrow' : 'demo_escrow'] = r.after[1]!;
      running.set(s.order.userId, balances);
      return { status: 'placed', balances: { ...balances } };
    });
  }

  /** `count` fresh values of order_no_seq (as text), in one round trip. */
  async nextOrderNumbers(count: number): Promise<string[]> {
    const rows: { n: string }[] = await this.ds.query(`SELECT nextval('order_no_seq')::text AS n FROM generate_series(1, $1)`, [count]);
    return rows.map((r) => r.n);
  }

  async findForUser(userId: string, id: string): Promise<OrderRow | null> {
    const rows: OrderRow[] = await this.ds.query(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND user_id = $2`, [id, userId]);
    return rows[0] ?? null;
  }

  /** Newest first; the cursor is the id of the last order of the previous page (must be the user's). */
  async list(userId: string, q: ListQuery): Promise<OrderRow[]> {
    const params: unknown[] = [userId];
    const where = ['user_id = $1'];
    if (q.status) {
      // Finished orders are the settled and the voided ones.
      params.push(q.status === 'settled' ? ['settled', 'voided'] : [q.status]);
      where.push(`status = ANY($${params.length}::varchar[])`);
    }
    if (q.account) {
      params.push(q.account);
      where.push(`account = $${params.length}`);
    }
    if (q.cursor) {
      params.push(q.cursor);
      where.push(`(created_at, id) < (SELECT c.created_at, c.id FROM orders c WHERE c.id = $${params.length} AND c.user_id = $1)`);
    }
    params.push(q.limit + 1);
    return this.ds.query(`SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${params.length}`, params);
  }

  /** ORDER_STATISTICS_SQL: the user's settled orders of `account` closed within `bounds`, by day and product. */
  async statistics(userId: string, account: 'real' | 'demo', bounds: readonly Date[], created: { from: Date; to: Date }): Promise<StatisticsRow[]> {
    return this.ds.query(ORDER_STATISTICS_SQL, [userId, account, bounds.map((b) => b.toISOString()), created.from, created.to]);
  }

  /** Ticks of one product by seq, each with the block of its second when that block is already sealed. */
  async ticksWithBlocks(symbol: string, seqs: readonly string[]): Promise<TickWithBlock[]> {
    return this.ds.query(
      `SELECT t.seq, t.t, t.price, b.second AS block_second, b.hash AS block_hash, t.sources, t.rule
         FROM ticks t
         LEFT JOIN tick_blocks b ON b.symbol = t.symbol AND b.second = floor(extract(epoch FROM t.t))::bigint
                                AND t.seq BETWEEN b.first_seq AND b.last_seq
        WHERE t.symbol = $1 AND t.seq = ANY($2::bigint[])`,
      [symbol, seqs],
    );
  }

  /** The halt that held this expiry: the latest one of the product begun before it and not ended by then. */
  /** Time of the product's last tick at or before `at` (epoch ms), or null. */
  async lastTickAtOrBefore(symbol: string, at: Date): Promise<number | null> {
    const [row]: { t: Date | null }[] = await this.ds.query(`SELECT max(t) AS t FROM ticks WHERE symbol = $1 AND t <= $2`, [symbol, at]);
    return row?.t ? new Date(row.t).getTime() : null;
  }

  async haltAt(symbol: string, at: Date): Promise<HaltRow | null> {
    const rows: HaltRow[] = await this.ds.query(
      `SELECT reason, started_at, ended_at FROM market_halts
        WHERE symbol = $1 AND started_at < $2 AND (ended_at IS NULL OR ended_at > $2)
        ORDER BY started_at DESC LIMIT 1`,
      [symbol, at],
    );
    return rows[0] ?? null;
  }
}

type PlaceRow = { placed: number; balances: Record<string, string> | null };

/** placeOrder's one statement (named: prepared once per pooled connection). */
function placeQuery(s: PlaceStatement): { name: string; text: string; values: unknown[] } {
  const o = s.order;
  const params: unknown[] = [
    o.id,
    o.orderNo,
    o.userId,
    o.account,
    o.symbol,
    o.direction,
    o.amountCents,
    o.durationSeconds,
    o.payoutRate,
    o.openPrice,
    o.openTickSeq,
    o.openedAt,
    o.expiresAt,
    [s.from, s.to],
    [-o.amountCents, o.amountCents],
    o.precision,
    JSON.stringify(o.priceVenues),
  ];
  let claimCte = `k AS (SELECT 1 AS one)`;
  if (s.claim) {
    params.push(s.claim.subjectId, s.claim.key, s.claim.scope, s.claim.requestHash, s.claim.status, JSON.stringify(s.claim.response));
    claimCte = `k AS (
      INSERT INTO idempotency_keys (subject_id, key, scope, request_hash, status_code, response)
      VALUES ($18, $19, $20, $21, $22, $23::jsonb) ON CONFLICT (subject_id, key) DO NOTHING RETURNING 1 AS one)`;
  }
  // A named (prepared) statement on the pg pool: parsed and planned once per connection, not per order.
  const text = `WITH ${claimCte},
     e AS (SELECT p.* FROM k, LATERAL candor_post_entry('order_stake', $3::uuid, 'order', $1::text, 'stake:' || $1::text, NULL,
                                                       $14::bigint[], $15::bigint[]) p),
     o AS (INSERT INTO orders (id, order_no, user_id, account, symbol, direction, amount, duration_seconds, payout_rate,
                               open_price, open_tick_seq, opened_at, expires_at, status, precision, price_venues)
           SELECT $1::uuid, $2::varchar, $3::uuid, $4::varchar, $5::varchar, $6::varchar, $7::bigint, $8::int, $9::numeric, $10::numeric,
                  $11::bigint, $12::timestamptz, $13::timestamptz, 'open', $16::int, $17::jsonb FROM (SELECT 1 FROM e LIMIT 1) x
           RETURNING id)
     SELECT (SELECT count(*) FROM o)::int AS placed,
            -- the statement's snapshot predates its own updates: take the stake accounts from e
            (SELECT json_object_agg(a.kind, coalesce((SELECT e.out_balance FROM e WHERE e.out_account_id = a.id), a.balance)::text)
               FROM ledger_accounts a WHERE a.user_id = $3::uuid) AS balances`;
  return { name: s.claim ? 'candor-place-order-key' : 'candor-place-order', text, values: params };
}
