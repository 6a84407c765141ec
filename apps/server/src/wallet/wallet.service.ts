import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { formatCents } from '@candor/domain';
import {
  isBigintId,
  isIdBeyondBigint,
  type AdminUserMoney,
  type CapitalRecord,
  type CapitalRecordDetail,
  type Page,
  type RecordAction,
  type RecordStatus,
  type Wallet,
} from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { toCents } from '../database/rows.js';
import { toWallet } from './wallet-view.js';
import { WalletRepository, type RecordRow } from './wallet.repository.js';
import { toCsv } from '../common/csv.js';

/** Most rows one export holds; a longer history is exported by date range. */
export const CSV_MAX_ROWS = 100_000;
const CSV_PAGE = 1_000;
/** How many of the newest capital records a reviewer sees beside a request. */
export const RECENT_RECORDS = 10;

@Injectable()
export class WalletService {
  constructor(
    private readonly ledger: LedgerService,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: WalletRepository,
  ) {}

  /** The wallet (same figures as the `wallet` socket event: one `toWallet` for both). */
  async wallet(userId: string): Promise<Wallet> {
    return toWallet(await this.ledger.balances(userId));
  }

  async records(
    userId: string,
    q: { type?: string; account?: 'real' | 'demo'; from?: string; to?: string; limit: number; cursor?: string },
  ): Promise<Page<CapitalRecord>> {
    // The ledger's cached account ids: a page of records is then one statement.
    const ids = (await this.ledger.usersAccountIds(this.ds.manager, [userId])).get(userId);
    if (!ids) return { items: [], nextCursor: null };
    const accounts =
      q.account === 'demo'
        ? { balance: { id: ids.demo, kind: 'demo' } }
        : { balance: { id: ids.cash, kind: 'cash' }, income: { id: ids.earn_confirmed, kind: 'earn_confirmed' } };
    const rows = await this.repo.recordsPage({ ...accounts, type: q.type, from: q.from, to: q.to, cursor: q.cursor, limit: q.limit });
    const items = rows.slice(0, q.limit).map(toRecord);
    return { items, nextCursor: rows.length > q.limit ? items[items.length - 1]!.id : null };
  }

  /** What a reviewer sees beside a user's deposit or withdrawal: balances, newest real-account records, verification. */
  async userMoney(userId: string): Promise<AdminUserMoney> {
    const kycStatus = await this.repo.kycStatus(userId);
    if (!kycStatus) throw new DomainError('NOT_FOUND');
    const [balances, records] = await Promise.all([this.wallet(userId), this.records(userId, { account: 'real', limit: RECENT_RECORDS })]);
    return { userId, balances, recentRecords: records.items, kycStatus };
  }

  /** The filtered records as CSV with a header row, newest first, read page by page by keyset; formula-like text defused. */
  async recordsCsv(userId: string, q: { type?: string; account?: 'real' | 'demo'; from?: string; to?: string }): Promise<string> {
    const rows: CapitalRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.records(userId, { ...q, limit: CSV_PAGE, cursor });
      rows.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && rows.length < CSV_MAX_ROWS);
    return toCsv(rows.slice(0, CSV_MAX_ROWS), [
      'id',
      'entryNo',
      'createdAt',
      'action',
      'type',
      'status',
      'account',
      'amount',
      'returned',
      'balanceAfter',
      'ref',
    ]);
  }

  /** One record with every posting of the entries folded into it (the particulars), only if it is the user's. */
  async record(userId: string, id: string): Promise<CapitalRecordDetail> {
    if (isIdBeyondBigint(id)) throw new DomainError('VALIDATION_FAILED', 'id');
    if (!isBigintId(id)) throw new DomainError('NOT_FOUND');
    const row = await this.repo.findRecord(userId, id);
    if (!row) throw new DomainError('NOT_FOUND');
    const postings = await this.repo.actionPostings(row.entry_id, { type: row.ref_type, id: row.ref_id });
    return {
      ...toRecord(row),
      postings: postings.map((p) => ({
        account: p.kind,
        owner: p.owner,
        amount: formatCents(toCents(p.amount)),
        entryNo: p.entry_no,
        type: p.type,
        createdAt: new Date(p.created_at).toISOString(),
      })),
    };
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
    // The account the row's money moved on; `balanceAfter` is the available balance for every row (an
    // income, paid into Yu'e Bao, included).
    account: r.kind,
    action: recordAction(r.type),
    status: recordStatus(r),
    returned:
      r.order_payout != null ? formatCents(toCents(r.order_payout)) : r.withdrawal_returned != null ? formatCents(toCents(r.withdrawal_returned)) : null,
  };
}

function recordAction(type: string): RecordAction {
  return type === 'order_stake' ? 'order' : (type as RecordAction);
}

/** Where a withdrawal or an order stands now, read from it (not from the entries). */
function recordStatus(r: RecordRow): RecordStatus | null {
  if (r.withdrawal_status) return r.withdrawal_status as RecordStatus;
  if (r.order_status === 'open') return 'open';
  if (r.order_status === 'voided') return 'void';
  if (r.order_outcome) return r.order_outcome as RecordStatus;
  return null;
}
