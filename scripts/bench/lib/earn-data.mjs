// Yu'e Bao holders for bench:earn, loaded set-based (a million through the api would take hours), and the
// hand-written statement the job is measured against. The data is what the api and the job would have
// left behind: lots of mixed ages (confirmed long ago, due for confirmation now, still pending), some
// partly taken out during the day being posted and some after it, income taken out, each holder's
// earn_pending and earn_confirmed funded by one balanced ledger entry, and the runs posted up to the day
// before the one due.

/** Every per-user ledger account kind, as registration opens them (libs/db USER_ACCOUNT_KINDS). */
async function userAccountKinds() {
  const { USER_ACCOUNT_KINDS } = await import('@candor/db');
  return [...USER_ACCOUNT_KINDS];
}

/**
 * Loads `n` holders into the database of `client` for the income date `day` (its cut-offs `start` and `end`,
 * `end` at or before now). Returns counts of what it made.
 */
export async function loadHolders(client, n, { start, end, day, previousDay }) {
  const q = (sql, params) => client.query(sql, params);
  await q(
    `INSERT INTO users (email, phone, nickname, password_hash, trade_password_hash, invite_code, registration_code)
     SELECT 'eb' || i || '@example.com', '+1666' || lpad(i::text, 9, '0'), 'eb' || i, '!', '!', 'EB' || i, 'BENCH2024'
       FROM generate_series(1, $1::int) AS i`,
    [n],
  );
  await q(`CREATE TABLE bench_holders AS SELECT id AS user_id, substr(invite_code, 3)::int AS i FROM users WHERE invite_code LIKE 'EB%'`);
  await q(`ALTER TABLE bench_holders ADD PRIMARY KEY (i)`);
  await q(`INSERT INTO ledger_accounts (user_id, kind) SELECT h.user_id, k FROM bench_holders h CROSS JOIN unnest($1::text[]) AS k`, [
    await userAccountKinds(),
  ]);

  // 1 to 4 lots a holder. kind: one in 20 due for confirmation now (at `end`), one in 20 pending until
  // tomorrow, the rest confirmed 0 to 59 days before `start`. One confirmed lot in 5 is half taken out,
  // half of those during the day being posted (`start` + 3 h), half after it ended (at `end`).
  await q(
    `CREATE TABLE bench_lots AS
     SELECT row_number() OVER (ORDER BY h.i, j) AS id, h.user_id, h.i, j,
            2000 + ((h.i::bigint * 7919 + j * 104729) % 998001) AS amount,
            CASE (h.i * 3 + j) % 20 WHEN 0 THEN 'due' WHEN 1 THEN 'later' ELSE 'held' END AS kind
       FROM bench_holders h CROSS JOIN LATERAL generate_series(0, h.i % 4) AS j`,
  );
  await q(`ALTER TABLE bench_lots ADD COLUMN confirm_at timestamptz, ADD COLUMN remaining bigint, ADD COLUMN took_at timestamptz`);
  await q(
    `UPDATE bench_lots SET
       confirm_at = CASE kind WHEN 'due' THEN $2::timestamptz WHEN 'later' THEN $2::timestamptz + interval '1 day'
                              ELSE $1::timestamptz - ((i + j * 11) % 60) * interval '1 day' END,
       remaining = CASE WHEN kind = 'held' AND (i + j * 5) % 5 = 0 THEN amount / 2 ELSE amount END,
       took_at = CASE WHEN kind = 'held' AND (i + j * 5) % 5 = 0 THEN
                   CASE WHEN (i + j) % 2 = 0 THEN $1::timestamptz + interval '3 hours' ELSE $2::timestamptz END END`,
    [start, end],
  );
  await q(
    `INSERT INTO earn_transfers (id, user_id, direction, amount, status, created_at, remaining, trade_date, confirm_date, confirm_at, first_income_on, withdrawable_at, confirmed_at)
     OVERRIDING SYSTEM VALUE
     SELECT id, user_id, 'in', amount, CASE kind WHEN 'held' THEN 'confirmed' ELSE 'pending' END,
            confirm_at - interval '26 hours' - j * interval '1 second', remaining,
            (confirm_at AT TIME ZONE 'Asia/Taipei')::date - 1, (confirm_at AT TIME ZONE 'Asia/Taipei')::date, confirm_at,
            (confirm_at AT TIME ZONE 'Asia/Taipei')::date + 1, confirm_at - interval '2 hours' - j * interval '1 second',
            CASE kind WHEN 'held' THEN confirm_at END
       FROM bench_lots`,
  );
  // Transfers out: one per holder and time for the lots' parts, and 0.50 of income at `end` for one holder in 7.
  await q(
    `CREATE TABLE bench_outs AS
     SELECT (SELECT max(id) FROM bench_lots) + row_number() OVER (ORDER BY user_id, at, source) AS id, user_id, at, amount, source
       FROM (SELECT user_id, took_at AS at, sum(amount - remaining) AS amount, 'confirmed' AS source FROM bench_lots WHERE took_at IS NOT NULL GROUP BY 1, 2
             UNION ALL SELECT user_id, $1::timestamptz, 50, 'income' FROM bench_holders WHERE i % 7 = 0) o`,
    [end],
  );
  await q(
    `INSERT INTO earn_transfers (id, user_id, direction, amount, status, created_at) OVERRIDING SYSTEM VALUE
     SELECT id, user_id, 'out', amount, 'done', at FROM bench_outs`,
  );
  await q(`SELECT setval(pg_get_serial_sequence('earn_transfers', 'id'), (SELECT max(id) FROM earn_transfers))`);
  await q(
    `INSERT INTO earn_out_parts (out_id, lot_id, user_id, source, amount, at)
     SELECT o.id, l.id, l.user_id, 'confirmed', l.amount - l.remaining, l.took_at
       FROM bench_lots l JOIN bench_outs o ON o.user_id = l.user_id AND o.at = l.took_at AND o.source = 'confirmed'
     UNION ALL
     SELECT id, NULL, user_id, 'income', amount, at FROM bench_outs WHERE source = 'income'`,
  );
  await q(
    `INSERT INTO earn_holders (user_id, income_remaining, income_total, created_at)
     SELECT user_id, (i % 3) * 123, (i % 3) * 123 + 1000, $1::timestamptz - interval '70 days' FROM bench_holders`,
    [start],
  );

  // Each holder's earn_pending and earn_confirmed, funded from deposits_clearing by one balanced entry.
  await q(
    `CREATE TABLE bench_funds AS
     SELECT h.user_id, h.i,
            coalesce(sum(l.remaining) FILTER (WHERE l.kind <> 'held'), 0)::bigint AS pending,
            (coalesce(sum(l.remaining) FILTER (WHERE l.kind = 'held'), 0) + (h.i % 3) * 123)::bigint AS confirmed
       FROM bench_holders h LEFT JOIN bench_lots l ON l.user_id = h.user_id GROUP BY h.user_id, h.i`,
  );
  await q(
    `INSERT INTO journal_entries (entry_no, type, user_id, ref_type, ref_id, unique_key)
     SELECT 'J' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD') || lpad(nextval('journal_entry_no_seq')::text, 10, '0'),
            'adjustment', user_id, 'bench', i::text, 'bench-earn-fund:' || user_id
       FROM bench_funds ORDER BY i`,
  );
  await q(
    `WITH clearing AS (SELECT id, balance FROM ledger_accounts WHERE user_id IS NULL AND kind = 'deposits_clearing'),
     legs AS (
       SELECT e.id AS entry_id, a.id AS account_id, f.pending AS amount, a.balance + f.pending AS after
         FROM bench_funds f JOIN journal_entries e ON e.unique_key = 'bench-earn-fund:' || f.user_id
         JOIN ledger_accounts a ON a.user_id = f.user_id AND a.kind = 'earn_pending' WHERE f.pending > 0
       UNION ALL
       SELECT e.id, a.id, f.confirmed, a.balance + f.confirmed
         FROM bench_funds f JOIN journal_entries e ON e.unique_key = 'bench-earn-fund:' || f.user_id
         JOIN ledger_accounts a ON a.user_id = f.user_id AND a.kind = 'earn_confirmed' WHERE f.confirmed > 0
       UNION ALL
       SELECT e.id, c.id, -(f.pending + f.confirmed),
              c.balance - sum(f.pending + f.confirmed) OVER (ORDER BY e.id)
         FROM bench_funds f JOIN journal_entries e ON e.unique_key = 'bench-earn-fund:' || f.user_id CROSS JOIN clearing c)
     INSERT INTO postings (entry_id, account_id, amount, balance_after) SELECT entry_id, account_id, amount, after FROM legs ORDER BY entry_id`,
  );
  await q(
    `UPDATE ledger_accounts a SET balance = a.balance + d.delta
       FROM (SELECT account_id, sum(amount) AS delta FROM postings p JOIN journal_entries e ON e.id = p.entry_id
              WHERE e.unique_key LIKE 'bench-earn-fund:%' GROUP BY account_id) d
      WHERE a.id = d.account_id`,
  );
  // The days before are posted: the job has exactly `day` to post.
  await q(
    `INSERT INTO earn_runs (date, posting_at, settings_id, daily_rate, holders, basis_total, income_total, started_at, finished_at)
     SELECT $1::date, $2::timestamptz, id, daily_rate, 0, 0, 0, $2::timestamptz, $2::timestamptz FROM earn_settings ORDER BY id DESC LIMIT 1`,
    [previousDay, start],
  );
  const [{ lots, outs }] = (await q(`SELECT (SELECT count(*) FROM bench_lots)::int AS lots, (SELECT count(*) FROM bench_outs)::int AS outs`)).rows;
  await q(`DROP TABLE bench_funds, bench_outs, bench_lots, bench_holders`);
  return { holders: n, lots, outs };
}

/**
 * The same work as the job, as ONE statement written by hand: confirm the due lots and post the income of
 * `day` for every holder, writing the journal entries, postings and balances directly (no ledger function,
 * no batches). $1 now, $2 start, $3 end, $4 day, $5 rate, $6 interest_expense account.
 */
export const RAW_SQL = `
WITH
  due AS (UPDATE earn_transfers SET status = 'confirmed', confirmed_at = $1::timestamptz
           WHERE status = 'pending' AND confirm_at <= $1::timestamptz RETURNING user_id, remaining, confirm_date),
  cper AS (SELECT user_id, confirm_date, sum(remaining)::bigint AS amount FROM due GROUP BY 1, 2 HAVING sum(remaining) > 0),
  lots AS (SELECT user_id, sum(remaining) AS s FROM earn_transfers WHERE remaining > 0 AND confirm_at <= $2::timestamptz GROUP BY user_id),
  back AS (SELECT p.user_id, sum(p.amount) AS s FROM earn_out_parts p LEFT JOIN earn_transfers l ON l.id = p.lot_id
            WHERE p.at >= $3::timestamptz AND (p.lot_id IS NULL OR l.confirm_at <= $2::timestamptz) GROUP BY p.user_id),
  basis AS (SELECT h.user_id, h.income_remaining + coalesce(lots.s, 0) + coalesce(back.s, 0) AS basis
              FROM earn_holders h LEFT JOIN lots ON lots.user_id = h.user_id LEFT JOIN back ON back.user_id = h.user_id),
  inc AS (INSERT INTO earn_income (user_id, date, amount, basis, posted_at)
          SELECT user_id, $4::date, floor(basis * $5::numeric)::bigint, basis, $1::timestamptz FROM basis WHERE floor(basis * $5::numeric) >= 1
          ON CONFLICT DO NOTHING RETURNING user_id, amount, basis),
  hupd AS (UPDATE earn_holders h SET income_remaining = h.income_remaining + inc.amount, income_total = h.income_total + inc.amount
            FROM inc WHERE h.user_id = inc.user_id),
  run AS (INSERT INTO earn_runs (date, posting_at, settings_id, daily_rate, holders, basis_total, income_total, started_at, finished_at)
          SELECT $4::date, $3::timestamptz, (SELECT max(id) FROM earn_settings), $5::numeric, count(*), coalesce(sum(basis), 0), coalesce(sum(amount), 0), $1::timestamptz, $1::timestamptz FROM inc),
  entries AS (SELECT 0 AS step, 'earn_confirm'::varchar AS type, user_id, confirm_date::text AS ref_id,
                     'earn-confirm:' || user_id || ':' || confirm_date AS unique_key, amount FROM cper
              UNION ALL
              SELECT 1, 'earn_income', user_id, $4::text, 'earn-income:' || user_id || ':' || $4::text, amount FROM inc),
  je AS (INSERT INTO journal_entries (entry_no, type, user_id, ref_type, ref_id, unique_key)
         SELECT 'J' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD') || lpad(nextval('journal_entry_no_seq')::text, 10, '0'),
                type, user_id, type, ref_id, unique_key FROM entries
         RETURNING id, unique_key),
  ej AS (SELECT je.id AS entry_id, e.step, e.user_id, e.amount FROM entries e JOIN je ON je.unique_key = e.unique_key),
  legs AS (SELECT ej.entry_id, ej.step, a.id AS account_id, a.balance, -ej.amount AS amount
             FROM ej JOIN ledger_accounts a ON a.user_id = ej.user_id AND a.kind = 'earn_pending' WHERE ej.step = 0
           UNION ALL
           SELECT ej.entry_id, ej.step, a.id, a.balance, ej.amount
             FROM ej JOIN ledger_accounts a ON a.user_id = ej.user_id AND a.kind = 'earn_confirmed'
           UNION ALL
           SELECT ej.entry_id, ej.step, a.id, a.balance, -ej.amount
             FROM ej JOIN ledger_accounts a ON a.id = $6::bigint WHERE ej.step = 1),
  posts AS (INSERT INTO postings (entry_id, account_id, amount, balance_after)
            SELECT entry_id, account_id, amount, balance + sum(amount) OVER (PARTITION BY account_id ORDER BY step, entry_id) FROM legs),
  bal AS (UPDATE ledger_accounts a SET balance = a.balance + d.delta
            FROM (SELECT account_id, sum(amount) AS delta FROM legs GROUP BY account_id) d WHERE a.id = d.account_id)
SELECT (SELECT count(*) FROM cper)::int AS confirmed, (SELECT count(*) FROM inc)::int AS paid, (SELECT coalesce(sum(amount), 0) FROM inc)::bigint AS income`;

/** What both sides must agree on after their run: income rows, holders, balances, pending lots, the expense. */
export async function fingerprint(client, day) {
  const { rows } = await client.query(
    `SELECT (SELECT count(*) FROM earn_income WHERE date = $1)::int AS paid,
            (SELECT coalesce(sum(amount), 0) FROM earn_income WHERE date = $1)::text AS income,
            (SELECT md5(string_agg(user_id::text || ':' || amount || ':' || basis, ',' ORDER BY user_id)) FROM earn_income WHERE date = $1) AS rows,
            (SELECT md5(string_agg(user_id::text || ':' || income_remaining || ':' || income_total, ',' ORDER BY user_id)) FROM earn_holders) AS holders,
            (SELECT md5(string_agg(user_id::text || kind || balance, ',' ORDER BY user_id, kind)) FROM ledger_accounts
              WHERE kind IN ('earn_pending', 'earn_confirmed')) AS balances,
            (SELECT count(*) FROM earn_transfers WHERE status = 'pending')::int AS pending,
            (SELECT balance FROM ledger_accounts WHERE user_id IS NULL AND kind = 'interest_expense')::text AS expense`,
    [day],
  );
  return rows[0];
}

/** Reads the tables both sides read, so neither pays for a cold cache the other did not. */
export async function warm(client) {
  for (const t of ['earn_transfers', 'earn_holders', 'earn_out_parts', 'ledger_accounts', 'earn_income', 'journal_entries'])
    await client.query(`SELECT count(*) FROM ${t}`);
}
