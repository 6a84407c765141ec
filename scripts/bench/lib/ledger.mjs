// Ledger writes for the benchmarks' set-up, through the database's own ledger function
// (candor_post_entries, defined by the migrations): the same checks and balance updates as the
// server's LedgerService, without importing server code.

/** The id of a platform account (deposits_clearing, demo_issuer, house, ...). */
export async function platformAccountId(query, kind) {
  const rows = await query(`SELECT id FROM ledger_accounts WHERE user_id IS NULL AND kind = $1`, [kind]);
  if (!rows[0]) throw new Error(`platform account ${kind} is missing: run the seed`);
  return String(rows[0].id);
}

/**
 * Posts entries `{ type, userId, refType, refId, uniqueKey, postings: [{ accountId, amount }] }` in one
 * statement inside the caller's transaction; throws unless every entry was posted.
 */
export async function postEntries(query, entries) {
  if (entries.length === 0) return;
  const col = (f) => entries.map(f);
  const rows = await query(
    `SELECT out_status FROM candor_post_entries($1::varchar[], $2::uuid[], $3::varchar[], $4::varchar[], $5::varchar[], $6::text[], $7::int[], $8::bigint[], $9::bigint[], false)`,
    [
      col((e) => e.type),
      col((e) => e.userId ?? null),
      col((e) => e.refType ?? null),
      col((e) => e.refId ?? null),
      col((e) => e.uniqueKey),
      col((e) => e.memo ?? null),
      col((e) => e.postings.length),
      entries.flatMap((e) => e.postings.map((p) => p.accountId)),
      entries.flatMap((e) => e.postings.map((p) => p.amount)),
    ],
  );
  const posted = rows.filter((r) => r.out_status === 'posted').length;
  if (posted !== entries.length) throw new Error(`postEntries: ${posted} of ${entries.length} entries posted`);
}
