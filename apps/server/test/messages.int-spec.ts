import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { fundCash, waitFor } from './support/trading.js';

let t: TestApp;
let admin: { auth: { Authorization: string } };
let methodId: string;
beforeAll(async () => {
  t = await startApp();
  admin = await loginOperator(t);
  const m = await t
    .http()
    .post('/api/admin/deposit-methods')
    .set(admin.auth)
    .send({ type: 'bank', names: { 'zh-TW': '銀行轉帳' }, details: { bank: 'First Bank' }, minAmount: 1, maxAmount: 100000 })
    .expect(201);
  methodId = m.body.id;
});
afterAll(async () => {
  await t.close();
});

const inbox = async (u: LoggedIn, lang = 'en') => (await t.http().get(`/api/messages?lang=${lang}`).set(u.auth).expect(200)).body;
const unread = async (u: LoggedIn) => (await t.http().get('/api/messages/unread-count').set(u.auth).expect(200)).body.count as number;

function connect(u: LoggedIn): Promise<Socket> {
  const socket = io(t.url, { path: '/socket.io', auth: { token: u.token }, transports: ['websocket'], forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    // The server joins the user's room just after the handshake, as the orders test allows for.
    socket.on('connect', () => setTimeout(() => resolve(socket), 100));
    socket.on('connect_error', reject);
  });
}

describe('system messages', () => {
  it('a deposit decision reaches the user: in the inbox in their language, live over the socket with the new wallet', async () => {
    const u = await createUser(t);
    const socket = await connect(u);
    const events: { kind: string; body: unknown }[] = [];
    socket.on('message', (m) => events.push({ kind: 'message', body: m }));
    socket.on('wallet', (w) => events.push({ kind: 'wallet', body: w }));
    try {
      const d = await t.http().post('/api/deposits').set(u.auth).send({ methodId, amount: '88.80' }).expect(201);
      await t.http().post(`/api/admin/deposits/${d.body.id}/approve`).set(admin.auth).expect(200);
      await waitFor('message and wallet events', async () => events.length >= 2);
      expect(events.find((e) => e.kind === 'wallet')?.body).toMatchObject({ available: '88.80' });
      expect(events.find((e) => e.kind === 'message')?.body).toMatchObject({ title: '充值已入帳', read: false });

      const en = await inbox(u, 'en');
      expect(en.items[0]).toMatchObject({ title: 'Deposit credited', body: `Your deposit ${d.body.orderNo} of 88.80 has been credited.`, read: false });
      const ja = await inbox(u, 'ja');
      expect(ja.items[0].title).toBe('入金が反映されました');
      expect(await unread(u)).toBeGreaterThanOrEqual(1);
    } finally {
      socket.close();
    }
  });

  it('binding and changing the withdrawal account, and a rejected withdrawal with its reason, are each reported', async () => {
    const u = await createUser(t);
    await fundCash(t, u.id, 10_000);
    const account = {
      type: 'crypto',
      accountName: 'Chen Mei',
      nationality: 'Taiwan',
      network: 'TRC20',
      currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      tradePassword: u.tradePassword,
    };
    await t.http().put('/api/withdrawal-account').set(u.auth).send(account).expect(200);
    await t.http().put('/api/withdrawal-account').set(u.auth).send(account).expect(200);
    const w = await t.http().post('/api/withdrawals').set(u.auth).send({ amount: '10', tradePassword: u.tradePassword }).expect(201);
    await t.http().post(`/api/admin/withdrawals/${w.body.id}/reject`).set(admin.auth).send({ reason: 'Name mismatch' }).expect(200);
    await t
      .http()
      .put('/api/withdrawal-account')
      .set(u.auth)
      .send({ ...account, network: 'BTC', currencyAddress: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' })
      .expect(200);
    const titles = (await inbox(u)).items.map((m: { title: string }) => m.title);
    expect(titles.filter((x: string) => x !== 'Platform notice')).toEqual(['Withdrawal account changed', 'Withdrawal returned', 'Withdrawal account bound']);
    const returned = (await inbox(u)).items.find((m: { title: string }) => m.title === 'Withdrawal returned');
    expect(returned.body).toContain('Name mismatch');
    expect((await ledgerCheck(t)).ok).toBe(true);
  });

  it('a broadcast is one row that reaches every user, unread once each; read, read-all and isolation', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const aBefore = await unread(a);
    const sent = await t
      .http()
      .post('/api/admin/messages')
      .set(admin.auth)
      .send({ title: { 'zh-TW': '平台公告', en: 'Platform notice' }, body: { 'zh-TW': '系統維護', en: 'Maintenance tonight' } })
      .expect(201);
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM messages WHERE id = $1 AND user_id IS NULL`, [sent.body.id]);
    expect(n).toBe(1);
    expect(await unread(a)).toBe(aBefore + 1);
    expect((await inbox(b)).items[0]).toMatchObject({ id: sent.body.id, title: 'Platform notice', body: 'Maintenance tonight', read: false });
    expect((await inbox(b, 'ko')).items[0].title).toBe('平台公告');

    await t.http().post(`/api/messages/${sent.body.id}/read`).set(a.auth).expect(204);
    await t.http().post(`/api/messages/${sent.body.id}/read`).set(a.auth).expect(204);
    expect(await unread(a)).toBe(aBefore);
    expect((await inbox(b)).items[0].read).toBe(false);

    const toA = await t
      .http()
      .post('/api/admin/messages')
      .set(admin.auth)
      .send({ userId: a.id, title: { 'zh-TW': '給你的' }, body: { 'zh-TW': '只有你看得到' } })
      .expect(201);
    expect((await inbox(b)).items.map((m: { id: string }) => m.id)).not.toContain(toA.body.id);
    await t.http().post(`/api/messages/${toA.body.id}/read`).set(b.auth).expect(404);
    await t.http().post('/api/messages/abc/read').set(b.auth).expect(404);
    await t.http().post('/api/messages/read-all').set(a.auth).expect(204);
    expect(await unread(a)).toBe(0);
  });

  it('a withdrawn broadcast leaves every inbox and unread count; audited once; a message to one user cannot be withdrawn', async () => {
    const a = await createUser(t);
    const before = await unread(a);
    const sent = await t
      .http()
      .post('/api/admin/messages')
      .set(admin.auth)
      .send({ title: { 'zh-TW': '發錯了', en: 'Sent by mistake' }, body: { 'zh-TW': '請忽略' } })
      .expect(201);
    expect(await unread(a)).toBe(before + 1);
    const support = await loginOperator(t, await createOperator(t, 'support'));
    const reviewer = await loginOperator(t, await createOperator(t, 'reviewer'));
    expect((await t.http().post(`/api/admin/messages/${sent.body.id}/withdraw`).set(reviewer.auth)).status).toBe(403);
    await t.http().post(`/api/admin/messages/${sent.body.id}/withdraw`).set(support.auth).expect(204);
    await t.http().post(`/api/admin/messages/${sent.body.id}/withdraw`).set(support.auth).expect(204);
    expect(await unread(a)).toBe(before);
    expect((await inbox(a)).items.map((m: { id: string }) => m.id)).not.toContain(sent.body.id);
    await t.http().post(`/api/messages/${sent.body.id}/read`).set(a.auth).expect(404);
    const listed = await t.http().get('/api/admin/messages/broadcasts').set(support.auth).expect(200);
    expect(listed.body.find((m: { id: string }) => m.id === sent.body.id)).toMatchObject({ title: '發錯了', withdrawnAt: expect.any(String) });
    const audit = await t.ds.query(`SELECT action FROM audit_log WHERE action = 'message.withdraw' AND target_id = $1`, [sent.body.id]);
    expect(audit).toHaveLength(1);

    const toA = await t
      .http()
      .post('/api/admin/messages')
      .set(admin.auth)
      .send({ userId: a.id, title: { 'zh-TW': '給你的' }, body: { 'zh-TW': '只有你' } })
      .expect(201);
    expect((await t.http().post(`/api/admin/messages/${toA.body.id}/withdraw`).set(admin.auth)).body.error.code).toBe('NOT_FOUND');
    await t.http().post('/api/admin/messages/999999999/withdraw').set(admin.auth).expect(404);
    await t.http().post('/api/admin/messages/abc/withdraw').set(admin.auth).expect(404);
  });

  it('a sign-in from a device the account never used is reported; the same device again is not', async () => {
    const u = await createUser(t);
    const before = await unread(u);
    const android = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    const signIn = (ua: string) => t.http().post('/api/auth/login').set('User-Agent', ua).send({ email: u.email, password: u.password }).expect(200);
    await signIn(android);
    expect(await unread(u)).toBe(before + 1);
    const [newest] = (await inbox(u)).items;
    expect(newest.title).toBe('New sign-in');
    expect(newest.body).toContain('Chrome · Android');
    expect((await inbox(u, 'zh-TW')).items[0].title).toBe('新裝置登入');
    await signIn(android);
    expect(await unread(u)).toBe(before + 1);
    // Registration's own first sign-in is no news to the owner.
    const fresh = await createUser(t);
    expect((await inbox(fresh)).items.some((m: { title: string }) => m.title === 'New sign-in')).toBe(false);
  });

  it('only admins and support send messages; bad messages are refused', async () => {
    const u = await createUser(t);
    const reviewer = await loginOperator(t, await createOperator(t, 'reviewer'));
    const body = { title: { 'zh-TW': 'x' }, body: { 'zh-TW': 'y' } };
    await t.http().post('/api/admin/messages').set(reviewer.auth).send(body).expect(403);
    await t.http().post('/api/admin/messages').set(u.auth).send(body).expect(401);
    const support = await loginOperator(t, await createOperator(t, 'support'));
    await t
      .http()
      .post('/api/admin/messages')
      .set(support.auth)
      .send({ ...body, userId: u.id })
      .expect(201);
    const noZh = await t
      .http()
      .post('/api/admin/messages')
      .set(admin.auth)
      .send({ title: { en: 'x' }, body: { 'zh-TW': 'y' } })
      .expect(400);
    expect(noZh.body.error.code).toBe('VALIDATION_FAILED');
    const nobody = await t
      .http()
      .post('/api/admin/messages')
      .set(admin.auth)
      .send({ ...body, userId: '00000000-0000-4000-8000-000000000000' })
      .expect(400);
    expect(nobody.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'userId' });
    await t.http().get('/api/messages').expect(401);
  });
});
