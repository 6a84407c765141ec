// The platform's invitation codes in the console (issue 49): an admin creates one (typed or random), lists,
// disables and enables it; a disabled code registers no one; who registered with a code is a user search;
// every change is audited once; users' own codes are not the console's to list or change.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator, registerUser, solveCaptcha, uniqueEmail, uniquePhone } from './support/factories.js';

let t: TestApp;
let admin: { Authorization: string };
beforeAll(async () => {
  t = await startApp();
  admin = (await loginOperator(t)).auth;
});
afterAll(async () => {
  await t.close();
});

const codeOf = (r: { status: number; body: { error?: { code: string; field?: string } } }) => [r.status, r.body.error?.code, r.body.error?.field];
const auditLines = async (code: string): Promise<string[]> =>
  (await t.ds.query(`SELECT action FROM audit_log WHERE target_type = 'invitation_code' AND target_id = $1 ORDER BY id`, [code])).map(
    (r: { action: string }) => r.action,
  );

describe('invitation codes in the console', () => {
  it('creates a random or typed code, refuses one taken in any case, and lists the platform codes only', async () => {
    const random = await t.http().post('/api/admin/invitation-codes').set(admin).send({}).expect(201);
    expect(random.body).toEqual({
      code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
      active: true,
      uses: 0,
      createdAt: expect.any(String),
      createdByOperatorId: expect.any(String),
    });
    const typed = `Spring${Date.now() % 100000}`;
    const made = await t.http().post('/api/admin/invitation-codes').set(admin).send({ code: typed }).expect(201);
    expect(made.body.code).toBe(typed.toUpperCase());
    expect(codeOf(await t.http().post('/api/admin/invitation-codes').set(admin).send({ code: typed.toLowerCase() }))).toEqual([
      409,
      'INVITATION_CODE_EXISTS',
      'code',
    ]);
    // A user's own code is taken too, and is not listed.
    const user = await createUser(t);
    expect(codeOf(await t.http().post('/api/admin/invitation-codes').set(admin).send({ code: user.inviteCode }))).toEqual([
      409,
      'INVITATION_CODE_EXISTS',
      'code',
    ]);
    const list = (await t.http().get('/api/admin/invitation-codes').set(admin).expect(200)).body as { code: string }[];
    expect(list.map((c) => c.code)).toEqual(expect.arrayContaining([random.body.code, typed.toUpperCase()]));
    expect(list.map((c) => c.code)).not.toContain(user.inviteCode);
    expect(await auditLines(typed.toUpperCase())).toEqual(['invitation_code.create']);
    for (const body of [{ code: 'ab' }, { code: 'has space' }, { code: 'x'.repeat(17) }, { code: 12345678 }, { extra: true }]) {
      expect(codeOf(await t.http().post('/api/admin/invitation-codes').set(admin).send(body))[0]).toBe(400);
    }
  });

  it('a disabled code registers no one; enabled again it does, and a user search by the code finds who registered', async () => {
    const { body: code } = await t.http().post('/api/admin/invitation-codes').set(admin).send({}).expect(201);
    const first = await registerUser(t, { inviteCode: code.code.toLowerCase() });
    await t.http().patch(`/api/admin/invitation-codes/${code.code}`).set(admin).send({ active: false }).expect(200);
    // Disabling twice changes nothing and records nothing more.
    const again = await t.http().patch(`/api/admin/invitation-codes/${code.code}`).set(admin).send({ active: false }).expect(200);
    expect(again.body).toMatchObject({ code: code.code, active: false, uses: 1 });
    const refused = await t
      .http()
      .post('/api/auth/register/check')
      .send({ email: uniqueEmail(), phone: uniquePhone(), inviteCode: code.code, ...(await solveCaptcha(t)) });
    expect(codeOf(refused)).toEqual([400, 'INVITATION_CODE_INVALID', 'inviteCode']);
    await t.http().patch(`/api/admin/invitation-codes/${code.code.toLowerCase()}`).set(admin).send({ active: true }).expect(200);
    const second = await registerUser(t, { inviteCode: code.code });
    const found = await t.http().get(`/api/admin/users?q=${code.code}`).set(admin).expect(200);
    expect(found.body.items.map((u: { id: string }) => u.id).sort()).toEqual([first.id, second.id].sort());
    const listed = (await t.http().get('/api/admin/invitation-codes').set(admin).expect(200)).body.find((c: { code: string }) => c.code === code.code);
    expect(listed).toMatchObject({ active: true, uses: 2 });
    expect(await auditLines(code.code)).toEqual(['invitation_code.create', 'invitation_code.disable', 'invitation_code.enable']);
  });

  it("answers 404 for a user's own code or none, 400 for a bad body, and 403 to a role without the permission", async () => {
    const user = await createUser(t);
    expect(codeOf(await t.http().patch(`/api/admin/invitation-codes/${user.inviteCode}`).set(admin).send({ active: false }))[0]).toBe(404);
    expect(codeOf(await t.http().patch('/api/admin/invitation-codes/NOSUCHCODE').set(admin).send({ active: false }))[0]).toBe(404);
    expect(codeOf(await t.http().patch('/api/admin/invitation-codes/..%2Fx').set(admin).send({ active: false }))[0]).toBe(404);
    expect(codeOf(await t.http().patch('/api/admin/invitation-codes/ABCDEFGH').set(admin).send({ active: 'no' }))[0]).toBe(400);
    // The user's own code still registers.
    await registerUser(t, { inviteCode: user.inviteCode });
    const reviewer = (await loginOperator(t, await createOperator(t, 'reviewer'))).auth;
    expect(codeOf(await t.http().get('/api/admin/invitation-codes').set(reviewer))).toEqual([403, 'FORBIDDEN', undefined]);
    expect(codeOf(await t.http().post('/api/admin/invitation-codes').set(user.auth).send({}))[0]).toBe(401);
    expect((await ledgerCheck(t)).ok).toBe(true);
  });
});
