import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ledgerCheck, startApp, TEST_INVITE_CODE, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator, solveCaptcha, uniqueEmail } from './support/factories.js';

// Blocked countries (issue 50): an admin's list, refused at registration by the phone's country and at identity
// verification by nationality, with the operators' message in the user's language (else zh-TW), every change audited.
let t: TestApp;
let admin: { auth: { Authorization: string } };

const LIST = { phone: ['us', 'KP'], nationality: ['KP'], message: { 'zh-TW': '本平台不服務此國家', en: 'We do not serve this country' } };

beforeAll(async () => {
  t = await startApp();
  admin = await loginOperator(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const check = async (phone: string, lang: string) =>
  t
    .http()
    .post('/api/auth/register/check')
    .set('Accept-Language', lang)
    .send({ email: uniqueEmail('blocked'), phone, inviteCode: TEST_INVITE_CODE, ...(await solveCaptcha(t)) });

describe('blocked countries', () => {
  it('is for admins only, validated, and audited with the list before', async () => {
    const finance = await loginOperator(t, await createOperator(t, 'finance'));
    expect((await t.http().get('/api/admin/blocked-countries').set(finance.auth).expect(403)).body.error.code).toBe('FORBIDDEN');
    expect((await t.http().put('/api/admin/blocked-countries').set(finance.auth).send(LIST).expect(403)).body.error.code).toBe('FORBIDDEN');
    const bad = await t
      .http()
      .put('/api/admin/blocked-countries')
      .set(admin.auth)
      .send({ ...LIST, phone: ['ZZ'] })
      .expect(400);
    expect(bad.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'phone' });
    const noZh = await t
      .http()
      .put('/api/admin/blocked-countries')
      .set(admin.auth)
      .send({ ...LIST, message: { en: 'x' } })
      .expect(400);
    expect(noZh.body.error.code).toBe('VALIDATION_FAILED');

    const saved = (await t.http().put('/api/admin/blocked-countries').set(admin.auth).send(LIST).expect(200)).body;
    expect(saved).toMatchObject({ phone: ['KP', 'US'], nationality: ['KP'], message: LIST.message });
    expect(saved.updatedAt).not.toBeNull();
    const audit = (await t.http().get('/api/admin/audit?action=countries.update&limit=5').set(admin.auth).expect(200)).body.items;
    expect(audit[0]).toMatchObject({
      action: 'countries.update',
      details: { before: { phone: [], nationality: [] }, after: { phone: ['KP', 'US'], nationality: ['KP'] } },
    });
  });

  it('is public in app-info, the message in the asked language or zh-TW', async () => {
    const en = (await t.http().get('/api/app-info?lang=en').expect(200)).body.blockedCountries;
    expect(en).toEqual({ phone: ['KP', 'US'], nationality: ['KP'], message: 'We do not serve this country' });
    const ja = (await t.http().get('/api/app-info').set('Accept-Language', 'ja').expect(200)).body.blockedCountries;
    expect(ja.message).toBe('本平台不服務此國家');
  });

  it("refuses registration with a blocked phone country, in the user's language", async () => {
    const en = await check('+12015550123', 'en');
    expect(en.status).toBe(403);
    expect(en.body.error).toMatchObject({ code: 'COUNTRY_NOT_SERVED', field: 'phone', country: 'US', message: 'We do not serve this country' });
    const ko = await check('+12015550123', 'ko');
    expect(ko.body.error).toMatchObject({ code: 'COUNTRY_NOT_SERVED', message: '本平台不服務此國家' });
    // +1 is also Canada's code: the country is read from the number, not the code.
    expect((await check('+14165550123', 'en')).status).toBe(200);
    expect((await check('0912345678', 'en')).status).toBe(200);
  });

  it('refuses identity verification with a blocked nationality, and not another', async () => {
    const user = await createUser(t);
    const submit = (nationality: string) =>
      t
        .http()
        .post('/api/kyc')
        .set(user.auth)
        .set('Accept-Language', 'en')
        .field('name', 'Kim Test')
        .field('idNumber', 'P12345678')
        .field('nationality', nationality);
    const refused = await submit('KP').expect(403);
    expect(refused.body.error).toMatchObject({ code: 'COUNTRY_NOT_SERVED', field: 'nationality', country: 'KP', message: 'We do not serve this country' });
    // Another nationality passes this check and goes on to the photos (none sent here).
    expect((await submit('JP').expect(400)).body.error.code).toBe('KYC_IMAGE_INVALID');
    expect((await t.http().get('/api/kyc').set(user.auth).expect(200)).body.status).toBe('not_submitted');
  });

  it('serves everyone again once the list is emptied, and leaves the ledger whole', async () => {
    await t
      .http()
      .put('/api/admin/blocked-countries')
      .set(admin.auth)
      .send({ phone: [], nationality: [], message: { 'zh-TW': '—' } })
      .expect(200);
    expect((await check('+12015550123', 'en')).status).toBe(200);
    expect(await ledgerCheck(t)).toMatchObject({ ok: true, imbalance: '0.00' });
  });
});
