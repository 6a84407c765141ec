import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { formatCents, type Cents } from '@candor/domain';
import type { LedgerCheck } from '@candor/contracts';
import { USER_ACCOUNT_KINDS, type EntryType, type PlatformAccountKind, type UserAccountKind } from '@candor/db';
import { rethrowLedgerError } from '../database/errors.js';
import { toCents } from '../database/rows.js';
import { pgPool } from '../database/pg-pool.js';
import { pgPlainArray, pgTextArray } from './pg-array.js';
import { ReadCoalescer } from './read-coalescer.js';

export interface PostingSpec {
  accountId: string;
  amount: Cents;
}
export interface EntrySpec {
  type: EntryType;
  userId?: string | null;
  refType?: string | null;
  refId?: string | null;
  /** A unique key makes the entry idempotent: posting the same key twice is a no-op returning null. */
  uniqueKey?: string | null;
  memo?: string | null;
  postings: PostingSpec[];
}
export interface PostedEntry {
  id: string;
  entryNo: string;
}
export type UserBalances = Record<UserAccountKind, Cents>;

const zeroBalances = (): UserBalances => Object.fromEntries(USER_ACCOUNT_KINDS.map((k) => [k, 0])) as UserBalances;
/** Each user's balance of every kind, one row per user (the kinds are the ledger's constants). */
const BALANCES_BY_USER_SQL = `SELECT user_id, ${USER_ACCOUNT_KINDS.map((k) => `coalesce(sum(balance) FILTER (WHERE kind = '${k}'), 0)::text AS "${k}"`).join(', ')}
  FROM ledger_accounts WHERE user_id = ANY($1::uuid[]) GROUP BY user_id`;

/**
 * The one service through which money moves. Every entry is a set of postings summing to zero, written in
 * the caller's transaction with the balance updates; a debit that would take a non-negative account below
 * zero fails in the same statement, and the database refuses an unbalanced entry (trigger postings_balanced).
 * `post` calls the ledger function candor_post_entry, `postBatch` candor_post_entries (same rules); the order
 * path calls them from its own single statement (docs/internals.md, "Ledger functions").
 */
@Injectable()
export class LedgerService {
  private readonly platformIds = new Map<PlatformAccountKind, string>();
  private readonly balanceReads = new ReadCoalescer<UserBalances>((ids) => this.balancesOf(ids), zeroBalances);

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction('READ COMMITTED', fn);
  }

  /** Opens every per-user account; part of the registration transaction. */
  async openUserAccounts(em: EntityManager, userId: string): Promise<void> {
    await em.query(`INSERT INTO ledger_accounts (user_id, kind) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`, [userId, [...USER_ACCOUNT_KINDS]]);
  }

  async userAccountIds(em: EntityManager, userId: string): Promise<Record<UserAccountKind, string>> {
    const rows: { id: string; kind: UserAccountKind }[] = await em.query(`SELECT id, kind FROM ledger_accounts WHERE user_id = $1`, [userId]);
    const out = {} as Record<UserAccountKind, string>;
    for (const r of rows) out[r.kind] = String(r.id);
    for (const k of USER_ACCOUNT_KINDS) if (!out[k]) throw new Error(`user ${userId} has no ${k} account`);
    return out;
  }

  async platformAccountId(em: EntityManager, kind: PlatformAccountKind): Promise<string> {
    const cached = this.platformIds.get(kind);
    if (cached) return cached;
    const rows: { id: string }[] = await em.query(`SELECT id FROM ledger_accounts WHERE user_id IS NULL AND kind = $1`, [kind]);
    if (!rows[0]) throw new Error(`platform account ${kind} is missing: run the seed`);
    this.platformIds.set(kind, String(rows[0].id));
    return String(rows[0].id);
  }

  /** Posts one balanced entry inside `em`'s transaction. Returns null when `uniqueKey` was already posted. */
  async post(em: EntityManager, spec: EntrySpec): Promise<PostedEntry | null> {
    const postings = spec.postings;
    assertBalanced(postings);

    // One round trip: candor_post_entry (migration LedgerPostFunction) inserts the entry, applies the
    // guarded updates in account-id order and inserts the postings.
    const rows: { out_entry_id: string; out_entry_no: string }[] = await em
      .query(`SELECT out_entry_id, out_entry_no FROM candor_post_entry($1, $2, $3, $4, $5, $6, $7::bigint[], $8::bigint[])`, [
        spec.type,
        spec.userId ?? null,
        spec.refType ?? null,
        spec.refId ?? null,
        spec.uniqueKey ?? null,
        spec.memo ?? null,
        postings.map((p) => p.accountId),
        postings.map((p) => p.amount),
      ])
      .catch(rethrowLedgerError);
    if (!rows[0]) return null;
    return { id: String(rows[0].out_entry_id), entryNo: rows[0].out_entry_no };
  }

  /**
   * Posts many balanced entries inside `em`'s transaction in ONE round trip (candor_post_entries: every
   * account locked once in the ledger's lock order and updated once; docs/internals.md, "Ledger functions").
   * Every entry needs a unique key: one already posted is skipped and answers null, like `post`. An entry
   * that would leave a non-negative account below zero (at its point in the batch) fails the whole batch
   * with INSUFFICIENT_BALANCE; so does, as a database error, the same key being posted concurrently.
   */
  async postBatch(em: EntityManager, entries: readonly EntrySpec[]): Promise<(PostedEntry | null)[]> {
    if (entries.length === 0) return [];
    const keys = new Set<string>();
    for (const e of entries) {
      if (!e.uniqueKey) throw new Error('postBatch: every entry needs a unique key');
      if (keys.has(e.uniqueKey)) throw new Error(`postBatch: unique key ${e.uniqueKey} twice in one batch`);
      keys.add(e.uniqueKey);
      assertBalanced(e.postings);
    }
    const n = entries.length;
    const types = new Array<string>(n),
      users = new Array<string | null>(n),
      refTypes = new Array<string | null>(n);
    const refIds = new Array<string | null>(n),
      uniqueKeys = new Array<string>(n),
      memos = new Array<string | null>(n),
      sizes = new Array<number>(n);
    const accounts: string[] = [];
    const amounts: number[] = [];
    for (let i = 0; i < n; i++) {
      const e = entries[i]!;
      types[i] = e.type;
      users[i] = e.userId ?? null;
      refTypes[i] = e.refType ?? null;
      refIds[i] = e.refId ?? null;
      uniqueKeys[i] = e.uniqueKey!;
      memos[i] = e.memo ?? null;
      sizes[i] = e.postings.length;
      for (const p of e.postings) {
        accounts.push(p.accountId);
        amounts.push(p.amount);
      }
    }
    // The arrays go as literals written by pg-array.ts (node-postgres' own conversion was a tenth of a settlement burst's worker CPU).
    const rows: { out_status: string; out_entry_id: string | null; out_entry_no: string | null }[] = await em
      .query(
        `SELECT out_status, out_entry_id, out_entry_no
           FROM candor_post_entries($1::varchar[], $2::uuid[], $3::varchar[], $4::varchar[], $5::varchar[], $6::text[], $7::int[], $8::bigint[], $9::bigint[], false)`,
        [
          pgTextArray(types),
          pgPlainArray(users),
          pgTextArray(refTypes),
          pgTextArray(refIds),
          pgTextArray(uniqueKeys),
          pgTextArray(memos),
          pgPlainArray(sizes),
          pgPlainArray(accounts),
          pgPlainArray(amounts),
        ],
      )
      .catch(rethrowLedgerError);
    if (rows.length !== n) throw new Error(`postBatch: ${rows.length} answers for ${n} entries`);
    return rows.map((r) => (r.out_status === 'posted' ? { id: String(r.out_entry_id), entryNo: String(r.out_entry_no) } : null));
  }

  /**
   * Posts the entries a query yields, in ONE statement through candor_post_entries (the rules of `postBatch`:
   * every entry needs a unique key, one that would overdraw fails the whole call), so a set of thousands of
   * entries never crosses the wire. `entries` selects one row per entry: (type, user_id, ref_type, ref_id,
   * unique_key, memo, accounts bigint[], amounts bigint[]); `ctes` are WITH items it may read, data-modifying
   * ones included. Returns how many entries were posted, how many keys were already posted (skipped), and the
   * sum of the positive postings of all entries (the money moved, when none was skipped).
   */
  async postSet(em: EntityManager, ctes: string, entries: string, params: readonly unknown[]): Promise<{ posted: number; duplicate: number; moved: Cents }> {
    const agg = (expr: string, type: string) => `coalesce((SELECT array_agg(${expr} ORDER BY ord) FROM candor_set), '{}')::${type}[]`;
    const rows: { status: string; n: number; moved: string }[] = await em
      .query(
        `WITH ${ctes ? `${ctes},` : ''}
           candor_set AS (SELECT row_number() OVER (ORDER BY s.unique_key) AS ord, s.* FROM (${entries}) s),
           candor_postings AS (SELECT c.ord, x.k, x.account, x.amount
                                 FROM candor_set c CROSS JOIN LATERAL unnest(c.accounts, c.amounts) WITH ORDINALITY AS x(account, amount, k))
         SELECT r.out_status AS status, count(*)::int AS n,
                (SELECT coalesce(sum(amount), 0) FROM candor_postings WHERE amount > 0)::bigint AS moved
           FROM candor_post_entries(
             ${agg('type', 'varchar')}, ${agg('user_id', 'uuid')}, ${agg('ref_type', 'varchar')}, ${agg('ref_id', 'varchar')},
             ${agg('unique_key', 'varchar')}, ${agg('memo', 'text')}, ${agg('cardinality(accounts)', 'int')},
             coalesce((SELECT array_agg(account ORDER BY ord, k) FROM candor_postings), '{}')::bigint[],
             coalesce((SELECT array_agg(amount ORDER BY ord, k) FROM candor_postings), '{}')::bigint[],
             false) r
          GROUP BY r.out_status`,
        [...params],
      )
      .catch(rethrowLedgerError);
    const count = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
    return { posted: count('posted'), duplicate: count('duplicate'), moved: toCents(rows[0]?.moved ?? 0) };
  }

  /**
   * One user's balances. Outside a transaction the reads arriving together share one statement (the wallet
   * is the hottest authenticated read); inside one, the read sees that transaction's own postings.
   */
  async balances(userId: string, em?: EntityManager): Promise<UserBalances> {
    if (!em) return this.balanceReads.read(userId);
    return (await this.balancesOf([userId], em)).get(userId) ?? zeroBalances();
  }

  /**
   * The balances of several users (one row per user from Postgres); a user without accounts is left out.
   * In `em`'s transaction when given; otherwise a prepared statement, as the wallet reads it on every request.
   */
  async balancesOf(userIds: readonly string[], em?: EntityManager): Promise<Map<string, UserBalances>> {
    type Row = { user_id: string } & Record<UserAccountKind, string>;
    const rows: Row[] = em
      ? await em.query(BALANCES_BY_USER_SQL, [userIds])
      : (await pgPool(this.ds).query<Row>({ name: 'candor-balances-by-user', text: BALANCES_BY_USER_SQL, values: [userIds] })).rows;
    return new Map(rows.map((r) => [r.user_id, Object.fromEntries(USER_ACCOUNT_KINDS.map((k) => [k, toCents(r[k])])) as UserBalances]));
  }

  /** The invariant: all balances sum to zero, and each balance equals the sum of its postings. */
  async check(em: EntityManager = this.ds.manager): Promise<LedgerCheck> {
    const [totals]: { accounts: string; total: string }[] = await em.query(
      `SELECT count(*)::bigint AS accounts, coalesce(sum(balance), 0)::bigint AS total FROM ledger_accounts`,
    );
    const mismatched: { id: string; balance: string; postings: string }[] = await em.query(
      `SELECT a.id, a.balance, coalesce(p.s, 0)::bigint AS postings
         FROM ledger_accounts a
         LEFT JOIN (SELECT account_id, sum(amount) AS s FROM postings GROUP BY account_id) p ON p.account_id = a.id
        WHERE a.balance <> coalesce(p.s, 0)
        LIMIT 50`,
    );
    const imbalance = toCents(totals?.total);
    return {
      ok: imbalance === 0 && mismatched.length === 0,
      accounts: Number(totals?.accounts ?? 0),
      imbalance: formatCents(imbalance),
      mismatched: mismatched.map((m) => ({ accountId: String(m.id), balance: formatCents(toCents(m.balance)), postings: formatCents(toCents(m.postings)) })),
    };
  }
}

/** Two or more non-zero safe-integer postings, each account once, summing to zero (the rule `post` applies). */
export function assertBalanced(postings: readonly PostingSpec[]): void {
  const n = postings.length;
  if (n < 2) throw new Error('an entry needs two or more postings');
  // Entries have a handful of postings: pairwise comparison, no Set per entry (batches check thousands).
  const seen = n > 16 ? new Set<string>() : null;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const p = postings[i]!;
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw new Error(`bad posting amount ${p.amount}`);
    let twice = false;
    if (seen) {
      twice = seen.has(p.accountId);
      seen.add(p.accountId);
    } else {
      for (let j = 0; j < i && !twice; j++) twice = postings[j]!.accountId === p.accountId;
    }
    if (twice) throw new Error('one account twice in an entry');
    sum += p.amount;
  }
  if (sum !== 0) throw new Error(`entry does not balance: ${sum}`);
}
