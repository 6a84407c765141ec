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
  withdrawal_status: string | null;
  order_status: string | null;
  order_outcome: string | null;
  order_payout: string | null;
  withdrawal_returned: string | null;
}

/**
 * Entry types that finish an action begun by another entry with the same reference (a withdrawal paid
 * or returned, an order settled): folded into that action's record, never a record of their own.
 */
export const FOLLOW_UP_TYPES = ['withdrawal_refund', 'order_payout', 'order_refund', 'order_void', 'order_loss'];

/** A page of capital records: the accounts to read, the filters, and where the previous page ended. */
export interface RecordsQuery {
  /** The balance the user spends from (cash, or demo): the account of most records. */
  balance: { id: string; kind: string };
  /** The account Yu'e Bao income is paid into, read for `earn_income` records (real money only). */
  income?: { id: string; kind: string };
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
  entry_no: string;
  type: string;
  created_at: Date;
}

/** The wallet's SQL: capital records (the user's postings) read by keyset, and a reviewer's look at a user. */
@Injectable()
export class WalletRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Newest first; one row more than `limit` when there is more. A row is an action's first posting on the
   * balance the user spends from (`balance`: cash, or demo), or a Yu'e Bao income on `income`: the entries
   * that only finish an action (a withdrawal paid or returned, an order settled, Yu'e Bao money confirmed)
   * are not rows of their own, so the keyset on the posting id pages actions without gaps or repeats.
   */
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
    const where = filters.map((f) => ` AND ${f}`).join('');
    params.push(q.balance.id, q.balance.kind, FOLLOW_UP_TYPES);
    const [balanceId, balanceKind, followUps] = [params.length - 2, params.length - 1, params.length];
    // One branch per account, each read newest first by the account's (account_id, id DESC) index and stopped
    // after a page: a page costs the same at any depth (keyset, no OFFSET).
    const branches = [
      `(SELECT p.id, p.entry_id, p.amount, p.balance_after, p.created_at, $${balanceKind}::text AS kind
          FROM postings p JOIN journal_entries e ON e.id = p.entry_id
         WHERE p.account_id = $${balanceId}::bigint AND e.type <> ALL($${followUps}::text[])${where}
         ORDER BY p.id DESC LIMIT $1)`,
    ];
    if (q.income) {
      params.push(q.income.id, q.income.kind);
      branches.push(`(SELECT p.id, p.entry_id, p.amount, p.balance_after, p.created_at, $${params.length}::text AS kind
          FROM postings p JOIN journal_entries e ON e.id = p.entry_id
         WHERE p.account_id = $${params.length - 1}::bigint AND e.type = 'earn_income'${where}
         ORDER BY p.id DESC LIMIT $1)`);
    }
    // An income row's balance is the spendable one too: the last posting on it before the income's.
    return this.ds.query(
      `SELECT x.id, e.entry_no, e.type, x.amount, x.created_at, e.ref_type, e.ref_id, x.kind,
              CASE WHEN x.kind = $${balanceKind}::text THEN x.balance_after
                   ELSE coalesce((SELECT c.balance_after FROM postings c WHERE c.account_id = $${balanceId}::bigint AND c.id < x.id
                                   ORDER BY c.id DESC LIMIT 1), 0) END AS balance_after,
              w.status AS withdrawal_status, o.status AS order_status, o.outcome AS order_outcome, o.payout AS order_payout,
              CASE WHEN w.status IN ('failed', 'cancelled') THEN w.amount END AS withdrawal_returned
         FROM (SELECT * FROM (${branches.join(' UNION ALL ')}) b ORDER BY b.id DESC LIMIT $1) x
         JOIN journal_entries e ON e.id = x.entry_id
         LEFT JOIN withdrawals w ON w.id = CASE WHEN e.ref_type = 'withdrawal' THEN e.ref_id::uuid END
         LEFT JOIN orders o ON o.id = CASE WHEN e.ref_type = 'order' THEN e.ref_id::uuid END
        ORDER BY x.id DESC`,
      params,
    );
  }

  /** One capital record (an action's first posting, as in a page) with its entry id, only if it is the user's. */
  async findRecord(userId: string, id: string): Promise<(RecordRow & { entry_id: string }) | null> {
    const rows: (RecordRow & { entry_id: string })[] = await this.ds.query(
      `SELECT p.id, e.entry_no, e.type, p.amount, p.created_at, e.ref_type, e.ref_id, p.entry_id,
              a.kind,
              CASE WHEN a.kind = 'earn_confirmed'
                   THEN coalesce((SELECT c.balance_after FROM postings c JOIN ledger_accounts ca ON ca.id = c.account_id
                                   WHERE ca.user_id = $2 AND ca.kind = 'cash' AND c.id < p.id ORDER BY c.id DESC LIMIT 1), 0)
                   ELSE p.balance_after END AS balance_after,
              w.status AS withdrawal_status, o.status AS order_status, o.outcome AS order_outcome, o.payout AS order_payout,
              CASE WHEN w.status IN ('failed', 'cancelled') THEN w.amount END AS withdrawal_returned
         FROM postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN journal_entries e ON e.id = p.entry_id
         LEFT JOIN withdrawals w ON w.id = CASE WHEN e.ref_type = 'withdrawal' THEN e.ref_id::uuid END
         LEFT JOIN orders o ON o.id = CASE WHEN e.ref_type = 'order' THEN e.ref_id::uuid END
        WHERE p.id = $1 AND a.user_id = $2
          AND ((a.kind IN ('cash', 'demo') AND e.type <> ALL($3::text[])) OR (a.kind = 'earn_confirmed' AND e.type = 'earn_income'))`,
      [id, userId, FOLLOW_UP_TYPES],
    );
    return rows[0] ?? null;
  }

  /**
   * Every posting of the entry and of the entries that finished the same withdrawal or order, in order:
   * the particulars of one action. The follow-ups are found by their unique keys (indexed), which name
   * the withdrawal or order they finish.
   */
  async actionPostings(entryId: string, ref: { type: string | null; id: string | null }): Promise<EntryPostingRow[]> {
    const keys =
      ref.type === 'withdrawal' && ref.id
        ? [`withdrawal-pay:${ref.id}`, `withdrawal-refund:${ref.id}`]
        : ref.type === 'order' && ref.id
          ? [`settle:${ref.id}`]
          : [];
    return this.ds.query(
      `SELECT a.kind, CASE WHEN a.user_id IS NULL THEN 'platform' ELSE 'you' END AS owner, p.amount,
              e.entry_no, e.type, e.created_at
         FROM postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN journal_entries e ON e.id = p.entry_id
        WHERE p.entry_id = $1::bigint OR p.entry_id IN (SELECT id FROM journal_entries WHERE unique_key = ANY($2::text[]))
        ORDER BY p.id`,
      [entryId, keys],
    );
  }

  /** The user's verification status, or null when there is no such user. */
  async kycStatus(userId: string): Promise<KycStatus | null> {
    const rows: { kyc_status: KycStatus }[] = await this.ds.query(`SELECT kyc_status FROM users WHERE id = $1`, [userId]);
    return rows[0]?.kyc_status ?? null;
  }
}
