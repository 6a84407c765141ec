import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { KycStatus } from '@candor/contracts';

/** A posting of the user's with its journal entry (a capital record), and the kind of its account. */
export interface RecordRow {
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

/** A page of capital records: the accounts to read, the filters, and where the previous page ended. */
export interface RecordsQuery {
  accounts: readonly { id: string; kind: string }[];
  type?: string;
  from?: string;
  to?: string;
  /** The id of the last record of the previous page. */
  cursor?: string;
  limit: number;
}

/** One posting of a journal entry, as the record's particulars show it. */
export interface EntryPostingRow {
  kind: string;
  owner: 'platform' | 'you';
  amount: string;
}

/** The wallet's SQL: capital records (the user's postings) read by keyset, and a reviewer's look at a user. */
@Injectable()
export class WalletRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Newest first; one row more than `limit` when there is more. */
  async recordsPage(q: RecordsQuery): Promise<RecordRow[]> {
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
    const branches = q.accounts.map((a) => {
      params.push(a.id, a.kind);
      return `(SELECT p.id, p.entry_id, p.amount, p.balance_after, p.created_at, $${params.length}::text AS kind
          FROM postings p${join}
         WHERE p.account_id = $${params.length - 1}::bigint${filters.map((f) => ` AND ${f}`).join('')}
         ORDER BY p.id DESC LIMIT $1)`;
    });
    return this.ds.query(
      `SELECT x.id, e.entry_no, e.type, x.amount, x.balance_after, x.created_at, e.ref_type, e.ref_id, x.kind
         FROM (SELECT * FROM (${branches.join(' UNION ALL ')}) b ORDER BY b.id DESC LIMIT $1) x
         JOIN journal_entries e ON e.id = x.entry_id
        ORDER BY x.id DESC`,
      params,
    );
  }

  /** One posting (a capital record) with its entry id, only if its account is the user's. */
  async findRecord(userId: string, id: string): Promise<(RecordRow & { entry_id: string }) | null> {
    const rows: (RecordRow & { entry_id: string })[] = await this.ds.query(
      `SELECT p.id, e.entry_no, e.type, p.amount, p.balance_after, p.created_at, e.ref_type, e.ref_id, a.kind, p.entry_id
         FROM postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN journal_entries e ON e.id = p.entry_id
        WHERE p.id = $1 AND a.user_id = $2`,
      [id, userId],
    );
    return rows[0] ?? null;
  }

  /** Every posting of the entry, in order. */
  async entryPostings(entryId: string): Promise<EntryPostingRow[]> {
    return this.ds.query(
      `SELECT a.kind, CASE WHEN a.user_id IS NULL THEN 'platform' ELSE 'you' END AS owner, p.amount
         FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.entry_id = $1 ORDER BY p.id`,
      [entryId],
    );
  }

  /** The user's verification status, or null when there is no such user. */
  async kycStatus(userId: string): Promise<KycStatus | null> {
    const rows: { kyc_status: KycStatus }[] = await this.ds.query(`SELECT kyc_status FROM users WHERE id = $1`, [userId]);
    return rows[0]?.kyc_status ?? null;
  }
}
