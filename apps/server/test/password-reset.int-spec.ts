import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestingModule } from '@nestjs/testing';
import { io, type Socket } from 'socket.io-client';
import { startApp, type TestApp } from './support/app.js';
import { createUser, login, refreshCookieOf, uniqueEmail } from './support/factories.js';
import { MovableClock } from './support/earn.js';
import { startMailWorker, startSmtp, tokenFromMail, type ReceivedMail, type TestSmtp } from './support/smtp.js';
import { waitFor } from './support/trading.js';

// Forgot password, end to end: the api mails the link through the worker to a real SMTP server in this process,
// the test follows the link from the parsed mail.
let t: TestApp;
let smtp: TestSmtp;
let worker: TestingModule;
const clock = new MovableClock(new Date());
const sockets: Socket[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startApp({ ALTCHA_REQUIRED: 'false', MAIL_RETRY_DELAY_MS: '100', PUBLIC_URL: 'http://candor.test' }, { clock });
  worker = await startMailWorker(t, smtp.url, clock);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await worker?.close();
  await t?.close();
  await smtp?.close();
});

const isReset = (m: ReceivedMail) => m.text.includes('/#/reset-password?token=');
const askReset = (email: string, lang = 'en') => t.http().post('/api/auth/password-reset').set('Accept-Language', lang).send({ email });
const confirmReset = (token: string, password: string, lang = 'en') =>
  t.http().post('/api/auth/password-reset/confirm').set('Accept-Language', lang).send({ token, password, confirmPassword: password });

function connect(token: string): Promise<Socket> {
  const socket = io(t.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

describe('password reset by mail', () => {
  it('mails a link that sets a new login password once, ends every session and open socket, and tells the owner', async () => {
    const u = await createUser(t);
    const second = await login(t, u.email, u.password);
    const socket = await connect(u.token);
    const [before] = await t.ds.query(`SELECT trade_password_hash FROM users WHERE id = $1`, [u.id]);

    const asked = await askReset(u.email.toUpperCase());
    expect(asked.status).toBe(202);
    const [mail] = await smtp.waitFor(u.email, { match: isReset });
    expect(mail!.subject).toBe('Reset your login password');
    expect(mail!.html).toContain('href="http://candor.test/#/reset-password?token=');
    const token = tokenFromMail(mail!, 'reset-password');
    // Only a keyed hash of the token is stored.
    const stored: { token_hash: Buffer }[] = await t.ds.query(`SELECT token_hash FROM mail_tokens WHERE user_id = $1 AND kind = 'reset'`, [u.id]);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(await t.ds.query(`SELECT * FROM mail_tokens WHERE user_id = $1`, [u.id]))).not.toContain(token);

    expect((await confirmReset(token, 'brand-new-pass-7')).status).toBe(204);

    // Every session ended: both access tokens, the refresh cookie, and the socket.
    for (const access of [u.token, second.token]) await t.http().get('/api/me').set('Authorization', `Bearer ${access}`).expect(401);
    await t.http().post('/api/auth/refresh').set('Cookie', u.cookie).expect(401);
    await waitFor('the socket to be cut', async () => !socket.connected, 5_000, 25);
    const live: unknown[] = await t.ds.query(`SELECT id FROM sessions WHERE subject_id = $1 AND revoked_at IS NULL`, [u.id]);
    expect(live).toEqual([]);

    // The new login password works, the old does not; the trade password is untouched.
    expect((await t.http().post('/api/auth/login').send({ email: u.email, password: u.password })).status).toBe(401);
    const fresh = await t.http().post('/api/auth/login').send({ email: u.email, password: 'brand-new-pass-7' });
    expect(fresh.status).toBe(200);
    refreshCookieOf(fresh.headers['set-cookie']);
    const [after] = await t.ds.query(`SELECT trade_password_hash FROM users WHERE id = $1`, [u.id]);
    expect(after.trade_password_hash).toBe(before.trade_password_hash);

    // The link works once.
    const again = await confirmReset(token, 'another-pass-8');
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('RESET_TOKEN_INVALID');

    // The inbox message (stored with the change) and the "password changed" mail, in the language the link was used in.
    const messages: { text_key: string }[] = await t.ds.query(`SELECT text_key FROM messages WHERE user_id = $1`, [u.id]);
    expect(messages.map((m) => m.text_key)).toContain('passwordReset');
    const [changed] = await smtp.waitFor(u.email, { match: (m) => m.subject === 'Your login password was changed' });
    expect(changed!.text).toContain('every device was signed out');
  });

  it('a link expires at 30 minutes on the clock', async () => {
    const u = await createUser(t);
    await askReset(u.email).expect(202);
    const [mail] = await smtp.waitFor(u.email, { match: isReset });
    const token = tokenFromMail(mail!, 'reset-password');
    clock.set(new Date(clock.now().getTime() + 30 * 60_000));
    try {
      const late = await confirmReset(token, 'too-late-pass-1');
      expect(late.status).toBe(400);
      expect(late.body.error.code).toBe('RESET_TOKEN_INVALID');
    } finally {
      clock.set(new Date(clock.now().getTime() - 30 * 60_000));
    }
    // Unused and unexpired at 29 minutes, the same link still works: expiry, not the first attempt, refused it.
    clock.set(new Date(clock.now().getTime() + 29 * 60_000));
    try {
      expect((await confirmReset(token, 'in-time-pass-1')).status).toBe(204);
    } finally {
      clock.set(new Date(clock.now().getTime() - 29 * 60_000));
    }
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    const known = await createUser(t);
    const unknown = uniqueEmail('nobody');
    const a = await askReset(known.email);
    const b = await askReset(unknown);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.body).toEqual(a.body);
    expect(b.text).toBe(a.text);
    await smtp.waitFor(known.email, { match: isReset });
    // The known address's mail arrived; give the unknown one as long again before saying none came.
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.to(unknown)).toEqual([]);
  });

  it('mails the link in the language the request asked for', async () => {
    const u = await createUser(t);
    await askReset(u.email, 'ja').expect(202);
    const [mail] = await smtp.waitFor(u.email, { match: isReset });
    expect(mail!.subject).toBe('ログインパスワードの再設定');
    await askReset(u.email, 'zh-TW').expect(202);
    const both = await smtp.waitFor(u.email, { match: isReset, count: 2 });
    expect(both.map((m) => m.subject)).toContain('重設您的登入密碼');
  });

  it('refuses mismatched passwords and an unknown token', async () => {
    const bad = await t
      .http()
      .post('/api/auth/password-reset/confirm')
      .send({ token: 'x'.repeat(43), password: 'good-pass-1', confirmPassword: 'good-pass-1' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('RESET_TOKEN_INVALID');
    const mismatch = await t
      .http()
      .post('/api/auth/password-reset/confirm')
      .send({ token: 'x'.repeat(43), password: 'good-pass-1', confirmPassword: 'good-pass-2' });
    expect(mismatch.body.error.code).toBe('PASSWORD_MISMATCH');
  });
});
