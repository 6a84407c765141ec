import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { formatCents } from '@candor/domain';
import { isBigintId, isIdBeyondBigint, type CapitalRecord, type Page, type Wallet } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { toCents } from '../database/rows.js';
import { toWallet } from '../orders/order-view.js';
import { stringify } from 'csv-stringify/sync';

/** Most rows one export holds; a longer history is exported by date range. */
export const CSV_MAX_ROWS = 100_000;
const CSV_PAGE = 1_000;
const ACCOUNT_CACHE_MAX = 50_000;

const REAL_KINDS = ['cash', 'hold', 'escrow', 'earn_pending', 'earn_confirmed'];
const DEMO_KINDS = ['demo', 'demo_escrow'];

interface RecordRow {
  id: string;
  entry_no: string;
  type: string;
  amount: string;
  balance_after: string;
  created_at: Date;
  ref_type: string | null;
  ref_id: string | null;
  kind: string;
}

@Injectable()
export class WalletService {
  private readonly accountIds = new Map<string, { id: string; kind: string }[]>();
  constructor(
    private readonly ledger: LedgerService,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /** The wallet (same figures as the `wallet` socket event: one `toWallet` for both). */
  async wallet(userId: string): Promise<Wallet> {
    return toWallet(await this.ledger.balances(userId));
  }

  async records(
    userId: string,
    q: { type?: string; account?: 'real' | 'demo'; from?: string; to?: string; limit: number; cursor?: string },
  ): Promise<Page<CapitalRecord>> {
    const accounts = await this.accountsOf(userId, q.account === 'demo' ? DEMO_KINDS : REAL_KINDS);
    if (accounts.length === 0) return { items: [], nextCursor: null };
    const params: unknown[] = [q.limit + 1];
    const filters: string[] = [];
    const add = (value: unknown, sql: (n: number) => string) => {
      params.push(value);
      filters.push(sql(params.length));
    };
    if (q.type) add(q.type, (n) => `e.type = $${n}`);
    if (q.from) add(q.from, (n) => `p.created_at >= $${n}::timestamptz`);
    if (q.to) add(q.to, (n) => `p.created_at < $${n}::timestamptz`);
    if (q.cursor) add(q.cursor, (n) => `p.id < $${n}::bigint`);
    // One branch per account, each read newest first and stopped after a page: a page costs the same at
    // any depth (keyset, no OFFSET). The account id is a parameter, not a join, so the planner sees each
    // account's own statistics and takes postings_account (account_id, id DESC) for a sparse one instead
    // of walking the primary key backwards through everybody's postings. Without a type filter the journal
    // entries are joined to the page's rows only: joined inside each branch the planner memoizes the join
    // for the account's whole history, and building that cache cost more than the page itself.
    const join = filters.some((f) => f.startsWith('e.')) ? ' JOIN journal_entries e ON e.id = p.entry_id' : '';
    const branches = accounts.map((a) => {
      params.push(a.id, a.kind);
      return `(SELECT p.id, p.entry_id, p.amount, p.balance_after, p.created_at, $${params.length}::text AS kind
          FROM postings p${join}
         WHERE p.account_id = $${params.length - 1}::bigint${filters.map((f) => ` AND ${f}`).join('')}
         ORDER BY p.id DESC LIMIT $1)`;
    });
    const rows: RecordRow[] = await this.ds.query(
      `SELECT x.id, e.entry_no, e.type, x.amount, x.balance_after, x.created_at, e.ref_type, e.ref_id, x.kind
         FROM (SELECT * FROM (${branches.join(' UNION ALL ')}) b ORDER BY b.id DESC LIMIT $1) x
         JOIN journal_entries e ON e.id = x.entry_id
        ORDER BY x.id DESC`,
      params,
    );
    const items = rows.slice(0, q.limit).map(toRecord);
    return { items, nextCursor: rows.length > q.limit ? items[items.length - 1]!.id : null };
  }

  /**
   * The user's ledger accounts of these kinds. Accounts are opened at registration and never change or
   * go, so a complete set is remembered (bounded): a page of records is then one statement.
   */
  private async accountsOf(userId: string, kinds: readonly string[]): Promise<{ id: string; kind: string }[]> {
    const key = `${userId}:${kinds.join(',')}`;
    const hit = this.accountIds.get(key);
    if (hit) return hit;
    const rows: { id: string; kind: string }[] = await this.ds.query(`SELECT id, kind FROM ledger_accounts WHERE user_id = $1 AND kind = ANY($2::text[])`, [
      userId,
      kinds,
    ]);
    if (rows.length === kinds.length) {
      if (this.accountIds.size >= ACCOUNT_CACHE_MAX) this.accountIds.clear();
      this.accountIds.set(key, rows);
    }
    return rows;
  }

  /** The filtered records as CSV with a header row, newest first, read page by page by keyset. */
  async recordsCsv(userId: string, q: { type?: string; account?: 'real' | 'demo'; from?: string; to?: string }): Promise<string> {
    const rows: CapitalRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.records(userId, { ...q, limit: CSV_PAGE, cursor });
      rows.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && rows.length < CSV_MAX_ROWS);
    return stringify(rows.slice(0, CSV_MAX_ROWS), {
      header: true,
      columns: ['id', 'entryNo', 'createdAt', 'type', 'account', 'amount', 'balanceAfter', 'ref'],
    });
  }

  /** One record with every posting of its journal entry (the particulars), only if it is the user's. */
  async record(userId: string, id: string) {
    if (isIdBeyondBigint(id)) throw new DomainError('VALIDATION_FAILED', 'id');
    if (!isBigintId(id)) throw new DomainError('NOT_FOUND');
    const rows: RecordRow[] = await this.ds.query(
      `SELECT p.id, e.entry_no, e.type, p.amount, p.balance_after, p.created_at, e.ref_type, e.ref_id, a.kind, p.entry_id
         FROM postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN journal_entries e ON e.id = p.entry_id
        WHERE p.id = $1 AND a.user_id = $2`,
      [id, userId],
    );
    const row = rows[0] as (RecordRow & { entry_id: string }) | undefined;
    if (!row) throw new DomainError('NOT_FOUND');
    const postings: { kind: string; owner: string; amount: string }[] = await this.ds.query(
      `SELECT a.kind, CASE WHEN a.user_id IS NULL THEN 'platform' ELSE 'you' END AS owner, p.amount
         FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.entry_id = $1 ORDER BY p.id`,
      [row.entry_id],
    );
    return { ...toRecord(row), postings: postings.map((p) => ({ account: p.kind, owner: p.owner, amount: formatCents(toCents(p.amount)) })) };
  }
}

function toRecord(r: RecordRow): CapitalRecord {
  return {
    id: String(r.id),
    entryNo: r.entry_no,
    type: r.type,
    amount: formatCents(toCents(r.amount)),
    balanceAfter: formatCents(toCents(r.balance_after)),
    createdAt: new Date(r.created_at).toISOString(),
    ref: r.ref_type && r.ref_id ? `${r.ref_type}:${r.ref_id}` : null,
    account: r.kind,
  };
}
