import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { formatCents, type Cents } from '@candor/domain';
import type { LedgerCheck } from '@candor/contracts';
import { USER_ACCOUNT_KINDS, type EntryType, type PlatformAccountKind, type UserAccountKind } from '@candor/db';
import { DomainError } from '../common/domain-error.js';

export interface PostingSpec { accountId: string; amount: Cents }
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
export interface PostedEntry { id: string; entryNo: string }
export type UserBalances = Record<UserAccountKind, Cents>;

/** TypeORM answers an UPDATE/DELETE ... RETURNING with `[rows, rowCount]` and anything else with `rows`. */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

/** SQLSTATE raised by candor_post_entry when a guarded debit would take an account below zero. */
export const INSUFFICIENT_BALANCE_SQLSTATE = 'CD001';

/** Maps the ledger function's refusal to the domain error; anything else is rethrown as it is. */
export function rethrowLedgerError(e: unknown): never {
  const code = (e as { code?: string; driverError?: { code?: string } })?.code ?? (e as { driverError?: { code?: string } })?.driverError?.code;
  if (code === INSUFFICIENT_BALANCE_SQLSTATE) throw new DomainError('INSUFFICIENT_BALANCE', 'amount');
  throw e;
}

/** pg returns bigint as a string; every balance is a safe integer of cents. */
export function toCents(v: string | number | null | undefined): Cents {
  const n = Number(v ?? 0);
  if (!Number.isSafeInteger(n)) throw new Error(`ledger amount out of safe range: ${v}`);
  return n;
}

/**
 * The one service through which money moves (DESIGN.md "Ledger"). Every entry is a set of
 * postings summing to zero, written in the caller's transaction together with the balance
 * updates; a debit that would take a non-negative account below zero fails in the same
 * statement, and the database refuses an unbalanced entry (trigger postings_balanced).
 *
 * At the database level the single write path of one entry is the function `candor_post_entry`
 * (migration LedgerPostFunction): `post` calls it, and so does the order hot path, inside the one
 * statement that also stores the order (OrdersRepository.place): the same rules, one round trip.
 */
@Injectable()
export class LedgerService {
  private readonly platformIds = new Map<PlatformAccountKind, string>();

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction('READ COMMITTED', fn);
  }

  /** Opens every per-user account; part of the registration transaction. */
  async openUserAccounts(em: EntityManager, userId: string): Promise<void> {
    await em.query(
      `INSERT INTO ledger_accounts (user_id, kind) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
      [userId, [...USER_ACCOUNT_KINDS]],
    );
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
        spec.type, spec.userId ?? null, spec.refType ?? null, spec.refId ?? null, spec.uniqueKey ?? null, spec.memo ?? null,
        postings.map((p) => p.accountId), postings.map((p) => p.amount),
      ])
      .catch(rethrowLedgerError);
    if (!rows[0]) return null;
    return { id: String(rows[0].out_entry_id), entryNo: rows[0].out_entry_no };
  }

  /**
   * Posts many balanced entries inside `em`'s transaction with a constant number of statements
   * (insert entries, lock accounts, insert postings, update accounts), whatever the batch size.
   * Each entry keeps its own postings (and so its own house posting), but every account is updated
   * ONCE with the sum of its postings, so a hot platform account is one row update per batch.
   * Each posting's balance_after is the running balance of its account in posting order.
   * Every entry must carry a unique key (that is how idempotency and the returned mapping work):
   * entries whose key was already posted are skipped and answer null, like `post`.
   * A posting that would take a non-negative account below zero (at its point in the batch)
   * fails the whole batch with INSUFFICIENT_BALANCE.
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
    const types = new Array<string>(n), users = new Array<string | null>(n), refTypes = new Array<string | null>(n);
    const refIds = new Array<string | null>(n), uniqueKeys = new Array<string>(n), memos = new Array<string | null>(n);
    for (let i = 0; i < n; i++) {
      const e = entries[i]!;
      types[i] = e.type; users[i] = e.userId ?? null; refTypes[i] = e.refType ?? null;
      refIds[i] = e.refId ?? null; uniqueKeys[i] = e.uniqueKey!; memos[i] = e.memo ?? null;
    }
    const inserted: { id: string; entry_no: string; unique_key: string }[] = await em.query(
      `INSERT INTO journal_entries (entry_no, type, user_id, ref_type, ref_id, unique_key, memo)
       SELECT 'J' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD') || lpad(nextval('journal_entry_no_seq')::text, 10, '0'),
              x.type, x.user_id, x.ref_type, x.ref_id, x.unique_key, x.memo
         FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[])
              WITH ORDINALITY AS x(type, user_id, ref_type, ref_id, unique_key, memo, ord)
        ORDER BY x.ord
       ON CONFLICT (unique_key) DO NOTHING
       RETURNING id, entry_no, unique_key`,
      [types, users, refTypes, refIds, uniqueKeys, memos],
    );
    const byKey = new Map(inserted.map((r) => [r.unique_key, { id: String(r.id), entryNo: r.entry_no }]));
    const result = entries.map((e) => byKey.get(e.uniqueKey!) ?? null);
    if (byKey.size === 0) return result;

    const posting: { entryId: string; postings: readonly PostingSpec[] }[] = [];
    const touched: string[] = [];
    for (let i = 0; i < n; i++) {
      const r = result[i];
      if (!r) continue;
      const ps = entries[i]!.postings;
      posting.push({ entryId: r.id, postings: ps });
      for (const p of ps) touched.push(p.accountId);
    }
    const plan = planBatchPostings(posting, await this.lockAccounts(em, touched));
    const m = plan.rows.length;
    const entryIds = new Array<string>(m), accountIds = new Array<string>(m), amounts = new Array<number>(m), after = new Array<number>(m);
    for (let i = 0; i < m; i++) {
      const row = plan.rows[i]!;
      entryIds[i] = row.entryId; accountIds[i] = row.accountId; amounts[i] = row.amount; after[i] = row.balanceAfter;
    }
    await em.query(
      `INSERT INTO postings (entry_id, account_id, amount, balance_after)
       SELECT x.entry_id, x.account_id, x.amount, x.balance_after
         FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[]) WITH ORDINALITY AS x(entry_id, account_id, amount, balance_after, ord)
        ORDER BY x.ord`,
      [entryIds, accountIds, amounts, after],
    );
    const updated = returnedRows<{ id: string; balance: string }>(
      await em.query(
        `UPDATE ledger_accounts a SET balance = a.balance + d.delta
           FROM unnest($1::bigint[], $2::bigint[]) AS d(id, delta)
          WHERE a.id = d.id
          RETURNING a.id, a.balance`,
        [plan.accounts.map((a) => a.accountId), plan.accounts.map((a) => a.delta)],
      ),
    );
    const expected = new Map(plan.accounts.map((a) => [a.accountId, a.finalBalance]));
    if (updated.length !== expected.size || updated.some((u) => expected.get(String(u.id)) !== String(u.balance))) {
      throw new Error('postBatch: account balances moved under the batch lock');
    }
    return result;
  }

  /** Locks the accounts in id order (the order `post` uses too, so batches and single entries cannot deadlock). */
  private async lockAccounts(em: EntityManager, ids: readonly string[]): Promise<Map<string, LockedAccount>> {
    const rows: { id: string; balance: string; allow_negative: boolean }[] = await em.query(
      `SELECT id, balance, allow_negative FROM ledger_accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((r) => [String(r.id), { balance: toCents(r.balance), allowNegative: r.allow_negative }]));
  }

  async balances(userId: string, em: EntityManager = this.ds.manager): Promise<UserBalances> {
    const rows: { kind: UserAccountKind; balance: string }[] = await em.query(`SELECT kind, balance FROM ledger_accounts WHERE user_id = $1`, [userId]);
    const out = Object.fromEntries(USER_ACCOUNT_KINDS.map((k) => [k, 0])) as UserBalances;
    for (const r of rows) out[r.kind] = toCents(r.balance);
    return out;
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

export interface LockedAccount { balance: Cents; allowNegative: boolean }
export interface PlannedPosting { entryId: string; accountId: string; amount: Cents; balanceAfter: Cents }
export interface PlannedAccount { accountId: string; delta: Cents; finalBalance: string }

/** Two or more non-zero safe-integer postings, each account once, summing to zero (the rule `post` applies). */
export function assertBalanced(postings: readonly PostingSpec[]): void {
  if (postings.length < 2) throw new Error('an entry needs two or more postings');
  let sum = 0;
  const seen = new Set<string>();
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw new Error(`bad posting amount ${p.amount}`);
    if (seen.has(p.accountId)) throw new Error('one account twice in an entry');
    seen.add(p.accountId);
    sum += p.amount;
  }
  if (sum !== 0) throw new Error(`entry does not balance: ${sum}`);
}

/**
 * Pure part of postBatch: the postings rows with each account's running balance in posting order,
 * and one aggregated delta per account. Throws INSUFFICIENT_BALANCE when a posting would take an
 * account that may not go negative below zero at its point in the batch.
 */
export function planBatchPostings(
  entries: readonly { entryId: string; postings: readonly PostingSpec[] }[],
  accounts: ReadonlyMap<string, LockedAccount>,
): { rows: PlannedPosting[]; accounts: PlannedAccount[] } {
  const running = new Map<string, Cents>();
  const rows: PlannedPosting[] = [];
  for (const e of entries) {
    for (const p of e.postings) {
      const acc = accounts.get(p.accountId);
      if (!acc) throw new Error(`ledger account ${p.accountId} does not exist`);
      const before = running.get(p.accountId) ?? acc.balance;
      const after = before + p.amount;
      if (!Number.isSafeInteger(after)) throw new Error(`ledger amount out of safe range on account ${p.accountId}`);
      if (after < 0 && !acc.allowNegative) throw new DomainError('INSUFFICIENT_BALANCE', 'amount');
      running.set(p.accountId, after);
      rows.push({ entryId: e.entryId, accountId: p.accountId, amount: p.amount, balanceAfter: after });
    }
  }
  const out: PlannedAccount[] = [];
  for (const [accountId, finalBalance] of running) {
    const delta = finalBalance - accounts.get(accountId)!.balance;
    out.push({ accountId, delta, finalBalance: String(finalBalance) });
  }
  return { rows, accounts: out };
}
