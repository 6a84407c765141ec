import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Cents } from '@candor/domain';
import { USER_ACCOUNT_KINDS, type PlatformAccountKind, type UserAccountKind } from '@candor/db';
import { rethrowLedgerError } from '../database/errors.js';
import { pgPool } from '../database/pg-pool.js';
import { toCents } from '../database/rows.js';
import { pgPlainArray, pgTextArray } from './pg-array.js';
import type { EntrySet, EntrySpec, PostedEntry } from './ledger.types.js';

/** One of a user's accounts. */
export interface AccountRow {
  id: string;
  kind: UserAccountKind;
}
/** One account of one of several users. */
export interface UsersAccountRow extends AccountRow {
  user_id: string;
}
/** A user's balance of every kind (bigint as text), one row per user. */
export type BalancesRow = { user_id: string } & Record<UserAccountKind, string>;
/** One answer of candor_post_entries per entry. */
export interface PostEntriesRow {
  out_status: string;
  out_entry_id: string | null;
  out_entry_no: string | null;
}
/** postSet's answer: one row per status ('posted', 'duplicate') with its count, and the money moved. */
export interface PostSetRow {
  status: string;
  n: number;
  moved: string;
}
/** candor_post_entries' parameters, one array per column (a batch of entries, their postings flattened). */
export interface EntryColumns {
  types: readonly string[];
  users: readonly (string | null)[];
  refTypes: readonly (string | null)[];
  refIds: readonly (string | null)[];
  uniqueKeys: readonly string[];
  memos: readonly (string | null)[];
  /** How many postings each entry has. */
  sizes: readonly number[];
  accounts: readonly string[];
  amounts: readonly number[];
}
export interface MismatchedRow {
  id: string;
  balance: string;
  postings: string;
}

/** Each user's balance of every kind, one row per user (the kinds are the ledger's constants). */
const BALANCES_BY_USER_SQL = `SELECT user_id, ${USER_ACCOUNT_KINDS.map((k) => `coalesce(sum(balance) FILTER (WHERE kind = '${k}'), 0)::text AS "${k}"`).join(', ')}
  FROM ledger_accounts WHERE user_id = ANY($1::uuid[]) GROUP BY user_id`;

/**
 * The ledger's SQL: accounts, the ledger functions candor_post_entry / candor_post_entries (which write the
 * entries, their postings and the guarded balance updates), balances and the invariant check. A debit that
 * would overdraw comes back as INSUFFICIENT_BALANCE (database/errors.ts).
 */
@Injectable()
export class LedgerRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async openUserAccounts(em: EntityManager, userId: string): Promise<void> {
    await em.query(`INSERT INTO ledger_accounts (user_id, kind) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`, [userId, [...USER_ACCOUNT_KINDS]]);
  }

  async findUserAccounts(em: EntityManager, userId: string): Promise<AccountRow[]> {
    return em.query(`SELECT id, kind FROM ledger_accounts WHERE user_id = $1`, [userId]);
  }

  async findUsersAccounts(em: EntityManager, userIds: readonly string[]): Promise<UsersAccountRow[]> {
    return em.query(`SELECT user_id, kind, id FROM ledger_accounts WHERE user_id = ANY($1::uuid[])`, [userIds]);
  }

  async findPlatformAccountId(em: EntityManager, kind: PlatformAccountKind): Promise<string | null> {
    const rows: { id: string }[] = await em.query(`SELECT id FROM ledger_accounts WHERE user_id IS NULL AND kind = $1`, [kind]);
    return rows[0] ? String(rows[0].id) : null;
  }

  /** The account's balance, its row locked for the transaction; null when there is no such account. */
  async lockBalance(em: EntityManager, accountId: string): Promise<Cents | null> {
    const [acc]: { balance: string }[] = await em.query(`SELECT balance FROM ledger_accounts WHERE id = $1 FOR UPDATE`, [accountId]);
    return acc ? Number(acc.balance) : null;
  }

  /**
   * One round trip: candor_post_entry (docs/internals.md, "Ledger functions") inserts the entry, applies the
   * guarded updates in account-id order and inserts the postings. Null when the unique key was already posted.
   */
  async postEntry(em: EntityManager, spec: EntrySpec): Promise<PostedEntry | null> {
    const postings = spec.postings;
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

  /** Many entries in ONE round trip through candor_post_entries; one answer per entry, in order. */
  async postEntries(em: EntityManager, c: EntryColumns): Promise<PostEntriesRow[]> {
    // The arrays go as literals written by pg-array.ts (node-postgres' own conversion cost a settlement burst much of its worker CPU).
    return em
      .query(
        `SELECT out_status, out_entry_id, out_entry_no
           FROM candor_post_entries($1::varchar[], $2::uuid[], $3::varchar[], $4::varchar[], $5::varchar[], $6::text[], $7::int[], $8::bigint[], $9::bigint[], false)`,
        [
          pgTextArray(c.types),
          pgPlainArray(c.users),
          pgTextArray(c.refTypes),
          pgTextArray(c.refIds),
          pgTextArray(c.uniqueKeys),
          pgTextArray(c.memos),
          pgPlainArray(c.sizes),
          pgPlainArray(c.accounts),
          pgPlainArray(c.amounts),
        ],
      )
      .catch(rethrowLedgerError);
  }

  /** The entries `set` selects, posted in ONE statement through candor_post_entries (LedgerService.postSet). */
  async postSet(em: EntityManager, set: EntrySet): Promise<PostSetRow[]> {
    const agg = (expr: string, type: string) => `coalesce((SELECT array_agg(${expr} ORDER BY ord) FROM candor_set), '{}')::${type}[]`;
    return em
      .query(
        `WITH ${set.ctes ? `${set.ctes},` : ''}
           candor_set AS (SELECT row_number() OVER (ORDER BY s.unique_key) AS ord, s.* FROM (${set.entries}) s),
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
        [...set.params],
      )
      .catch(rethrowLedgerError);
  }

  /**
   * The balances of several users, one row per user (none for a user without accounts). In `em`'s
   * transaction when given; otherwise a prepared statement, as the wallet reads it on every request.
   */
  async balancesByUser(userIds: readonly string[], em?: EntityManager): Promise<BalancesRow[]> {
    if (em) return em.query(BALANCES_BY_USER_SQL, [userIds]);
    return (await pgPool(this.ds).query<BalancesRow>({ name: 'candor-balances-by-user', text: BALANCES_BY_USER_SQL, values: [userIds] })).rows;
  }

  /** How many accounts there are and the sum of all their balances. */
  async totals(em: EntityManager): Promise<{ accounts: number; total: Cents }> {
    const [totals]: { accounts: string; total: string }[] = await em.query(
      `SELECT count(*)::bigint AS accounts, coalesce(sum(balance), 0)::bigint AS total FROM ledger_accounts`,
    );
    return { accounts: Number(totals?.accounts ?? 0), total: toCents(totals?.total) };
  }

  /** Up to 50 accounts whose balance differs from the sum of their postings. */
  async mismatchedAccounts(em: EntityManager): Promise<MismatchedRow[]> {
    return em.query(
      `SELECT a.id, a.balance, coalesce(p.s, 0)::bigint AS postings
         FROM ledger_accounts a
         LEFT JOIN (SELECT account_id, sum(amount) AS s FROM postings GROUP BY account_id) p ON p.account_id = a.id
        WHERE a.balance <> coalesce(p.s, 0)
        LIMIT 50`,
    );
  }
}
