import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomInt } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { openScratchDatabase, type ScratchDatabase } from './support/scratch-database.js';
import { startApp, TEST_INVITE_CODE, type TestApp } from './support/app.js';
import { registerUser, solveCaptcha, uniqueEmail } from './support/factories.js';

// One person, one phone: the two spellings of one number are one account, and the migration that moved
// the stored phones to E.164 reports the accounts that already shared a number.
const mainland = () => `139${String(randomInt(1e8)).padStart(8, '0')}`;
const taiwan = () => `0912${String(randomInt(1e6)).padStart(6, '0')}`;

describe('registration compares phones in E.164', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const step1 = async (phone: string, phoneCountry?: string) =>
    t
      .http()
      .post('/api/auth/register/check')
      .send({ email: uniqueEmail('phone'), phone, ...(phoneCountry ? { phoneCountry } : {}), inviteCode: TEST_INVITE_CODE, ...(await solveCaptcha(t)) });
  const storedPhone = async (id: string): Promise<string> => (await t.ds.query(`SELECT phone FROM users WHERE id = $1`, [id]))[0].phone;

  it('13954176704 then +8613954176704: the second is USER_EXISTS on phone, and the first is stored as +86', async () => {
    const phone = mainland();
    const first = await registerUser(t, { phone });
    expect(await storedPhone(first.id)).toBe(`+86${phone}`);
    const again = await step1(`+86${phone}`);
    expect([again.status, again.body.error?.code, again.body.error?.field]).toEqual([409, 'USER_EXISTS', 'phone']);
  });

  it('the other way round, and a Taiwan mobile in national form against its +886 spelling', async () => {
    const phone = mainland();
    await registerUser(t, { phone: `+86${phone}` });
    expect([(await step1(phone)).status, (await step1(` ${phone} `)).body.error?.field]).toEqual([409, 'phone']);

    const tw = taiwan();
    const u = await registerUser(t, { phone: tw });
    expect(await storedPhone(u.id)).toBe(`+886${tw.slice(1)}`);
    const r = await step1(`+886${tw.slice(1)}`);
    expect([r.status, r.body.error?.code, r.body.error?.field]).toEqual([409, 'USER_EXISTS', 'phone']);
  });

  it('registers with +886 9xx and logs in; the national form with the TW picker is the same number', async () => {
    const tw = taiwan();
    const u = await registerUser(t, { phone: `+886 ${tw.slice(1, 4)} ${tw.slice(4, 7)} ${tw.slice(7)}` });
    expect(await storedPhone(u.id)).toBe(`+886${tw.slice(1)}`);
    const res = await t.http().post('/api/auth/login').send({ email: u.email, password: u.password });
    expect(res.status).toBe(200);
    const me = await t
      .http()
      .get('/api/me')
      .set({ Authorization: `Bearer ${res.body.accessToken}` });
    expect([me.status, me.body.id]).toEqual([200, u.id]);
    const again = await step1(tw, 'TW');
    expect([again.status, again.body.error?.code, again.body.error?.field]).toEqual([409, 'USER_EXISTS', 'phone']);
  });

  it('reads a national number in the picked country: 0912345678 in TW passes, in CN it does not', async () => {
    const tw = taiwan();
    expect((await step1(tw, 'TW')).status).toBe(200);
    const wrong = await step1(tw, 'CN');
    expect([wrong.status, wrong.body.error?.code, wrong.body.error?.field]).toEqual([400, 'VALIDATION_FAILED', 'phone']);
    const cn = mainland();
    expect([(await step1(cn, 'CN')).status, (await step1(`+86${cn}`, 'TW')).status, (await step1(cn)).status]).toEqual([200, 200, 200]);
  });

  it('refuses landlines, the mainland rule broken under +86, and an unknown picker country, with the hint', async () => {
    for (const [phone, country] of [['+886223456789'], ['02 2345 6789', 'TW'], ['+8612812345678'], ['12812345678', 'CN']] as const) {
      const r = await step1(phone, country);
      expect([phone, r.status, r.body.error?.code, r.body.error?.field]).toEqual([phone, 400, 'VALIDATION_FAILED', 'phone']);
    }
    const hint = await t
      .http()
      .post('/api/auth/register/check')
      .set('Accept-Language', 'zh-TW')
      .send({ email: uniqueEmail('phone'), phone: '0223456789', phoneCountry: 'TW', inviteCode: TEST_INVITE_CODE, ...(await solveCaptcha(t)) });
    expect(hint.body.error?.message).toContain('國碼');
    const unknown = await step1(taiwan(), 'XX');
    expect([unknown.status, unknown.body.error?.field]).toEqual([400, 'phoneCountry']);
  });

  it('refuses a + number of impossible length, and a free number still passes', async () => {
    const bad = await step1('+12345678');
    expect([bad.status, bad.body.error?.code, bad.body.error?.field]).toEqual([400, 'VALIDATION_FAILED', 'phone']);
    expect((await step1(mainland())).status).toBe(200);
  });
});

describe('the PhonesInternational migration (phones in E.164)', () => {
  let scratch: ScratchDatabase;
  let ds: DataSource;
  const undoThrough = (name: string): Promise<void> => scratch.undoThrough(name);
  const insertUser = async (tag: string, phone: string, createdAt: string): Promise<string> =>
    (
      await ds.query(
        `INSERT INTO users (email, phone, nickname, password_hash, trade_password_hash, invite_code, registration_code, created_at)
         VALUES ($1, $2, $1, '!', '!', $3, 'X', $4) RETURNING id`,
        [`${tag}@example.com`, phone, tag.toUpperCase(), createdAt],
      )
    )[0].id;
  const phoneOf = async (id: string): Promise<string> => (await ds.query(`SELECT phone FROM users WHERE id = $1`, [id]))[0].phone;

  beforeAll(async () => {
    scratch = await openScratchDatabase('phone');
    ds = scratch.ds;
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  it('rewrites mainland phones to +86, reports a planted duplicate and keeps phones unique; reverts and re-applies', async () => {
    await undoThrough('PhonesInternational1765500000001');
    expect((await ds.query(`SELECT to_regclass('phone_duplicates')::text AS t`))[0].t).toBeNull();
    // Two accounts of one number in its two spellings (the older one first), one mainland number alone,
    // one foreign number, and a legacy spelling no rule reads.
    const older = await insertUser('dup-old', '13954176704', '2026-01-01T00:00:00Z');
    const newer = await insertUser('dup-new', '+8613954176704', '2026-02-01T00:00:00Z');
    const alone = await insertUser('alone', '13812345678', '2026-01-01T00:00:00Z');
    const foreign = await insertUser('foreign', '+12025550123', '2026-01-01T00:00:00Z');
    const legacy = await insertUser('legacy', '886-2-1234', '2026-01-01T00:00:00Z');

    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await ds.runMigrations();
      expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
        `PhonesInternational: phone +8613954176704 is shared by accounts ${older}, ${newer} (see phone_duplicates)`,
      ]);
    } finally {
      warn.mockRestore();
    }

    expect(await phoneOf(alone)).toBe('+8613812345678');
    expect(await phoneOf(foreign)).toBe('+12025550123');
    expect(await phoneOf(legacy)).toBe('886-2-1234');
    // The reported pair keeps its spellings, so the unique index still holds on every row.
    expect([await phoneOf(older), await phoneOf(newer)]).toEqual(['13954176704', '+8613954176704']);
    const report = await ds.query(`SELECT phone, user_ids::text[] AS user_ids, found_at, resolved_at FROM phone_duplicates`);
    expect(report).toEqual([{ phone: '+8613954176704', user_ids: [older, newer], found_at: expect.any(Date), resolved_at: null }]);
    await expect(insertUser('third', '+8613812345678', '2026-03-01T00:00:00Z')).rejects.toMatchObject({ code: '23505' });

    // Down drops the report and leaves the phones in E.164; up again finds the same pair once.
    await undoThrough('PhonesInternational1765500000001');
    expect(await phoneOf(alone)).toBe('+8613812345678');
    const quiet = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await ds.runMigrations();
    } finally {
      quiet.mockRestore();
    }
    expect(await ds.query(`SELECT phone FROM phone_duplicates`)).toEqual([{ phone: '+8613954176704' }]);
  });
});
