import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { addDays, formatCents, incomeDatesDue } from '@candor/domain';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { Clock } from '../common/clock.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { returnedRows, toCents } from '../database/rows.js';
import { loadVersions, type EarnVersions } from './earn-settings.js';

/** What one run of the cut-off job did (the job's result in the queues dashboard). */
export interface EarnPostResult {
  /** The clock's time the run worked at. */
  at: string;
  /** Confirmation entries (one per user and date), the money moved, and the step's wall time. */
  confirmed: { entries: number; amount: string; ms: number };
  /** The income dates posted (or finished) by this run, in order, each with its wall time. */
  dates: { date: string; holders: number; income: string; batches: number; ms: number }[];
}

/** One cut-off job at a time posts: concurrent runs wait for each other's transaction (and then find the work done). */
export const EARN_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtext('candor:earn-post'))`;
// The job's sorts and hashes (a confirmation per due lot, 200 000 at a million holders) spilled to disk at the
// default 4 MB; its transactions get more, for themselves only.
const EARN_WORK_MEM_SQL = `SET LOCAL work_mem = '64MB'`;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

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

/**
 * Yu'e Bao's cut-off job, set-based: confirms every due lot in one statement, then posts each due income date
 * in date order, a batch of holders per statement (EARN_INCOME_BATCH), each batch its own transaction. The
 * primary key (user, date) of earn_income makes each income once, ever: a rerun, a crash half-way or a late
 * start pays nobody twice and skips no day (docs/earn.md, "The cut-off job").
 */
@Injectable()
export class EarnPostingService {
  private readonly log = new Logger('earn');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
  ) {}

  /** The whole job at the clock's now: confirmations, then every income date due, oldest first. */
  async run(): Promise<EarnPostResult> {
    const now = this.clock.now();
    const confirmed = await this.confirmDue(now);
    const dates = await this.postIncomeDue(now);
    if (confirmed.entries || dates.length) {
      this.log.log(
        `confirmed ${confirmed.amount} for ${confirmed.entries} holders; income ${dates.map((d) => `${d.date}: ${d.income} to ${d.holders}`).join(', ') || 'none due'}`,
      );
    }
    return { at: now.toISOString(), confirmed, dates };
  }

  /** Lots whose confirmation time has come, earn_pending -> earn_confirmed, in one transaction. */
  async confirmDue(now: Date): Promise<EarnPostResult['confirmed']> {
    const started = performance.now();
    return this.ds.transaction('READ COMMITTED', async (em) => {
      await em.query(EARN_LOCK_SQL);
      await em.query(EARN_WORK_MEM_SQL);
      // Holder rows first, in one statement, as transfers take them: the lots and accounts after cannot deadlock.
      await em.query(
        `SELECT 1 FROM earn_holders WHERE user_id IN (SELECT user_id FROM earn_transfers WHERE status = 'pending' AND confirm_at <= $1) ORDER BY user_id FOR UPDATE`,
        [now],
      );
      const r = await this.ledger.postSet(em, CONFIRM_CTES, CONFIRM_ENTRIES, [now]);
      // Each (user, date) is confirmed in one run; a key already posted would leave lots and ledger apart.
      if (r.duplicate) throw new Error(`earn confirm: ${r.duplicate} confirmations were already posted`);
      return { entries: r.posted, amount: formatCents(r.moved), ms: Math.round(performance.now() - started) };
    });
  }

  /** The first income date not yet fully posted, or null when nothing was ever confirmed. */
  async firstUnposted(em: EntityManager = this.ds.manager): Promise<string | null> {
    const [r]: { open: string | null; last: string | null }[] = await em.query(
      `SELECT (SELECT min(date) FROM earn_runs WHERE finished_at IS NULL)::text AS open, (SELECT max(date) FROM earn_runs)::text AS last`,
    );
    if (r?.open) return r.open;
    if (r?.last) return addDays(r.last, 1);
    // Only before the first run ever: this reads every lot (1.2 s at a million holders, three times a job).
    const [f]: { first: string | null }[] = await em.query(`SELECT (min(first_income_on) - 1)::text AS first FROM earn_transfers WHERE direction = 'in'`);
    return f?.first ?? null;
  }

  /** The income dates due at `now` (their posting instant has come), oldest first. */
  async datesDue(now: Date, versions?: EarnVersions): Promise<string[]> {
    const first = await this.firstUnposted();
    if (!first) return [];
    const v = versions ?? (await loadVersions(this.ds.manager));
    return incomeDatesDue(first, now, (d) => v.forDate(d));
  }

  async postIncomeDue(now: Date): Promise<EarnPostResult['dates']> {
    const versions = await loadVersions(this.ds.manager);
    const out: EarnPostResult['dates'] = [];
    for (const date of await this.datesDue(now, versions)) out.push(await this.postIncome(date, now, versions));
    return out;
  }

  /** Every holder's income of one date, a batch per transaction, then the date marked finished. */
  async postIncome(date: string, now: Date, versions: EarnVersions): Promise<EarnPostResult['dates'][number]> {
    const started = performance.now();
    const v = versions.forDate(date);
    const start = versions.cutoffOn(date);
    const end = versions.cutoffOn(addDays(date, 1));
    await this.ds.query(
      `INSERT INTO earn_runs (date, posting_at, settings_id, daily_rate, started_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (date) DO NOTHING`,
      [date, end, v.id, v.dailyRate, now],
    );
    const expense = await this.ledger.platformAccountId(this.ds.manager, 'interest_expense');
    let lo = NIL_UUID;
    let batches = 0;
    for (;;) {
      const [edge]: { user_id: string }[] = await this.ds.query(
        `SELECT user_id FROM earn_holders WHERE user_id > $1::uuid ORDER BY user_id OFFSET $2 LIMIT 1`,
        [lo, this.config.EARN_INCOME_BATCH - 1],
      );
      const hi = edge?.user_id ?? null;
      await this.ds.transaction('READ COMMITTED', async (em) => {
        await em.query(EARN_LOCK_SQL);
        await em.query(EARN_WORK_MEM_SQL);
        const r = await this.ledger.postSet(em, INCOME_CTES, INCOME_ENTRIES, [lo, hi, date, v.dailyRate, start, end, now, expense]);
        if (r.duplicate) throw new Error(`earn income ${date}: ${r.duplicate} entries were already posted`);
      });
      batches++;
      if (!hi) break;
      lo = hi;
    }
    const [run] = returnedRows<{ holders: number; income_total: string }>(
      await this.ds.query(`UPDATE earn_runs SET finished_at = coalesce(finished_at, $2) WHERE date = $1 RETURNING holders, income_total`, [date, now]),
    );
    return { date, holders: run?.holders ?? 0, income: formatCents(toCents(run?.income_total)), batches, ms: Math.round(performance.now() - started) };
  }
}
