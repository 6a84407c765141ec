// Many funded users for the benchmarks, created set-based (registering thousands through the
// api would spend minutes in argon2): user rows, their ledger accounts as registration opens them,
// a real deposit (deposits_clearing -> cash) and the demo grant (demo_issuer -> demo, as
// registration posts it), both through the database's ledger function. Optionally a password
// hash, so they can log in too.
import { platformAccountId, postEntries } from './ledger.mjs';

// Loaded on first use, not at import: the benches import this module before they build the
// libs, and on a fresh checkout the compiled packages do not exist yet.
async function dbModule() {
  return import('@candor/db');
}

/**
 * Creates `n` users in `ds` (a TypeORM DataSource). Returns [{ id, accounts: { cash, escrow, demo, demo_escrow, ... } }].
 * options: { depositCents, demoCents, passwordHash, prefix }
 */
export async function createFundedUsers(ds, n, { depositCents = 10_000_000, demoCents = 1_000_000, passwordHash = '!', prefix = 'bench' } = {}) {
  const { USER_ACCOUNT_KINDS } = await dbModule();
  const users = await ds.query(
    `INSERT INTO users (email, phone, nickname, password_hash, trade_password_hash, invite_code, registration_code)
     SELECT $2 || i || '@example.com', '+1555' || lpad(i::text, 8, '0'), $2 || i, $3, $3, 'BN' || i, 'BENCH2024'
       FROM generate_series(1, $1::int) AS i
     RETURNING id`,
    [n, prefix, passwordHash],
  );
  await ds.query(`INSERT INTO ledger_accounts (user_id, kind) SELECT u.id, k FROM users u CROSS JOIN unnest($1::text[]) AS k ON CONFLICT DO NOTHING`, [
    [...USER_ACCOUNT_KINDS],
  ]);
  const accounts = await ds.query(`SELECT id, user_id, kind FROM ledger_accounts WHERE user_id IS NOT NULL`);
  const byUser = new Map();
  for (const a of accounts) {
    const u = byUser.get(a.user_id) ?? {};
    u[a.kind] = String(a.id);
    byUser.set(a.user_id, u);
  }
  await ds.transaction(async (em) => {
    const query = (sql, params) => em.query(sql, params);
    const clearing = await platformAccountId(query, 'deposits_clearing');
    const issuer = await platformAccountId(query, 'demo_issuer');
    const entries = [];
    for (const { id } of users) {
      const acc = byUser.get(id);
      entries.push({
        type: 'deposit',
        userId: id,
        refType: 'bench',
        refId: id,
        uniqueKey: `bench-deposit:${id}`,
        postings: [
          { accountId: clearing, amount: -depositCents },
          { accountId: acc.cash, amount: depositCents },
        ],
      });
      entries.push({
        type: 'demo_grant',
        userId: id,
        refType: 'user',
        refId: id,
        uniqueKey: `demo-grant:${id}`,
        postings: [
          { accountId: issuer, amount: -demoCents },
          { accountId: acc.demo, amount: demoCents },
        ],
      });
    }
    for (let k = 0; k < entries.length; k += 5000) await postEntries(query, entries.slice(k, k + 5000));
  });
  return users.map(({ id }) => ({ id, accounts: byUser.get(id) }));
}

/** The ledger invariant (as the server's ledger check): all balances sum to zero, each equals the sum of its postings, every entry balances. */
export async function ledgerCheck(query) {
  const [t] = await query(`SELECT count(*)::int AS accounts, coalesce(sum(balance), 0)::bigint AS total FROM ledger_accounts`);
  const bad = await query(
    `SELECT a.id FROM ledger_accounts a
       LEFT JOIN (SELECT account_id, sum(amount) AS s FROM postings GROUP BY account_id) p ON p.account_id = a.id
      WHERE a.balance <> coalesce(p.s, 0) LIMIT 50`,
  );
  const [unbalanced] = await query(`SELECT count(*)::int AS n FROM (SELECT entry_id FROM postings GROUP BY entry_id HAVING sum(amount) <> 0) x`);
  const [negative] = await query(`SELECT count(*)::int AS n FROM ledger_accounts WHERE NOT allow_negative AND balance < 0`);
  return {
    ok: Number(t.total) === 0 && bad.length === 0 && unbalanced.n === 0 && negative.n === 0,
    accounts: t.accounts,
    imbalanceCents: Number(t.total),
    mismatchedAccounts: bad.length,
    unbalancedEntries: unbalanced.n,
    negativeAccounts: negative.n,
  };
}

export function describeLedger(l) {
  return `${l.ok ? 'ok' : 'BROKEN'} (${l.accounts} accounts, sum ${l.imbalanceCents} cents, ${l.mismatchedAccounts} accounts off their postings, ${l.unbalancedEntries} unbalanced entries, ${l.negativeAccounts} negative)`;
}
