import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { EntrySet } from '../ledger/ledger.types.js';
import { returnedRows } from '../database/rows.js';

/** One cut-off job at a time posts: concurrent runs wait for each other's transaction (and then find the work done). */
export const EARN_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtext('candor:earn-post'))`;
// The job's sorts and hashes (a confirmation per due lot) spilled to disk at the default work_mem; its
// transactions get more, for themselves only.
const EARN_WORK_MEM_SQL = `SET LOCAL work_mem = '64MB'`;

// The batch's holders, and what each held through the whole income day: lots confirmed by its start ($5) with
// what is left of them, plus the income not taken out, plus what was taken out only after the day ended ($6)
// (docs/earn.md, "How the income is computed"). $1/$2 the holders (lo, hi], $3 the date, $4 the rate.
const INCOME_CTES = `
  batch AS (SELECT user_id, income_remaining FROM earn_holders WHERE user_id > $1::uuid AND ($2::uuid IS NULL OR user_id <= $2::uuid)),
  lots AS (SELECT t.user_id, sum(t.remaining) AS s FROM earn_transfers t
            WHERE t.remaining > 0 AND t.confirm_at <= $5::timestamptz AND t.user_id > $1::uuid AND ($2::uuid IS NULL OR t.user_id <= $2::uuid)
            GROUP BY t.user_id),
  back AS (SELECT p.user_id, sum(p.amount) AS s FROM earn_out_parts p LEFT JOIN earn_transfers l ON l.id = p.lot_id
            WHERE p.at >= $6::timestamptz AND p.user_id > $1::uuid AND ($2::uuid IS NULL OR p.user_id <= $2::uuid)
              AND (p.lot_id IS NULL OR l.confirm_at <= $5::timestamptz)
            GROUP BY p.user_id),
  basis AS (SELECT b.user_id, b.income_remaining + coalesce(lots.s, 0) + coalesce(back.s, 0) AS basis
              FROM batch b LEFT JOIN lots ON lots.user_id = b.user_id LEFT JOIN back ON back.user_id = b.user_id),
  ins AS (INSERT INTO earn_income (user_id, date, amount, basis, posted_at)
          SELECT user_id, $3::date, floor(basis * $4::numeric)::bigint, basis, $7::timestamptz FROM basis WHERE floor(basis * $4::numeric) >= 1
          ON CONFLICT (user_id, date) DO NOTHING
          RETURNING user_id, amount, basis),
  upd AS (UPDATE earn_holders h SET income_remaining = h.income_remaining + ins.amount, income_total = h.income_total + ins.amount
            FROM ins WHERE h.user_id = ins.user_id AND h.user_id > $1::uuid AND ($2::uuid IS NULL OR h.user_id <= $2::uuid)
            RETURNING h.user_id, ins.amount, ins.basis),
  run AS (UPDATE earn_runs r SET holders = r.holders + x.n, basis_total = r.basis_total + x.b, income_total = r.income_total + x.a
            FROM (SELECT count(*)::int AS n, coalesce(sum(basis), 0)::bigint AS b, coalesce(sum(amount), 0)::bigint AS a FROM upd) x
           WHERE r.date = $3::date RETURNING 1)`;
// One entry per paid holder: interest_expense -> the holder's earn_confirmed ($8 the interest_expense account).
const INCOME_ENTRIES = `
  SELECT 'earn_income'::varchar AS type, upd.user_id, 'earn_income'::varchar AS ref_type, $3::text AS ref_id,
         'earn-income:' || upd.user_id || ':' || $3::text AS unique_key, NULL::text AS memo,
         ARRAY[c.id, $8::bigint] AS accounts, ARRAY[upd.amount, -upd.amount]::bigint[] AS amounts
    FROM upd JOIN ledger_accounts c ON c.user_id = upd.user_id AND c.kind = 'earn_confirmed'`;

// Due lots move earn_pending -> earn_confirmed: one entry per user and confirmation date ($1 the clock's now).
const CONFIRM_CTES = `
  due AS (UPDATE earn_transfers SET status = 'confirmed', confirmed_at = $1::timestamptz
           WHERE status = 'pending' AND confirm_at <= $1::timestamptz RETURNING user_id, remaining, confirm_date),
  per AS (SELECT user_id, confirm_date, sum(remaining)::bigint AS amount FROM due GROUP BY user_id, confirm_date)`;
const CONFIRM_ENTRIES = `
  SELECT 'earn_confirm'::varchar AS type, per.user_id, 'earn_confirm'::varchar AS ref_type, per.confirm_date::text AS ref_id,
         'earn-confirm:' || per.user_id || ':' || per.confirm_date::text AS unique_key, NULL::text AS memo,
         ARRAY[p.id, c.id] AS accounts, ARRAY[-per.amount, per.amount]::bigint[] AS amounts
    FROM per JOIN ledger_accounts p ON p.user_id = per.user_id AND p.kind = 'earn_pending'
             JOIN ledger_accounts c ON c.user_id = per.user_id AND c.kind = 'earn_confirmed'
   WHERE per.amount > 0`;

/** Due lots at `now` move earn_pending -> earn_confirmed: one entry per user and confirmation date. */
export function confirmEntries(now: Date): EntrySet {
  return { ctes: CONFIRM_CTES, entries: CONFIRM_ENTRIES, params: [now] };
}

/** What one batch of one income date is computed from (INCOME_CTES' parameters). */
export interface IncomeBatch {
  /** The batch's holders: user ids in (lo, hi]; hi null for all the rest. */
  lo: string;
  hi: string | null;
  date: string;
  dailyRate: string;
  /** The income day's start and end (its cut-offs), and the clock's now. */
  start: Date;
  end: Date;
  now: Date;
  /** The interest_expense platform account. */
  expenseAccountId: string;
}

/** The income of one batch of holders for one date, one entry per paid holder. */
export function incomeEntries(b: IncomeBatch): EntrySet {
  return { ctes: INCOME_CTES, entries: INCOME_ENTRIES, params: [b.lo, b.hi, b.date, b.dailyRate, b.start, b.end, b.now, b.expenseAccountId] };
}

/** The cut-off job's own SQL (its ledger entries are selected by the sets above and posted by LedgerService.postSet). */
@Injectable()
export class EarnPostingRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Waits for any other run's transaction (EARN_LOCK_SQL) and gives this transaction its work memory. */
  async beginJobTransaction(em: EntityManager): Promise<void> {
    await em.query(EARN_LOCK_SQL);
    await em.query(EARN_WORK_MEM_SQL);
  }

  /** Locks the holder rows of users with lots due at `now`, in one statement and user order, as transfers take them. */
  async lockDueHolders(em: EntityManager, now: Date): Promise<void> {
    await em.query(
      `SELECT 1 FROM earn_holders WHERE user_id IN (SELECT user_id FROM earn_transfers WHERE status = 'pending' AND confirm_at <= $1) ORDER BY user_id FOR UPDATE`,
      [now],
    );
  }

  /** The oldest run not finished, and the newest run (dates), each null when there is none. */
  async runDates(em: EntityManager): Promise<{ open: string | null; last: string | null }> {
    const [r]: { open: string | null; last: string | null }[] = await em.query(
      `SELECT (SELECT min(date) FROM earn_runs WHERE finished_at IS NULL)::text AS open, (SELECT max(date) FROM earn_runs)::text AS last`,
    );
    return { open: r?.open ?? null, last: r?.last ?? null };
  }

  /** The day before the first income date of any lot ever made, or null when there is none. */
  async dayBeforeFirstIncome(em: EntityManager): Promise<string | null> {
    const [f]: { first: string | null }[] = await em.query(`SELECT (min(first_income_on) - 1)::text AS first FROM earn_transfers WHERE direction = 'in'`);
    return f?.first ?? null;
  }

  /** The run of `date` (kept as it is when it exists). */
  async startRun(date: string, postingAt: Date, settingsId: string, dailyRate: string, now: Date): Promise<void> {
    await this.ds.query(
      `INSERT INTO earn_runs (date, posting_at, settings_id, daily_rate, started_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (date) DO NOTHING`,
      [date, postingAt, settingsId, dailyRate, now],
    );
  }

  /** The holder `offset` places after `after` in user order (the last one of a batch), or null past the end. */
  async holderAfter(after: string, offset: number): Promise<string | null> {
    const [edge]: { user_id: string }[] = await this.ds.query(`SELECT user_id FROM earn_holders WHERE user_id > $1::uuid ORDER BY user_id OFFSET $2 LIMIT 1`, [
      after,
      offset,
    ]);
    return edge?.user_id ?? null;
  }

  /** Marks the run of `date` finished (at its first finish); its holders and income. */
  async finishRun(date: string, now: Date): Promise<{ holders: number; income_total: string } | null> {
    const [run] = returnedRows<{ holders: number; income_total: string }>(
      await this.ds.query(`UPDATE earn_runs SET finished_at = coalesce(finished_at, $2) WHERE date = $1 RETURNING holders, income_total`, [date, now]),
    );
    return run ?? null;
  }
}
