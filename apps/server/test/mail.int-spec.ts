import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestingModule } from '@nestjs/testing';
import { startApp, type TestApp } from './support/app.js';
import { createUser, registerUser, uniqueEmail, type LoggedIn } from './support/factories.js';
import { startMailWorker, startSmtp, tokenFromMail, type ReceivedMail, type TestSmtp } from './support/smtp.js';
import { UsersRepository } from '../src/users/users.repository.js';

// Mail through a real SMTP server in this process: the confirmation of the address (and of a new one), mails in
// the user's language, the preferences, and mail jobs that outlive a mail server refusing them.
let t: TestApp;
let smtp: TestSmtp;
let worker: TestingModule;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startApp({ ALTCHA_REQUIRED: 'false', MAIL_RETRY_DELAY_MS: '100', PUBLIC_URL: 'http://candor.test' });
  worker = await startMailWorker(t, smtp.url);
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await smtp?.close();
});

const isConfirm = (m: ReceivedMail) => m.text.includes('/#/confirm-email?token=');
const me = async (u: LoggedIn) => (await t.http().get('/api/me').set(u.auth).expect(200)).body;
const confirm = (token: string) => t.http().post('/api/me/email/confirm').send({ token });

describe('confirming the e-mail address', () => {
  it('mails a link at registration; until it is used the account is unconfirmed; it works once, signed in or not', async () => {
    const u = await createUser(t, { emailConfirmed: false });
    const users = t.app.get(UsersRepository);
    expect((await me(u)).emailConfirmed).toBe(false);
    expect(await users.isEmailConfirmed(u.id)).toBe(false);

    const [mail] = await smtp.waitFor(u.email, { match: isConfirm });
    // Registration named no language: the platform's default.
    expect(mail!.subject).toBe('請確認您的電子郵件地址');
    expect(mail!.html).toContain('href="http://candor.test/#/confirm-email?token=');
    const token = tokenFromMail(mail!, 'confirm-email');

    expect((await confirm(token)).status).toBe(204);
    expect((await me(u)).emailConfirmed).toBe(true);
    expect(await users.isEmailConfirmed(u.id)).toBe(true);
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('RESET_TOKEN_INVALID');
  });

  it('sends the link again on request, in the asked language, at most three times an hour', async () => {
    const u = await createUser(t, { emailConfirmed: false });
    await smtp.waitFor(u.email, { match: isConfirm });
    for (let i = 0; i < 3; i++) await t.http().post('/api/me/email/resend').set(u.auth).set('Accept-Language', 'fr').expect(202);
    const limited = await t.http().post('/api/me/email/resend').set(u.auth).set('Accept-Language', 'fr');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const french = await smtp.waitFor(u.email, { match: (m) => isConfirm(m) && m.subject === 'Veuillez confirmer votre adresse e-mail', count: 3 });
    // Every resent link works (an earlier one is not voided by a later one), the last of them here.
    expect((await confirm(tokenFromMail(french[2]!, 'confirm-email'))).status).toBe(204);
    // Nothing left to confirm: answered, nothing sent.
    await t.http().post('/api/me/email/resend').set(u.auth).expect(202);
  });

  it('needs a signed-in user to resend', async () => {
    await t.http().post('/api/me/email/resend').expect(401);
  });
});

describe('changing the e-mail address', () => {
  it('keeps the old address until the new one is confirmed, tells the old one, then switches', async () => {
    const u = await createUser(t, { emailConfirmed: false });
    const next = uniqueEmail('next');
    const wrong = await t.http().post('/api/me/email').set(u.auth).send({ email: next, password: 'not-the-password-1' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe('OLD_PASSWORD_INVALID');

    const res = await t.http().post('/api/me/email').set(u.auth).set('Accept-Language', 'en').send({ email: next, password: u.password });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ email: u.email, pendingEmail: next });

    const [notice] = await smtp.waitFor(u.email, { match: (m) => m.subject === 'The e-mail address of your account is about to change' });
    expect(notice!.text).toContain(next);
    const [link] = await smtp.waitFor(next, { match: isConfirm });
    expect(link!.subject).toBe('Please confirm your new e-mail address');
    expect((await confirm(tokenFromMail(link!, 'confirm-email'))).status).toBe(204);
    expect(await me(u)).toMatchObject({ email: next, pendingEmail: null, emailConfirmed: true });
  });

  it('USER_EXISTS when the new address was taken before its link was used', async () => {
    const u = await createUser(t, { emailConfirmed: false });
    const next = uniqueEmail('contested');
    await t.http().post('/api/me/email').set(u.auth).send({ email: next, password: u.password }).expect(202);
    const [link] = await smtp.waitFor(next, { match: (m) => m.subject === '請確認您的新電子郵件地址' });
    await registerUser(t, { email: next });
    const res = await confirm(tokenFromMail(link!, 'confirm-email'));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('USER_EXISTS');
    expect(await me(u)).toMatchObject({ email: u.email, pendingEmail: next });
  });

  it('refuses an address another account uses', async () => {
    const a = await createUser(t, { emailConfirmed: false });
    const b = await createUser(t, { emailConfirmed: false });
    const res = await t.http().post('/api/me/email').set(a.auth).send({ email: b.email.toUpperCase(), password: a.password });
    expect(res.body.error.code).toBe('USER_EXISTS');
  });
});

describe('mail in the user language and preferences', () => {
  it('a sign-in on a new device is mailed in the language the user last used', async () => {
    const u = await createUser(t, { emailConfirmed: false });
    // Using the account in German is remembered.
    await t.http().post('/api/me/email/resend').set(u.auth).set('Accept-Language', 'de-CH,de;q=0.9').expect(202);
    await t
      .http()
      .post('/api/auth/login')
      .set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0')
      .send({ email: u.email, password: u.password })
      .expect(200);
    const [mail] = await smtp.waitFor(u.email, { match: (m) => m.subject === 'Anmeldung auf einem neuen Gerät' });
    expect(mail!.text).toContain('Firefox');
  });

  it('optional mails are on by default and can be turned off; unknown kinds are refused', async () => {
    const u = await createUser(t, { emailConfirmed: false });
    expect((await t.http().get('/api/me/mail-preferences').set(u.auth).expect(200)).body).toEqual({
      withdrawalRequested: true,
      withdrawalDecided: true,
      verificationDecided: true,
    });
    const put = await t.http().put('/api/me/mail-preferences').set(u.auth).send({ withdrawalDecided: false }).expect(200);
    expect(put.body).toEqual({ withdrawalRequested: true, withdrawalDecided: false, verificationDecided: true });
    expect((await t.http().get('/api/me/mail-preferences').set(u.auth).expect(200)).body.withdrawalDecided).toBe(false);
    await t.http().put('/api/me/mail-preferences').set(u.auth).send({ newDevice: false }).expect(400);
  });
});

describe('a mail server that refuses for a while', () => {
  it.each([
    [451, 'a temporary refusal'],
    [554, 'a permanent-looking refusal'],
  ])('with %i (%s) the request still succeeds, the job retries, and the mail is sent exactly once when the server is back', async (code) => {
    const u = await createUser(t, { emailConfirmed: false });
    await smtp.waitFor(u.email, { match: isConfirm });
    const before = smtp.refusals();
    smtp.refuse(code);
    try {
      await t.http().post('/api/auth/password-reset').send({ email: u.email }).expect(202);
      const deadline = Date.now() + 15_000;
      while (smtp.refusals() < before + 3) {
        if (Date.now() > deadline) throw new Error('the mail job did not retry');
        await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      smtp.accept();
    }
    const [mail] = await smtp.waitFor(u.email, { match: (m) => m.text.includes('/#/reset-password?token=') });
    expect(mail!.subject).toBe('重設您的登入密碼');
    // Later attempts would arrive within a few retry delays: none does.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(smtp.to(u.email).filter((m) => m.text.includes('/#/reset-password?token='))).toHaveLength(1);
  });
});
