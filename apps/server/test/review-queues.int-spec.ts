import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { AUDIT_CSV_MAX_ROWS, type AuditEntry } from '@candor/contracts';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { fundCash } from './support/trading.js';
import { taiwanId } from '../../../scripts/testing/kyc.mjs';

// The operators' review queues a page at a time (deposits, withdrawals, verifications): waiting items oldest
// first across pages by keyset, with no row shown twice or skipped, also when one is decided between pages;
// and the audit log's CSV export: the same rows as the filtered list, formula-like cells defused, bounded,
// itself audited, refused to a role without the audit permission.
type Auth = { auth: { Authorization: string } };
let t: TestApp;
let admin: Auth;
let reviewer: Auth;
let methodId: string;

beforeAll(async () => {
  t = await startApp();
  admin = await loginOperator(t);
  reviewer = await loginOperator(t, await createOperator(t, 'reviewer'));
  const created = await t
    .http()
    .post('/api/admin/deposit-methods')
    .set(admin.auth)
    .send({ type: 'bank', names: { 'zh-TW': '銀行轉帳' }, details: { bank: 'First Bank' }, minAmount: '100', maxAmount: '50000' })
    .expect(201);
  methodId = created.body.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

interface Queued {
  id: string;
  createdAt?: string;
  submittedAt?: string;
}
/** Every page of one queue with `limit` rows a page, and the cursors seen. */
async function allPages(path: string, status: string, limit: number, who: Auth = reviewer): Promise<{ items: Queued[]; pages: number }> {
  const items: Queued[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: { body: { items: Queued[]; nextCursor: string | null } } = await t
      .http()
      .get(path)
      .query({ status, limit, ...(cursor ? { cursor } : {}) })
      .set(who.auth)
      .expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['items', 'nextCursor']);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    items.push(...res.body.items);
    cursor = res.body.nextCursor;
    pages++;
  } while (cursor && pages < 1000);
  return { items, pages };
}

/** Microseconds after 04:05:06 of the listed rows: the first three a second apart, the rest in pairs within one millisecond. */
const OFFSETS_US = [0, 1_000_000, 2_000_000, 3_000_001, 3_000_001, 3_000_002, 3_000_002];
/** Sets the listed rows' time, oldest first, in 2001: before anything else in the table. */
async function agedInOrder(table: 'deposits' | 'withdrawals' | 'kyc_submissions', ids: string[]): Promise<void> {
  const column = table === 'kyc_submissions' ? 'submitted_at' : 'created_at';
  for (const [i, id] of ids.entries())
    await t.ds.query(`UPDATE ${table} SET ${column} = timestamptz '2001-02-03T04:05:06Z' + $2::bigint * interval '1 microsecond' WHERE id = $1`, [
      id,
      OFFSETS_US[i],
    ]);
}
/** The order the queue must show the aged rows in: by time, then by id within a shared time. */
const queueOrder = (aged: string[]): string[] =>
  aged
    .map((id, i) => ({ id, at: OFFSETS_US[i]! }))
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1))
    .map((r) => r.id);

async function fundedUser(): Promise<LoggedIn> {
  const u = await createUser(t);
  await t.ds.query(`UPDATE users SET email_confirmed_at = now() WHERE id = $1`, [u.id]);
  await fundCash(t, u.id, 1_000_000);
  await t
    .http()
    .put('/api/withdrawal-account')
    .set(u.auth)
    .send({
      type: 'crypto',
      accountName: 'Chen Mei',
      nationality: 'Taiwan',
      network: 'TRC20',
      currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      tradePassword: u.tradePassword,
    })
    .expect(200);
  return u;
}

describe('review queues a page at a time', () => {
  it('lists deposits in review oldest first over pages, each once, with none lost when one is decided between pages', async () => {
    const u = await createUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++)
      ids.push(
        (
          await t
            .http()
            .post('/api/deposits')
            .set(u.auth)
            .send({ methodId, amount: String(100 + i) })
            .expect(201)
        ).body.id,
      );
    // Made in one order, aged in another: the queue follows the time, not the insertion.
    const aged = [ids[3]!, ids[0]!, ids[6]!, ids[1]!, ids[5]!, ids[2]!, ids[4]!];
    await agedInOrder('deposits', aged);

    const expected: { id: string }[] = await t.ds.query(`SELECT id FROM deposits WHERE status = 'in_review' ORDER BY created_at, id`);
    const { items, pages } = await allPages('/api/admin/deposits', 'in_review', 2);
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(items.map((d) => d.id)).toEqual(expected.map((r) => r.id));
    expect(new Set(items.map((d) => d.id)).size).toBe(items.length);
    // Three a second apart, then two pairs within one millisecond (Postgres keeps microseconds): by time, then id.
    expect(items.filter((d) => ids.includes(d.id)).map((d) => d.id)).toEqual(queueOrder(aged));
    const times = items.map((d) => Date.parse(d.createdAt!));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // The oldest is decided after the first page was read: the next page still starts right after that page.
    const first = await t.http().get('/api/admin/deposits').query({ limit: 2 }).set(reviewer.auth).expect(200);
    expect(first.body.items.map((d: Queued) => d.id)).toEqual(expected.slice(0, 2).map((r) => r.id));
    await t.http().post(`/api/admin/deposits/${first.body.items[0].id}/approve`).set(reviewer.auth).expect(200);
    const second = await t.http().get('/api/admin/deposits').query({ limit: 2, cursor: first.body.nextCursor }).set(reviewer.auth).expect(200);
    expect(second.body.items.map((d: Queued) => d.id)).toEqual(expected.slice(2, 4).map((r) => r.id));
    // The decided one is in the history, which is paged too.
    const history = await allPages('/api/admin/deposits', 'successful', 3);
    expect(history.items.map((d) => d.id)).toContain(first.body.items[0].id);
    expect(new Set(history.items.map((d) => d.id)).size).toBe(history.items.length);
    expect((await ledgerCheck(t)).ok).toBe(true);
  });

  it('lists withdrawals in review oldest first over pages, each once', async () => {
    const u = await fundedUser();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (
          await t
            .http()
            .post('/api/withdrawals')
            .set(u.auth)
            .send({ amount: String(10 + i), tradePassword: u.tradePassword })
            .expect(201)
        ).body.id,
      );
    const aged = [ids[4]!, ids[2]!, ids[0]!, ids[3]!, ids[1]!];
    await agedInOrder('withdrawals', aged);
    const expected: { id: string }[] = await t.ds.query(`SELECT id FROM withdrawals WHERE status = 'in_review' ORDER BY created_at, id`);
    const { items } = await allPages('/api/admin/withdrawals', 'in_review', 2);
    expect(items.map((w) => w.id)).toEqual(expected.map((r) => r.id));
    expect(items.filter((w) => ids.includes(w.id)).map((w) => w.id)).toEqual(queueOrder(aged));
    expect(new Set(items.map((w) => w.id)).size).toBe(items.length);
    expect((await ledgerCheck(t)).ok).toBe(true);
  });

  it('lists verifications waiting for review oldest first over pages, each once', async () => {
    const raw = Buffer.alloc(300 * 200 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i % 251) ^ ((i * 7919) & 0xff);
    const jpeg = await sharp(raw, { raw: { width: 300, height: 200, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const u = await createUser(t);
      await t
        .http()
        .post('/api/kyc')
        .set(u.auth)
        .field('name', '王小明')
        .field('idNumber', taiwanId())
        .field('nationality', 'TW')
        .attach('front', jpeg, { filename: 'front.jpg', contentType: 'image/jpeg' })
        .attach('back', jpeg, { filename: 'back.jpg', contentType: 'image/jpeg' })
        .expect(201);
      const [row] = await t.ds.query(`SELECT id FROM kyc_submissions WHERE user_id = $1 AND status = 'pending'`, [u.id]);
      ids.push(row.id);
    }
    const aged = [ids[2]!, ids[0]!, ids[3]!, ids[1]!];
    await agedInOrder('kyc_submissions', aged);
    const expected: { id: string }[] = await t.ds.query(`SELECT id FROM kyc_submissions WHERE status = 'pending' ORDER BY submitted_at, id`);
    const { items } = await allPages('/api/admin/kyc', 'pending', 3);
    expect(items.map((k) => k.id)).toEqual(expected.map((r) => r.id));
    expect(items.filter((k) => ids.includes(k.id)).map((k) => k.id)).toEqual(queueOrder(aged));
    expect(new Set(items.map((k) => k.id)).size).toBe(items.length);
  });

  it('refuses a cursor that is not one of its own, and a role without the review permission', async () => {
    for (const path of ['/api/admin/deposits', '/api/admin/withdrawals', '/api/admin/kyc']) {
      const bad = await t.http().get(path).query({ cursor: 'not-a-cursor' }).set(reviewer.auth).expect(400);
      expect(bad.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'cursor' });
    }
    const support = await loginOperator(t, await createOperator(t, 'support'));
    await t.http().get('/api/admin/deposits').query({ limit: 1 }).set(support.auth).expect(403);
    await t.http().get('/api/admin/withdrawals').query({ limit: 1 }).set(support.auth).expect(403);
  });
});

/** A small RFC 4180 reader: quoted cells with doubled quotes, commas and line breaks inside. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (quoted || c !== '\r') {
      cell += c;
    }
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe('the audit log as CSV', () => {
  const COLUMNS = ['id', 'createdAt', 'operatorId', 'operatorEmail', 'operatorRole', 'action', 'targetType', 'targetId', 'userId', 'ip', 'details'];
  const cellOf = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

  it('holds the same rows as the filtered list, with formula-like cells defused, and the export is audited without a user', async () => {
    // An operator whose e-mail a spreadsheet would read as a formula (a valid address: + and - may start one).
    const creds = await createOperator(t, 'support');
    const email = `-2+3-${creds.id.slice(0, 8)}@candor.test`;
    await t.ds.query(`UPDATE operators SET email = $2 WHERE id = $1`, [creds.id, email]);
    const hostile = await loginOperator(t, { ...creds, email });
    for (const q of ['=HYPERLINK("http://evil.test","x")', 'plain', '@SUM(1)'])
      await t.http().get('/api/admin/users').query({ q }).set(hostile.auth).expect(200);

    const filters = { action: 'users.search', operatorId: creds.id };
    const json = await t
      .http()
      .get('/api/admin/audit')
      .query({ ...filters, limit: 200 })
      .set(admin.auth)
      .expect(200);
    const entries = json.body.items as AuditEntry[];
    expect(entries).toHaveLength(3);

    const csv = await t.http().get('/api/admin/audit.csv').query(filters).set(admin.auth).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.headers['x-export-rows']).toBe('3');
    expect(csv.headers['x-export-truncated']).toBe('false');
    const [header, ...rows] = parseCsv(csv.text);
    expect(header).toEqual(COLUMNS);
    // The same rows in the same order; the only cells that differ are the defused ones, by a leading quote.
    const defuse = (s: string) => (/^[=+\-@\t\r]/.test(s) && !/^[+-]?\d+(\.\d+)?$/.test(s) ? `'${s}` : s);
    expect(rows).toEqual(entries.map((e) => COLUMNS.map((c) => defuse(cellOf(e[c as keyof AuditEntry])))));
    expect(rows.every((r) => r[COLUMNS.indexOf('operatorEmail')] === `'${email}`)).toBe(true);
    expect(rows.map((r) => JSON.parse(r[COLUMNS.indexOf('details')]!).q)).toEqual(['@SUM(1)', 'plain', '=HYPERLINK("http://evil.test","x")']);
    // No cell of the file starts a formula.
    expect(rows.flat().filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);

    const exported = await t.http().get('/api/admin/audit').query({ action: 'audit.exported', limit: 1 }).set(admin.auth).expect(200);
    expect(exported.body.items[0]).toMatchObject({
      action: 'audit.exported',
      operatorEmail: expect.any(String),
      userId: null,
      details: { filters: { action: 'users.search', operatorId: creds.id, userId: null }, rows: 3, truncated: false },
    });
  });

  it('with no filters, and filtered by user, it matches the list too', async () => {
    const u = await createUser(t);
    await t.http().get(`/api/admin/users/${u.id}/money`).set(admin.auth).expect(200);
    const json = await t.http().get('/api/admin/audit').query({ userId: u.id, limit: 200 }).set(admin.auth).expect(200);
    expect(json.body.items.length).toBeGreaterThanOrEqual(1);
    const csv = await t.http().get('/api/admin/audit.csv').query({ userId: u.id }).set(admin.auth).expect(200);
    expect(
      parseCsv(csv.text)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(json.body.items.map((e: AuditEntry) => e.id));

    // Unfiltered: the newest rows lead, as in the list read just before (the export is recorded after it is read).
    const newest = await t.http().get('/api/admin/audit').query({ limit: 5 }).set(admin.auth).expect(200);
    const all = await t.http().get('/api/admin/audit.csv').set(admin.auth).expect(200);
    expect(
      parseCsv(all.text)
        .slice(1, 6)
        .map((r) => r[0]),
    ).toEqual(newest.body.items.map((e: AuditEntry) => e.id));
  });

  it(`stops at ${AUDIT_CSV_MAX_ROWS} rows, newest first, and says so`, async () => {
    const op = await createOperator(t, 'support');
    await t.ds.query(
      `INSERT INTO audit_log (operator_id, actor, action, details, created_at)
       SELECT $1, 'operator', 'users.search', jsonb_build_object('q', 'n' || n), now() FROM generate_series(1, $2::int) AS n`,
      [op.id, AUDIT_CSV_MAX_ROWS + 5],
    );
    const csv = await t.http().get('/api/admin/audit.csv').query({ operatorId: op.id }).set(admin.auth).expect(200);
    expect(csv.headers['x-export-truncated']).toBe('true');
    expect(csv.headers['x-export-rows']).toBe(String(AUDIT_CSV_MAX_ROWS));
    const rows = parseCsv(csv.text).slice(1);
    expect(rows).toHaveLength(AUDIT_CSV_MAX_ROWS);
    const ids = rows.map((r) => BigInt(r[0]!));
    expect(ids.every((id, i) => i === 0 || id < ids[i - 1]!)).toBe(true);
    expect(JSON.parse(rows[0]![COLUMNS.indexOf('details')]!)).toEqual({ q: `n${AUDIT_CSV_MAX_ROWS + 5}` });
  }, 60_000);

  it('is refused without a token, to a user, and to roles without the audit permission; bad filters are 400', async () => {
    const user = await createUser(t);
    await t.http().get('/api/admin/audit.csv').expect(401);
    await t.http().get('/api/admin/audit.csv').set(user.auth).expect(401);
    for (const role of ['reviewer', 'support', 'finance'] as const) {
      const op = await loginOperator(t, await createOperator(t, role));
      const res = await t.http().get('/api/admin/audit.csv').set(op.auth).expect(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    const bad = await t.http().get('/api/admin/audit.csv').query({ userId: 'nope' }).set(admin.auth).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'userId' });
    await t.http().get('/api/admin/audit.csv').query({ limit: 5 }).set(admin.auth).expect(400);
  });
});
