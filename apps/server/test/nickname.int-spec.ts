import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp } from './support/app.js';
import { createUser } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.close();
});

describe('PATCH /api/me: the nickname', () => {
  it('changes the caller own nickname, trimmed, and GET /api/me shows it; another user is untouched', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const before = (await t.http().get('/api/me').set(b.auth).expect(200)).body.nickname as string;
    const res = await t.http().patch('/api/me').set(a.auth).send({ nickname: '  小美 🌸 ' }).expect(200);
    expect(res.body).toMatchObject({ id: a.id, nickname: '小美 🌸' });
    expect((await t.http().get('/api/me').set(a.auth).expect(200)).body.nickname).toBe('小美 🌸');
    expect((await t.http().get('/api/me').set(b.auth).expect(200)).body.nickname).toBe(before);
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['33 characters', 'x'.repeat(33)],
    ['a line break', 'two\nlines'],
    ['a tab', 'tab\there'],
    ['a C1 control', 'next\u0085line'],
    ['a bidi override', 'evil\u202Etxt'],
    ['a number', 42],
  ])('refuses %s with 400 VALIDATION_FAILED on nickname, in the asked language, and keeps the old one', async (_what, nickname) => {
    const u = await createUser(t);
    const before = (await t.http().get('/api/me').set(u.auth).expect(200)).body.nickname as string;
    const res = await t.http().patch('/api/me').set(u.auth).set('Accept-Language', 'zh-TW').send({ nickname }).expect(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'nickname' });
    expect(res.body.error.message).toMatch(/[\u4e00-\u9fff]/);
    expect((await t.http().get('/api/me').set(u.auth).expect(200)).body.nickname).toBe(before);
  });

  it('refuses other fields (no way to change the e-mail, level or credit score here)', async () => {
    const u = await createUser(t);
    const res = await t.http().patch('/api/me').set(u.auth).send({ nickname: 'ok', creditScore: 1000 }).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect((await t.http().get('/api/me').set(u.auth).expect(200)).body.creditScore).not.toBe(1000);
  });

  it('needs a user token', async () => {
    await t.http().patch('/api/me').send({ nickname: 'x' }).expect(401);
  });
});
