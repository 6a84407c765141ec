import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, type LoggedIn } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.close();
});

const BANK = { type: 'bank', accountName: 'Chen Mei', nationality: 'Taiwan', bank: 'First Bank', cardNumber: '4111 1111 1111 1111', region: 'Taipei' };
const CRYPTO = { type: 'crypto', accountName: 'Chen Mei', nationality: 'Taiwan', network: 'TRC20', currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' };

const put = (u: LoggedIn, body: Record<string, unknown>, lang = 'en') =>
  t.http().put('/api/withdrawal-account').set(u.auth).set('Accept-Language', lang).send(body);

describe('withdrawal account', () => {
  it('is not bound at first: 404 WITHDRAWAL_ACCOUNT_NOT_BOUND', async () => {
    const u = await createUser(t);
    const res = await t.http().get('/api/withdrawal-account').set(u.auth).expect(404);
    expect(res.body.error.code).toBe('WITHDRAWAL_ACCOUNT_NOT_BOUND');
  });

  it('binds a bank card with the transaction password, without a hold; the number only ever comes back masked', async () => {
    const u = await createUser(t);
    const res = await put(u, { ...BANK, tradePassword: u.tradePassword }).expect(200);
    expect(res.body).toMatchObject({
      type: 'bank',
      accountName: 'Chen Mei',
      bank: 'First Bank',
      cardNumber: '**** 1111',
      region: 'Taipei',
      currencyAddress: null,
      network: null,
      masked: '**** 1111',
      holdUntil: null,
    });
    expect(res.body.warning).toBeUndefined();
    const got = await t.http().get('/api/withdrawal-account').set(u.auth).expect(200);
    expect(got.body).toEqual(res.body);
    expect(JSON.stringify(got.body)).not.toContain('4111111111111111');
    expect(JSON.stringify(res.body)).not.toContain('4111111111111111');
    // The full number is kept: the operators who pay the withdrawal need it.
    const [row]: { card_number: string }[] = await t.ds.query('SELECT card_number FROM withdrawal_accounts WHERE user_id = $1', [u.id]);
    expect(row!.card_number).toBe('4111111111111111');
  });

  it("takes what the web form's pickers send: a country code, a bank with its code, a Taiwanese address", async () => {
    const u = await createUser(t);
    const tw = {
      type: 'bank',
      accountName: '陳美',
      nationality: 'TW',
      bank: '004 臺灣銀行',
      cardNumber: '4111111111111111',
      region: '臺北市 大安區 忠孝東路四段1號',
    };
    const res = await put(u, { ...tw, tradePassword: u.tradePassword }).expect(200);
    expect(res.body).toMatchObject({ nationality: 'TW', bank: '004 臺灣銀行', region: '臺北市 大安區 忠孝東路四段1號', cardNumber: '**** 1111' });
  });

  it('changing it starts the 24-hour hold; putting the same details again keeps the hold as it was', async () => {
    const u = await createUser(t);
    await put(u, { ...BANK, tradePassword: u.tradePassword }).expect(200);
    const before = Date.now();
    const changed = await put(u, { ...CRYPTO, tradePassword: u.tradePassword }).expect(200);
    expect(changed.body).toMatchObject({
      type: 'crypto',
      currencyAddress: CRYPTO.currencyAddress,
      network: 'TRC20',
      bank: null,
      cardNumber: null,
      masked: 'TR7NHq…Lj6t',
    });
    const hold = Date.parse(changed.body.holdUntil);
    expect(hold - before).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(hold - before).toBeLessThan(24 * 3600_000 + 60_000);
    const again = await put(u, { ...CRYPTO, tradePassword: u.tradePassword }).expect(200);
    expect(again.body.holdUntil).toBe(changed.body.holdUntil);
  });

  it('accepts a card that fails the Luhn check with a warning, and an unchecksummed ERC20 address stored checksummed', async () => {
    const u = await createUser(t);
    const card = await put(u, { ...BANK, cardNumber: '6212345678901234567', tradePassword: u.tradePassword }).expect(200);
    expect(card.body).toMatchObject({ cardNumber: '**** 4567', warning: 'LUHN_FAILED' });
    const erc = await put(u, {
      ...CRYPTO,
      network: 'ERC20',
      currencyAddress: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      tradePassword: u.tradePassword,
    }).expect(200);
    expect(erc.body).toMatchObject({ currencyAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', warning: 'NO_CHECKSUM' });
  });

  it.each([
    ['an empty account name', { ...BANK, accountName: '' }, 'accountName'],
    ['no bank', { ...BANK, bank: undefined }, 'bank'],
    ['no state or province', { ...BANK, region: '  ' }, 'region'],
    ['a card number with letters', { ...BANK, cardNumber: '4111-1111-abcd-1111' }, 'cardNumber'],
    ['a card number too short', { ...BANK, cardNumber: '41111111111' }, 'cardNumber'],
    ['no network', { ...CRYPTO, network: undefined }, 'network'],
    ['an unknown network', { ...CRYPTO, network: 'DOGE' }, 'network'],
    ['a TRC20 address with a wrong checksum', { ...CRYPTO, currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }, 'currencyAddress'],
    [
      'an ERC20 address with a wrong checksum',
      { ...CRYPTO, network: 'ERC20', currencyAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
      'currencyAddress',
    ],
    ['a Bitcoin address on TRC20', { ...CRYPTO, currencyAddress: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' }, 'currencyAddress'],
    ['an unknown type', { ...BANK, type: 'paypal' }, 'type'],
    ['an unknown field', { ...BANK, iban: 'DE89370400440532013000' }, 'iban'],
  ])('refuses %s: 400 VALIDATION_FAILED naming the field, in the asked language, and binds nothing', async (_name, body, field) => {
    const u = await createUser(t);
    const res = await put(u, { ...body, tradePassword: u.tradePassword }, 'zh-TW').expect(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field });
    expect(res.body.error.message).toMatch(/[\u4e00-\u9fff]/);
    await t.http().get('/api/withdrawal-account').set(u.auth).expect(404);
  });

  it('a wrong transaction password is refused; the fifth in a row locks it, and the sixth (even right) answers TRADE_PASSWORD_LOCKED with unlockAt', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i++) {
      const res = await put(u, { ...BANK, tradePassword: '000000' }).expect(422);
      expect(res.body.error).toMatchObject({ code: 'TRADE_PASSWORD_INVALID', field: 'tradePassword' });
    }
    const locked = await put(u, { ...BANK, tradePassword: u.tradePassword }).expect(422);
    expect(locked.body.error).toMatchObject({ code: 'TRADE_PASSWORD_LOCKED', field: 'tradePassword' });
    const unlockAt = Date.parse(locked.body.error.unlockAt);
    expect(unlockAt - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(unlockAt - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    await t.http().get('/api/withdrawal-account').set(u.auth).expect(404);

    // Once the lock has passed, the right password works and the count starts again.
    await t.ds.query(`UPDATE users SET trade_password_locked_until = now() - interval '1 second' WHERE id = $1`, [u.id]);
    await put(u, { ...BANK, tradePassword: u.tradePassword }).expect(200);
    const [row] = await t.ds.query(`SELECT trade_password_failures FROM users WHERE id = $1`, [u.id]);
    expect(row.trade_password_failures).toBe(0);
  });

  it('parallel wrong passwords are all counted: ten at once lock it', async () => {
    const u = await createUser(t);
    const codes = await Promise.all(Array.from({ length: 10 }, () => put(u, { ...BANK, tradePassword: '000000' }).then((r) => r.body.error.code as string)));
    expect(codes.filter((c) => c === 'TRADE_PASSWORD_INVALID').length).toBeGreaterThanOrEqual(5);
    const after = await put(u, { ...BANK, tradePassword: u.tradePassword }).expect(422);
    expect(after.body.error.code).toBe('TRADE_PASSWORD_LOCKED');
  });

  it("is each user's own: another user's account is never shown or changed", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await put(a, { ...BANK, tradePassword: a.tradePassword }).expect(200);
    await t.http().get('/api/withdrawal-account').set(b.auth).expect(404);
    await put(b, { ...CRYPTO, tradePassword: b.tradePassword }).expect(200);
    const mine = await t.http().get('/api/withdrawal-account').set(a.auth).expect(200);
    expect(mine.body).toMatchObject({ type: 'bank', cardNumber: '**** 1111', holdUntil: null });
  });

  it('needs a user token', async () => {
    await t.http().get('/api/withdrawal-account').expect(401);
    await t.http().put('/api/withdrawal-account').send(BANK).expect(401);
  });

  it('moves no money: the ledger invariant holds', async () => {
    expect((await ledgerCheck(t)).ok).toBe(true);
  });
});
