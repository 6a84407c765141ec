import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { formatCents, type Cents } from '@candor/domain';
import type { LedgerCheck } from '@candor/contracts';
import { USER_ACCOUNT_KINDS, type PlatformAccountKind, type UserAccountKind } from '@candor/db';
import { toCents } from '../database/rows.js';
import { LedgerRepository } from './ledger.repository.js';
import type { EntrySet, EntrySpec, PostedEntry, PostedSet, PostingSpec, UserAccountIds, UserBalances } from './ledger.types.js';
import { ReadCoalescer } from './read-coalescer.js';

const zeroBalances = (): UserBalances => Object.fromEntries(USER_ACCOUNT_KINDS.map((k) => [k, 0])) as UserBalances;
/** Users whose account ids are remembered; past it the cache starts over (a miss is one indexed read). */
const ACCOUNT_CACHE_MAX = 200_000;

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
  /** Users' account ids: opened at registration, never changed or removed, so kept once read (bounded). */
  private readonly accountIds = new Map<string, UserAccountIds>();
  private readonly balanceReads = new ReadCoalescer<UserBalances>((ids) => this.balancesOf(ids), zeroBalances);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: LedgerRepository,
  ) {}

  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction('READ COMMITTED', fn);
  }

  /** Opens every per-user account; part of the registration transaction. */
  async openUserAccounts(em: EntityManager, userId: string): Promise<void> {
    await this.repo.openUserAccounts(em, userId);
  }

  /**
   * The user's account id of every kind: the one cached lookup (read through `em` on a miss; a set read
   * in a registration that then rolls back belongs to a user id that never exists, so it is never asked for).
   */
  async userAccountIds(em: EntityManager, userId: string): Promise<UserAccountIds> {
    const hit = this.accountIds.get(userId);
    if (hit) return hit;
    const out = {} as Record<UserAccountKind, string>;
    for (const r of await this.repo.findUserAccounts(em, userId)) out[r.kind] = String(r.id);
    for (const k of USER_ACCOUNT_KINDS) if (!out[k]) throw new Error(`user ${userId} has no ${k} account`);
    return this.remember(userId, out);
  }

  /** The account ids of several users (one statement for those not cached); a user without every account is left out. */
  async usersAccountIds(em: EntityManager, userIds: readonly string[]): Promise<Map<string, UserAccountIds>> {
    const out = new Map<string, UserAccountIds>();
    const missing: string[] = [];
    for (const id of new Set(userIds)) {
      const hit = this.accountIds.get(id);
      if (hit) out.set(id, hit);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const found = new Map<string, Partial<Record<UserAccountKind, string>>>();
    for (const r of await this.repo.findUsersAccounts(em, missing)) {
      let a = found.get(r.user_id);
      if (!a) found.set(r.user_id, (a = {}));
      a[r.kind] = String(r.id);
    }
    for (const [userId, a] of found) {
      if (USER_ACCOUNT_KINDS.every((k) => a[k])) out.set(userId, this.remember(userId, a as Record<UserAccountKind, string>));
    }
    return out;
  }

  async platformAccountId(em: EntityManager, kind: PlatformAccountKind): Promise<string> {
    const cached = this.platformIds.get(kind);
    if (cached) return cached;
    const id = await this.repo.findPlatformAccountId(em, kind);
    if (!id) throw new Error(`platform account ${kind} is missing: run the seed`);
    this.platformIds.set(kind, id);
    return id;
  }

  /** The account's balance, its row locked until `em`'s transaction ends (to post against what was read). */
  async lockBalance(em: EntityManager, accountId: string): Promise<Cents> {
    const balance = await this.repo.lockBalance(em, accountId);
    if (balance === null) throw new Error(`ledger account ${accountId} is missing`);
    return balance;
  }

  /** Posts one balanced entry inside `em`'s transaction. Returns null when `uniqueKey` was already posted. */
  async post(em: EntityManager, spec: EntrySpec): Promise<PostedEntry | null> {
    assertBalanced(spec.postings);
    return this.repo.postEntry(em, spec);
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
    const rows = await this.repo.postEntries(em, { types, users, refTypes, refIds, uniqueKeys, memos, sizes, accounts, amounts });
    if (rows.length !== n) throw new Error(`postBatch: ${rows.length} answers for ${n} entries`);
    return rows.map((r) => (r.out_status === 'posted' ? { id: String(r.out_entry_id), entryNo: String(r.out_entry_no) } : null));
  }

  /**
   * Posts the entries `set` selects, in ONE statement through candor_post_entries (the rules of `postBatch`:
   * every entry needs a unique key, one that would overdraw fails the whole call), so a set of thousands of
   * entries never crosses the wire. Returns how many entries were posted, how many keys were already posted
   * (skipped), and the sum of the positive postings of all entries (the money moved, when none was skipped).
   */
  async postSet(em: EntityManager, set: EntrySet): Promise<PostedSet> {
    const rows = await this.repo.postSet(em, set);
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
    const rows = await this.repo.balancesByUser(userIds, em);
    return new Map(rows.map((r) => [r.user_id, Object.fromEntries(USER_ACCOUNT_KINDS.map((k) => [k, toCents(r[k])])) as UserBalances]));
  }

  /** The invariant: all balances sum to zero, and each balance equals the sum of its postings. */
  async check(em: EntityManager = this.ds.manager): Promise<LedgerCheck> {
    const totals = await this.repo.totals(em);
    const mismatched = await this.repo.mismatchedAccounts(em);
    return {
      ok: totals.total === 0 && mismatched.length === 0,
      accounts: totals.accounts,
      imbalance: formatCents(totals.total),
      mismatched: mismatched.map((m) => ({ accountId: String(m.id), balance: formatCents(toCents(m.balance)), postings: formatCents(toCents(m.postings)) })),
    };
  }

  private remember(userId: string, ids: Record<UserAccountKind, string>): UserAccountIds {
    if (this.accountIds.size >= ACCOUNT_CACHE_MAX) this.accountIds.clear();
    const frozen = Object.freeze(ids);
    this.accountIds.set(userId, frozen);
    return frozen;
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
