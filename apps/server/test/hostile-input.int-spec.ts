import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { createTestProduct } from './support/trading.js';

// Input that once reached Postgres and came back as a 500: control characters, lone surrogates,
// ids and cursors beyond bigint, dates outside any sane range or with offsets Postgres refuses.
// Each must be a 400 in the error envelope naming the field.
let t: TestApp;
let u: LoggedIn;
let admin: { auth: { Authorization: string } };
let symbol: string;

beforeAll(async () => {
  t = await startApp();
  u = await createUser(t);
  admin = await loginOperator(t);
  symbol = await createTestProduct(t);
});
afterAll(async () => {
  await t?.close();
});

type Who = 'none' | 'user' | 'admin';
interface Case {
  name: string;
  method: 'get' | 'post' | 'patch';
  path: () => string;
  body?: unknown;
  who: Who;
  field: string;
  code?: string;
}

const NUL = 'a\u0000b';
const LONE = 'x\udfffy';
const BEYOND = '9999999999999999999'; // 19 digits, above 2^63 - 1

const cases: Case[] = [
  { name: 'NUL in the login email', method: 'post', path: () => '/api/auth/login', body: { email: NUL, password: 'whatever-1' }, who: 'none', field: 'email' },
  {
    name: 'lone surrogate in the login email',
    method: 'post',
    path: () => '/api/auth/login',
    body: { email: LONE, password: 'x' },
    who: 'none',
    field: 'email',
  },
  { name: 'NUL in the operator login', method: 'post', path: () => '/api/admin/auth/login', body: { email: NUL, password: 'x' }, who: 'none', field: 'email' },
  { name: 'NUL in a nickname', method: 'patch', path: () => '/api/me', body: { nickname: NUL }, who: 'user', field: 'nickname' },
  { name: 'lone surrogate in a nickname', method: 'patch', path: () => '/api/me', body: { nickname: LONE }, who: 'user', field: 'nickname' },
  { name: 'bidi override in a nickname', method: 'patch', path: () => '/api/me', body: { nickname: 'abc\u202Edef' }, who: 'user', field: 'nickname' },
  {
    name: 'NUL in a product name',
    method: 'patch',
    path: () => `/api/admin/products/${symbol}`,
    body: { names: { en: NUL } },
    who: 'admin',
    field: 'names.en',
  },
  {
    name: 'NUL in a maintenance message',
    method: 'patch',
    path: () => `/api/admin/products/${symbol}`,
    body: { maintenanceMessage: NUL },
    who: 'admin',
    field: 'maintenanceMessage',
  },
  {
    name: 'holiday 0000-01-01',
    method: 'patch',
    path: () => `/api/admin/products/${symbol}`,
    body: { holidays: ['0000-01-01'] },
    who: 'admin',
    field: 'holidays.0',
  },
  {
    name: 'holiday 2025-02-30',
    method: 'patch',
    path: () => `/api/admin/products/${symbol}`,
    body: { holidays: ['2025-02-30'] },
    who: 'admin',
    field: 'holidays.0',
  },
  { name: 'records cursor beyond bigint', method: 'get', path: () => `/api/wallet/records?cursor=${BEYOND}`, who: 'user', field: 'cursor' },
  { name: 'operator-actions cursor beyond bigint', method: 'get', path: () => `/api/me/operator-actions?cursor=${BEYOND}`, who: 'user', field: 'cursor' },
  { name: 'audit cursor beyond bigint', method: 'get', path: () => `/api/admin/audit?cursor=${BEYOND}`, who: 'admin', field: 'cursor' },
  { name: 'messages cursor beyond bigint', method: 'get', path: () => `/api/messages?cursor=${BEYOND}`, who: 'user', field: 'cursor' },
  { name: 'records from year 0', method: 'get', path: () => '/api/wallet/records?from=0000-01-01T00:00:00Z', who: 'user', field: 'from' },
  {
    name: 'records to with offset -23:59',
    method: 'get',
    path: () => `/api/wallet/records?to=${encodeURIComponent('2025-01-01T00:00:00-23:59')}`,
    who: 'user',
    field: 'to',
  },
  { name: 'records CSV from year 0', method: 'get', path: () => '/api/wallet/records.csv?from=0000-01-01T00:00:00Z', who: 'user', field: 'from' },
  { name: '%00 in the users search', method: 'get', path: () => '/api/admin/users?q=a%00b', who: 'admin', field: 'q' },
  { name: '%00 in the audit action', method: 'get', path: () => '/api/admin/audit?action=a%00b', who: 'admin', field: 'action' },
];

async function send(c: Case) {
  const path = c.path();
  let req = c.method === 'get' ? t.http().get(path) : c.method === 'post' ? t.http().post(path) : t.http().patch(path);
  if (c.who === 'user') req = req.set(u.auth);
  if (c.who === 'admin') req = req.set(admin.auth);
  return c.body === undefined ? req : req.send(c.body as object);
}

describe('hostile input', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s -> 400 naming the field', async (_name, c) => {
    const res = await send(c);
    expect({ status: res.status, code: res.body?.error?.code, field: res.body?.error?.field }).toEqual({
      status: 400,
      code: c.code ?? 'VALIDATION_FAILED',
      field: c.field,
    });
    expect(typeof res.body.error.message).toBe('string');
  });

  it('a path id of digits beyond bigint -> 400 on id; one that is no number at all is not found', async () => {
    for (const path of [`/api/wallet/records/${BEYOND}`, `/api/messages/${BEYOND}/read`]) {
      const res = path.endsWith('/read') ? await t.http().post(path).set(u.auth) : await t.http().get(path).set(u.auth);
      expect({ path, status: res.status, code: res.body.error?.code, field: res.body.error?.field }).toEqual({
        path,
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'id',
      });
    }
    expect((await t.http().get('/api/wallet/records/abc').set(u.auth)).status).toBe(404);
    expect((await t.http().post('/api/messages/abc/read').set(u.auth)).status).toBe(404);
  });

  it('ordinary text with tabs, new lines, emoji and CJK still passes, and the ledger is whole', async () => {
    await t.http().patch('/api/me').set(u.auth).send({ nickname: '小明 🚀' }).expect(200);
    const me = await t.http().get('/api/me').set(u.auth).expect(200);
    expect(me.body.nickname).toBe('小明 🚀');
    const from = encodeURIComponent('2025-01-01T08:00:00+08:00');
    await t.http().get(`/api/wallet/records?from=${from}`).set(u.auth).expect(200);
    expect((await ledgerCheck(t)).ok).toBe(true);
  });
});
