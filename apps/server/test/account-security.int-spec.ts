import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generate } from 'otplib';
import { REDIS_KEYS } from '@candor/cross-process';
import { startApp, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator, operatorLoginBody, solveCaptcha, type LoggedIn } from './support/factories.js';
import { totpCode } from './support/totp.js';
import { balanceOf, fundCash } from './support/trading.js';

// The hostile test of issue 52, replayed through the real api: the password-change route is no oracle for
// the trade password (the withdrawal's lockout) nor the login password (the login's failure budget and
// graphic code); every operator role signs in with TOTP; four eyes hold over the sum one operator approves
// for one user in 24 hours, deposits and withdrawals together, also when approvals race; TOTP codes and
// operator passwords are counted before they are judged.
let t: TestApp;
let admin: { auth: { Authorization: string } };
let reviewer: { auth: { Authorization: string } };
let reviewer2: { auth: { Authorization: string } };
let methodId: string;
beforeAll(async () => {
  // The default threshold (10,000.00) and window (24 h): the figures of the hostile test.
  t = await startApp();
  admin = await loginOperator(t);
  reviewer = await loginOperator(t, await createOperator(t, 'reviewer'));
  reviewer2 = await loginOperator(t, await createOperator(t, 'reviewer'));
  const m = await t
    .http()
    .post('/api/admin/deposit-methods')
    .set(admin.auth)
    .send({ type: 'bank', names: { 'zh-TW': '銀行轉帳' }, details: { bank: 'First Bank' }, minAmount: '1', maxAmount: '100000' })
    .expect(201);
  methodId = m.body.id;
});
afterAll(async () => {
  await t.close();
});

const codeOf = (r: { status: number; body: { error?: { code: string } } }) => [r.status, r.body.error?.code];
const changePassword = (u: LoggedIn, body: Record<string, unknown>) => t.http().post('/api/me/password').set(u.auth).send(body);
const tradeChange = (u: LoggedIn, oldPassword: string) => changePassword(u, { kind: 'trade', oldPassword, newPassword: '135790', confirmPassword: '135790' });
const loginChange = (u: LoggedIn, oldPassword: string, extra: Record<string, unknown> = {}) =>
  changePassword(u, { kind: 'login', oldPassword, newPassword: 'brand-new-pass-7', confirmPassword: 'brand-new-pass-7', ...extra });
const userLogin = (email: string, password: string, extra: Record<string, unknown> = {}) =>
  t
    .http()
    .post('/api/auth/login')
    .send({ email, password, ...extra });
const tradeState = async (u: LoggedIn) =>
  (
    await t.ds.query(`SELECT trade_password_hash AS hash, trade_password_failures AS failures, trade_password_locked_until AS until FROM users WHERE id = $1`, [
      u.id,
    ])
  )[0] as { hash: string; failures: number; until: Date | null };
const expectLedgerOk = async () => {
  const r = await t.http().get('/api/admin/ledger/check').set(admin.auth).expect(200);
  expect(r.body.ok).toBe(true);
};

describe('no password oracles', () => {
  it('20 trade-password guesses through /api/me/password while locked are refused without being judged, the right one too', async () => {
    const u = await createUser(t);
    // Locked the way a withdrawal locks it: three wrong tries here and two at the withdrawal account share one count.
    for (let i = 0; i < 3; i++) expect(codeOf(await tradeChange(u, `11111${i}`))).toEqual([422, 'OLD_PASSWORD_INVALID']);
    const TRC20 = { type: 'crypto', accountName: 'Chen Mei', nationality: 'Taiwan', network: 'TRC20', currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' };
    for (let i = 0; i < 2; i++) {
      const r = await t
        .http()
        .put('/api/withdrawal-account')
        .set(u.auth)
        .send({ ...TRC20, tradePassword: `22222${i}` });
      expect(codeOf(r)).toEqual([422, 'TRADE_PASSWORD_INVALID']);
    }
    const locked = await tradeState(u);
    expect(locked.until!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000); // the fifth wrong try locked it for 15 minutes

    const guesses = Array.from({ length: 20 }, (_, i) => (i === 13 ? u.tradePassword : String(300000 + i)));
    const answers = await Promise.all(guesses.map((g) => tradeChange(u, g)));
    expect(answers.map(codeOf)).toEqual(guesses.map(() => [422, 'TRADE_PASSWORD_LOCKED']));
    expect(answers[13]!.body.error.unlockAt).toBe(locked.until!.toISOString());
    const after = await tradeState(u);
    expect(after).toEqual(locked); // nothing judged: no failure counted, the lock not moved, the password unchanged

    // Once the lock ends the right password still is the old one.
    await t.ds.query(`UPDATE users SET trade_password_locked_until = now() - interval '1 second' WHERE id = $1`, [u.id]);
    await tradeChange(u, u.tradePassword).expect(204);
    expect((await tradeState(u)).hash).not.toBe(locked.hash);
  });

  it('login-password guesses through /api/me/password count against the login: past three the graphic code is needed, there and at login', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 3; i++) expect(codeOf(await loginChange(u, `wrong-guess-${i}`))).toEqual([422, 'OLD_PASSWORD_INVALID']);
    // The right old password without the code is refused unjudged; so is a sign-in of the same account.
    const refused = await loginChange(u, u.password);
    expect(codeOf(refused)).toEqual([400, 'CAPTCHA_INVALID']);
    expect(refused.body.error.field).toBe('captchaCode');
    expect(codeOf(await userLogin(u.email, u.password))).toEqual([400, 'CAPTCHA_INVALID']);
    // A wrong answer to the code is refused too, and spends the code.
    const captcha = await solveCaptcha(t);
    expect(codeOf(await loginChange(u, u.password, { captchaId: captcha.captchaId, captchaCode: '0000' === captcha.captchaCode ? '1111' : '0000' }))).toEqual([
      400,
      'CAPTCHA_INVALID',
    ]);
    expect(codeOf(await loginChange(u, u.password, captcha))).toEqual([400, 'CAPTCHA_INVALID']);
    // With a right code the right password is judged and changes it; the account's count starts again.
    await loginChange(u, u.password, await solveCaptcha(t)).expect(204);
    await userLogin(u.email, 'brand-new-pass-7').expect(200);
  });

  it('a burst of 40 parallel trade-password guesses gets five judged; the rest answer TRADE_PASSWORD_LOCKED unjudged', async () => {
    const u = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => tradeChange(u, String(400000 + i))));
    const codes = answers.map((r) => r.body.error?.code);
    // Each try is counted before it is judged: the fifth sets the lock, and nothing after it is judged.
    expect(codes.filter((c) => c === 'OLD_PASSWORD_INVALID')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TRADE_PASSWORD_LOCKED')).toHaveLength(35);
    expect((await tradeState(u)).until!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('a burst of parallel login-password guesses gets three judged; the rest need the graphic code', async () => {
    const u = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => loginChange(u, `burst-guess-${i}`)));
    const codes = answers.map((r) => r.body.error?.code);
    expect(codes.filter((c) => c === 'OLD_PASSWORD_INVALID')).toHaveLength(3);
    expect(codes.filter((c) => c === 'CAPTCHA_INVALID')).toHaveLength(12);
  });
});

describe('every operator role signs in with TOTP', () => {
  it('a reviewer without TOTP cannot sign in: TOTP_REQUIRED with an enrolment token, then enrols and signs in', async () => {
    const email = `reviewer-${Date.now().toString(36)}@candor.test`;
    await t.http().post('/api/admin/operators').set(admin.auth).send({ email, password: 'reviewer-pass-1', role: 'reviewer' }).expect(201);
    const first = await t.http().post('/api/admin/auth/login').send({ email, password: 'reviewer-pass-1' });
    expect(codeOf(first)).toEqual([401, 'TOTP_REQUIRED']);
    expect(first.body.accessToken).toBeUndefined();
    const enrollmentToken = first.body.error.enrollmentToken as string;
    expect(enrollmentToken).toEqual(expect.any(String));
    // A code without an enrolled secret is no way in either.
    expect(codeOf(await t.http().post('/api/admin/auth/login').send({ email, password: 'reviewer-pass-1', totp: '123456' }))).toEqual([401, 'TOTP_REQUIRED']);
    const started = await t.http().post('/api/admin/auth/enrollment').send({ enrollmentToken }).expect(200);
    const confirmed = await t
      .http()
      .post('/api/admin/auth/enrollment/confirm')
      .send({ enrollmentToken, totp: await generate({ secret: started.body.secret }) })
      .expect(200);
    expect(confirmed.body.operator.role).toBe('reviewer');
    await t
      .http()
      .get('/api/admin/deposits')
      .set({ Authorization: `Bearer ${confirmed.body.accessToken}` })
      .expect(200);
  });
});

/** A user with `cents` of real cash and a bound withdrawal account (confirmed e-mail, no hold). */
async function fundedUser(cents: number): Promise<LoggedIn> {
  const u = await createUser(t);
  await t.ds.query(`UPDATE users SET email_confirmed_at = now() WHERE id = $1`, [u.id]);
  await fundCash(t, u.id, cents);
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
const withdraw = async (u: LoggedIn, amount: string): Promise<string> =>
  (await t.http().post('/api/withdrawals').set(u.auth).send({ amount, tradePassword: u.tradePassword }).expect(201)).body.id;
const deposit = async (u: LoggedIn, amount: string): Promise<string> =>
  (await t.http().post('/api/deposits').set(u.auth).send({ methodId, amount }).expect(201)).body.id;
const approve = (kind: 'deposits' | 'withdrawals', id: string, who: { auth: { Authorization: string } }) =>
  t.http().post(`/api/admin/${kind}/${id}/approve`).set(who.auth);

describe('four eyes over the sum one operator approves for one user', () => {
  it('of three 9,999.99 withdrawals approved by one operator, the one that brings the sum to 10,000.00 and the next wait for another operator', async () => {
    const u = await fundedUser(3_000_000);
    const ids = [await withdraw(u, '9999.99'), await withdraw(u, '9999.99'), await withdraw(u, '9999.99')];
    expect((await approve('withdrawals', ids[0]!, reviewer).expect(200)).body).toMatchObject({ status: 'successful', approvals: 1, approvalsRequired: 1 });
    for (const id of ids.slice(1)) {
      const r = await approve('withdrawals', id, reviewer).expect(200);
      expect(r.body).toMatchObject({ status: 'in_review', approvals: 1, approvalsRequired: 2 });
      expect(codeOf(await approve('withdrawals', id, reviewer))).toEqual([409, 'SECOND_APPROVER_REQUIRED']);
    }
    expect(await balanceOf(t, u.id, 'hold')).toBe(2 * 999_999); // only the first left the hold
    const queue = await t.http().get('/api/admin/withdrawals').set(admin.auth).expect(200);
    expect(queue.body.items.find((w: { id: string }) => w.id === ids[2])).toMatchObject({
      approvals: 1,
      approvalsRequired: 2,
      firstApproverId: expect.any(String),
    });
    // Another operator's approval pays each out.
    for (const id of ids.slice(1)) expect((await approve('withdrawals', id, reviewer2).expect(200)).body).toMatchObject({ status: 'successful', approvals: 2 });
    expect(await balanceOf(t, u.id, 'hold')).toBe(0);
    expect(await balanceOf(t, u.id, 'cash')).toBe(3_000_000 - 3 * 999_999);
    await expectLedgerOk();
  });

  it('a 50,000.00 deposit waits for a second operator and is credited once, on the second approval', async () => {
    const u = await createUser(t);
    const before = await balanceOf(t, u.id, 'cash');
    const id = await deposit(u, '50000');
    const first = await approve('deposits', id, reviewer).expect(200);
    expect(first.body).toMatchObject({ status: 'in_review', approvals: 1, approvalsRequired: 2 });
    expect(await balanceOf(t, u.id, 'cash')).toBe(before);
    expect(codeOf(await approve('deposits', id, reviewer))).toEqual([409, 'SECOND_APPROVER_REQUIRED']);
    const queue = await t.http().get('/api/admin/deposits').set(admin.auth).expect(200);
    expect(queue.body.items.find((d: { id: string }) => d.id === id)).toMatchObject({
      approvals: 1,
      approvalsRequired: 2,
      firstApproverId: expect.any(String),
    });
    const mine = await t.http().get(`/api/deposits/${id}`).set(u.auth).expect(200);
    expect(mine.body.timeline.map((s: { status: string }) => s.status)).toEqual(['in_review', 'approved_once']);
    const second = await approve('deposits', id, reviewer2).expect(200);
    expect(second.body).toMatchObject({ status: 'successful', approvals: 2 });
    expect(await balanceOf(t, u.id, 'cash')).toBe(before + 5_000_000);
    expect(codeOf(await approve('deposits', id, admin))).toEqual([409, 'ALREADY_DECIDED']);
    const audit = await t.ds.query(`SELECT action, details->>'after' AS after FROM audit_log WHERE target_id = $1 ORDER BY id`, [id]);
    expect(audit).toEqual([
      { action: 'deposit.approve', after: 'in_review' },
      { action: 'deposit.approve', after: 'successful' },
    ]);
    await expectLedgerOk();
  });

  it('deposits and withdrawals count together: 6,000.00 in and 4,000.00 out by one operator need a second operator for the second', async () => {
    const u = await fundedUser(1_000_000);
    const d = await deposit(u, '6000');
    expect((await approve('deposits', d, reviewer).expect(200)).body.status).toBe('successful');
    const w = await withdraw(u, '4000');
    expect((await approve('withdrawals', w, reviewer).expect(200)).body).toMatchObject({ status: 'in_review', approvalsRequired: 2 });
    // Another operator's own sum for this user is its own: it pays out.
    expect((await approve('withdrawals', w, reviewer2).expect(200)).body.status).toBe('successful');
    await expectLedgerOk();
  });

  it('two approvals racing for one user cannot both slip under the threshold', async () => {
    const u = await fundedUser(2_000_000);
    const a = await withdraw(u, '6000');
    const b = await withdraw(u, '6000');
    const [ra, rb] = await Promise.all([approve('withdrawals', a, reviewer).expect(200), approve('withdrawals', b, reviewer).expect(200)]);
    expect([ra.body.status, rb.body.status].sort()).toEqual(['in_review', 'successful']);
    expect(await balanceOf(t, u.id, 'hold')).toBe(600_000);
    await expectLedgerOk();
  });

  it('a rejection is no approval: it neither counts nor needs a second operator', async () => {
    const u = await createUser(t);
    const big = await deposit(u, '20000');
    await t.http().post(`/api/admin/deposits/${big}/reject`).set(reviewer.auth).send({ reason: 'No transfer found' }).expect(200);
    const small = await deposit(u, '100');
    expect((await approve('deposits', small, reviewer).expect(200)).body.status).toBe('successful');
    await expectLedgerOk();
  });
});

describe('failure counts taken before judging', () => {
  it('40 parallel wrong TOTP codes: at most 5 are judged, the rest answer 429 unjudged', async () => {
    const op = await createOperator(t, 'reviewer');
    const right = await totpCode(op.totpSecret!);
    const wrong = right === '123456' ? '654321' : '123456';
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => t.http().post('/api/admin/auth/login').send({ email: op.email, password: op.password, totp: wrong })),
    );
    const codes = answers.map((r) => r.body.error?.code);
    expect(codes.filter((c) => c === 'TOTP_INVALID')).toHaveLength(5);
    expect(codes.filter((c) => c !== 'TOTP_INVALID').every((c) => c === 'RATE_LIMITED')).toBe(true);
    const [judged] = await t.ds.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'operator.totp_failed' AND target_id = $1`, [op.id]);
    expect(judged.n).toBe(5);
    // The right code is refused too while the count stands.
    expect(
      codeOf(
        await t
          .http()
          .post('/api/admin/auth/login')
          .send(await operatorLoginBody(t, op)),
      ),
    ).toEqual([429, 'RATE_LIMITED']);
  });

  it('25 wrong operator passwords: 10 are judged, then the account is locked for a while (429 with Retry-After, audited), the right one too', async () => {
    const op = await createOperator(t, 'finance');
    const codes: unknown[] = [];
    for (let i = 0; i < 25; i++)
      codes.push(
        codeOf(
          await t
            .http()
            .post('/api/admin/auth/login')
            .send({ email: op.email, password: `wrong-pass-${i}` }),
        ),
      );
    expect(codes.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => [401, 'INVALID_CREDENTIALS']));
    expect(codes.slice(10)).toEqual(Array.from({ length: 15 }, () => [429, 'RATE_LIMITED']));
    const right = await t
      .http()
      .post('/api/admin/auth/login')
      .send(await operatorLoginBody(t, op));
    expect(codeOf(right)).toEqual([429, 'RATE_LIMITED']);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const locks = await t.ds.query(`SELECT details FROM audit_log WHERE action = 'operator.login_failed' AND details->>'email' = $1 AND details ? 'locked'`, [
      op.email,
    ]);
    expect(locks).toHaveLength(1);
    // The lock is the account's: once it ends (as its expiry does) the right password and code sign in.
    await t.redis.del(REDIS_KEYS.operatorLoginFailures(op.email));
    await loginOperator(t, op);
  });
});
