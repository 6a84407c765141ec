import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import sharp from 'sharp';
import { ERROR_CODES } from '@candor/contracts';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createUser, login, loginOperator, type LoggedIn } from './support/factories.js';
import { fundCash } from './support/trading.js';
import { createVenueProduct, startVenueFeed, type VenueFeed } from './support/venues.js';
import { taiwanId } from '../../../scripts/testing/kyc.mjs';

// A schema-driven fuzz of every operation of the OpenAPI document: hostile path params, query params
// and JSON bodies (wrong types, missing and extra fields, huge strings, control characters, lone
// surrogates, extreme numbers and dates, bad ids and cursors), each sent with no token, a user's token
// and, under /api/admin, an admin's. No answer may be a 5xx, every error must be the error envelope
// with a known code, and the ledger stays whole. Then a user B must not reach user A's things by id.
// Reproduce a failure with FUZZ_SEED=<the printed seed>.
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20); // samples per operation and identity
const MAX_URL = 16 * 1024 - 512;
const MAX_BODY = 64 * 1024 - 512;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface Schema {
  type?: string;
  enum?: unknown[];
  format?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}
interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: Schema;
}
interface Operation {
  method: Method;
  path: string;
  parameters: Param[];
  body?: Schema;
  /** A multipart/form-data body (uploads): its fields and files. */
  multipart?: Schema;
  admin: boolean;
}
interface Req {
  url: string;
  body?: string;
  contentType: string;
  headers: Record<string, string>;
}

const doc = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { parameters?: Param[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
};
const allOperations: Operation[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
  (['get', 'post', 'put', 'patch', 'delete'] as const)
    .filter((m) => ops[m])
    .map((method) => ({
      method,
      path,
      parameters: ops[method]!.parameters ?? [],
      body: ops[method]!.requestBody?.content['application/json']?.schema,
      multipart: ops[method]!.requestBody?.content['multipart/form-data']?.schema,
      admin: path.startsWith('/api/admin'),
    })),
);
/** FUZZ_ONLY=<regular expression>: fuzz only the operations whose path matches (a quick run over new routes). */
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;
const operations = ONLY ? allOperations.filter((op) => ONLY.test(op.path)) : allOperations;

// ---- hostile values ----
const lone = fc.constantFrom('\ud800', '\udfff', 'x\udfffy', 'a\ud83d', '\udc00\ud800');
const control = fc.constantFrom('\u0000', 'a\u0000b', '\u0007', '\u001b[31m', '\r\n', '\u007f', '\u202e', '\ufeff', '\u2028', '\t\v\f');
const huge = fc.tuple(fc.constantFrom(2_000, 12_000, 60_000), fc.constantFrom('a', '9', '\u00e9', '\ud835\udd4f', '%')).map(([n, c]) => c.repeat(n / c.length));
const badId = fc.constantFrom(
  '../',
  '../../etc/passwd',
  '%00',
  '9999999999999999999',
  '99999999999999999999999999',
  '-1',
  '0',
  '1',
  '1e308',
  '0x10',
  ' ',
  '',
  'null',
  '__proto__',
  'constructor',
  "' OR 1=1 --",
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-00000000000g',
);
const badCursor = fc.constantFrom('eyJ', 'eyJpZCI6LTF9', '-1', '1.5', '9'.repeat(40), '=', '%', 'AAAA====', '{"id":1}');
const badDate = fc.constantFrom(
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2025-02-30',
  '2025-13-01',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00Z',
  '2025-01-01T00:00:00-23:59',
  '2025-01-01T24:00:00+25:00',
  'Invalid Date',
  '1e308',
  '-8640000000000001',
);
const hostileString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  lone,
  control,
  huge,
  badId,
  badCursor,
  badDate,
  fc.uuid(),
);
const extremeNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, -0, 2 ** 63, -(2 ** 63), 2 ** 53 + 2, -1, 0, 5e-324, 0.1, 99999999999999999999),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const hostileKey = fc.oneof(
  fc.string({ maxLength: 10 }),
  lone,
  control,
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'userId', 'admin', 'role'),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    extremeNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(hostileKey, tie('v'), { maxKeys: 3 }),
  ),
})).v;

/** Plausible values for a schema, so a hostile neighbour field meets the code behind the schema. */
function plausible(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 3) return hostileValue;
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf) return fc.oneof(...s.anyOf.map((x) => plausible(x, depth + 1)));
  const sub = (x: Schema | undefined) => plausible(x, depth + 1);
  if (s.type === 'string') return s.format === 'uuid' ? fc.uuid() : fc.oneof(fc.string({ maxLength: Math.min(s.maxLength ?? 20, 20) }), fc.nat().map(String));
  if (s.type === 'integer') return fc.integer({ min: Math.max(s.minimum ?? -1e6, -1e9), max: Math.min(s.maximum ?? 1e6, 1e9) });
  if (s.type === 'number') return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
  if (s.type === 'boolean') return fc.boolean();
  if (s.type === 'array') return fc.array(sub(s.items), { maxLength: 3 });
  if (s.type !== 'object') return hostileValue;
  if (s.properties) return fc.record(Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, field(v, depth + 1)])), { requiredKeys: [] });
  const values = sub(typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
  return fc.dictionary(fc.constantFrom('zh-TW', 'en', 'ja', 'x'), values, { maxKeys: 3 });
}
const field = (s: Schema | undefined, depth = 0) => fc.oneof({ weight: 1, arbitrary: plausible(s, depth) }, { weight: 2, arbitrary: hostileValue });

// ---- encoding: lone surrogates become their raw (invalid) UTF-8 bytes, not an exception ----
const hex = (b: number) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
function enc(s: string): string {
  return Array.from(s, (ch) => {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) return hex(0xe0 | (c >> 12)) + hex(0x80 | ((c >> 6) & 0x3f)) + hex(0x80 | (c & 0x3f));
    return encodeURIComponent(ch);
  }).join('');
}
const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
// Path values already in URL form: encoded hostile strings, or raw traversal and broken escapes.
const pathValue = (s: Schema | undefined) =>
  fc.oneof(
    hostileString.map(enc),
    plausible(s).map((v) => enc(asText(v))),
    fc.constantFrom('..', '../..', '..%2F..%2F', '%00', 'a%00b', '%2e%2e%2f', '%', '%zz', '..;', '%C0%AE', '%ED%A0%80'),
  );
const queryValue = (s: Schema | undefined) =>
  fc.oneof(
    hostileString.map((v) => [enc(v)]),
    plausible(s).map((v) => [enc(asText(v))]),
    fc.array(hostileString.map(enc), { minLength: 2, maxLength: 3 }), // the parameter given more than once
    fc.constantFrom(['%00'], ['%'], ['%zz'], ['']),
  );
const rawBody = fc.constantFrom('{"a":', '{"amount":1e309}', '\u0000', '[]', 'null', '"x"', '{"__proto__":{"admin":true}}', '{"a":1,"a":2}', 'x'.repeat(1000));

// ---- multipart: hostile parts, names, file contents and boundaries for the upload routes ----
const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';
const fileBytes = fc.oneof(
  hostileString,
  fc.constantFrom(
    '\xff\xd8\xff\xe0\x00\x10JFIF',
    '\x89PNG\r\n\x1a\n',
    'RIFF\x00\x00\x00\x00WEBPVP8 ',
    'GIF89a',
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
    '%PDF-1.4',
    '',
  ),
);
const part = (names: string[]) =>
  fc
    .tuple(
      fc.oneof(fc.constantFrom(...names), hostileKey),
      fc.oneof(hostileString, fileBytes),
      fc.boolean(),
      fc.constantFrom('image/jpeg', 'text/html', 'image/svg+xml', ''),
    )
    .map(([name, value, asFile, type]) =>
      asFile
        ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="x.jpg"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${value}\r\n`
        : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
function multipartRequest(s: Schema): fc.Arbitrary<{ body: string; contentType: string }> {
  const names = Object.keys(s.properties ?? {});
  return fc
    .tuple(fc.array(part(names.length ? names : ['file']), { maxLength: 6 }), fc.boolean(), fc.constantFrom(BOUNDARY, BOUNDARY, 'other', ''))
    .map(([parts, closed, boundary]) => ({
      body: parts.join('') + (closed ? `--${BOUNDARY}--\r\n` : ''),
      contentType: boundary ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data',
    }));
}

function requestFor(op: Operation): fc.Arbitrary<Req> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const headerParams = op.parameters.filter((p) => p.in === 'header');
  const path = fc
    .tuple(...pathParams.map((p) => pathValue(p.schema)))
    .map((vals) => pathParams.reduce((acc, p, i) => acc.replace(`{${p.name}}`, vals[i]!), op.path));
  const query = fc
    .tuple(
      fc.record(Object.fromEntries(queryParams.map((p) => [p.name, queryValue(p.schema)])), { requiredKeys: [] }),
      fc.dictionary(hostileKey.map(enc), queryValue(undefined), { maxKeys: 2 }),
    )
    .map(([declared, extra]) =>
      Object.entries({ ...declared, ...extra })
        .flatMap(([k, vs]) => (vs as string[]).map((v) => `${enc(k)}=${v}`))
        .join('&'),
    );
  const body: fc.Arbitrary<string | undefined> = op.body
    ? fc.oneof(
        {
          weight: 6,
          arbitrary: fc
            .tuple(plausible(op.body), fc.dictionary(hostileKey, hostileValue, { maxKeys: 2 }))
            .map(([b, extra]) => JSON.stringify({ ...extra, ...(b as object) })),
        },
        { weight: 1, arbitrary: hostileValue.map((v) => JSON.stringify(v)) },
        { weight: 1, arbitrary: rawBody },
      )
    : fc.option(
        hostileValue.map((v) => JSON.stringify(v)),
        { nil: undefined, freq: 3 },
      );
  const headers = fc.record(
    Object.fromEntries(
      headerParams.map((p) => [
        p.name,
        fc.oneof(fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 200 }), badId),
      ]),
    ),
    { requiredKeys: [] },
  );
  const contentType = fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded');
  const multipart = op.multipart ? fc.option(multipartRequest(op.multipart), { nil: undefined, freq: 4 }) : fc.constant(undefined);
  return fc
    .record({ path, query, body, headers, contentType, multipart })
    .map(({ path: p, query: q, body: b, headers: h, contentType: ct, multipart: m }) => ({
      url: q ? `${p}?${q}` : p,
      body: m ? m.body : b,
      headers: h as Record<string, string>,
      contentType: m ? m.contentType : ct,
    }))
    .filter((r) => r.url.length < MAX_URL && Buffer.byteLength(r.body ?? '') < MAX_BODY);
}

// ---- the run ----
let t: TestApp;
let feed: VenueFeed;
let fuzzUser: LoggedIn;
let admin: { auth: { Authorization: string } };
let symbol: string;
const failures: string[] = [];
let sent = 0;

async function send(op: Operation, r: Req, auth: Record<string, string>) {
  let req = t.http()[op.method](r.url).set(auth).set(r.headers);
  if (r.body !== undefined) req = req.set('Content-Type', r.contentType).send(r.body);
  sent++;
  return req;
}

/** Every error is the envelope with a known code; anything 5xx is a failure in itself. */
function judge(what: string, res: { status: number; body: unknown; text: string }) {
  const e = (res.body as { error?: { code?: unknown; message?: unknown; requestId?: unknown } } | null)?.error;
  const envelope = !!e && ERROR_CODES.includes(e.code as never) && typeof e.message === 'string' && typeof e.requestId === 'string';
  if (res.status >= 500 || (res.status >= 400 && !envelope)) failures.push(`${what} -> ${res.status} ${res.text.slice(0, 300)}`);
}

beforeAll(async () => {
  t = await startApp();
  feed = await startVenueFeed(t); // the real-account order below trades on prices from (fake) exchanges
  symbol = await createVenueProduct(t);
  await feed.tick(symbol, '100.00');
  fuzzUser = await createUser(t);
  admin = await loginOperator(t);
}, 180_000); // the venue feed may take up to 60 s to start on a loaded machine
afterAll(async () => {
  await feed?.close();
  await t?.close();
});

describe('fuzz', () => {
  it('user B reaches none of user A’s things by id', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const method = await t
      .http()
      .post('/api/admin/deposit-methods')
      .set(admin.auth)
      .send({ type: 'bank', names: { 'zh-TW': '測試' }, details: { bank: 'Test' }, minAmount: 1, maxAmount: 100000 })
      .expect(201);
    const deposit = await t.http().post('/api/deposits').set(a.auth).send({ methodId: method.body.id, amount: '50' }).expect(201);
    const slip = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    await t.http().post(`/api/deposits/${deposit.body.id}/slip`).set(a.auth).attach('slip', slip, 'slip.jpg').expect(201);
    await t.http().post(`/api/admin/deposits/${deposit.body.id}/approve`).set(admin.auth).expect(200);
    await fundCash(t, a.id, 100_00);
    const account = { type: 'crypto', accountName: 'A', nationality: 'T', network: 'TRC20', currencyAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' };
    await t
      .http()
      .put('/api/withdrawal-account')
      .set(a.auth)
      .send({ ...account, tradePassword: a.tradePassword })
      .expect(200);
    const withdrawal = await t.http().post('/api/withdrawals').set(a.auth).send({ amount: '20', tradePassword: a.tradePassword }).expect(201);
    // After the withdrawal: a new submission puts the account back in review.
    await t
      .http()
      .post('/api/kyc')
      .set(a.auth)
      .field({ name: '王小明', idNumber: taiwanId(), nationality: 'TW' })
      .attach('front', slip, 'front.jpg')
      .attach('back', slip, 'back.jpg')
      .expect(201);
    const [kyc] = await t.ds.query(`SELECT id FROM kyc_submissions WHERE user_id = $1`, [a.id]);
    const order = await t.http().post('/api/orders').set(a.auth).send({ symbol, direction: 'up', amount: '10', durationSeconds: 60 }).expect(201);
    const message = await t
      .http()
      .post('/api/admin/messages')
      .set(admin.auth)
      .send({ userId: a.id, title: { 'zh-TW': 'A' }, body: { 'zh-TW': 'A' } })
      .expect(201);
    await t.http().post(`/api/messages/${message.body.id}/read`).set(a.auth).expect(204);
    const records = await t.http().get('/api/wallet/records').set(a.auth).expect(200);
    const sessions = await t.http().get('/api/auth/sessions').set(a.auth).expect(200);
    const [article] = await t.ds.query(`SELECT id FROM content_news LIMIT 1`);
    const alert = await t.http().post('/api/me/alerts').set(a.auth).send({ symbol, level: '150' }).expect(201);
    const chatImage = await t
      .http()
      .post('/api/support/messages')
      .set(a.auth)
      .field('clientId', 'fuzz-image-0001')
      .attach('image', slip, 'chat.jpg')
      .expect(201);
    const [conversation] = await t.ds.query(`SELECT id FROM support_conversations WHERE user_id = $1`, [a.id]);
    const subscription = await t
      .http()
      .post('/api/me/push-subscriptions')
      .set(a.auth)
      .send({
        endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz-user-a',
        keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
      })
      .expect(201);
    const ids: Record<string, string> = {
      '/api/deposits/': deposit.body.id,
      '/api/withdrawals/': withdrawal.body.id,
      '/api/orders/': order.body.id,
      '/api/wallet/records/': records.body.items[0].id,
      '/api/messages/': message.body.id,
      '/api/auth/sessions/': sessions.body[0].id,
      '/api/me/alerts/': alert.body.id,
      '/api/me/push-subscriptions/': subscription.body.id,
      '/api/support/images/': chatImage.body.id,
      '/api/admin/support/conversations/': conversation.id,
      '/api/admin/support/images/': chatImage.body.id,
      '/api/admin/users/': a.id,
      '/api/admin/kyc/': kyc.id,
      '/api/admin/deposits/': deposit.body.id,
      '/api/admin/news/': article.id,
    };
    // GETs with a path id, and the calls that act on one of A's things by id (which must not touch it).
    // Public reads by symbol or slug (products, pages) belong to nobody and are left out.
    const owned = allOperations.filter((op) => /\{id\}/.test(op.path) && (op.method === 'get' || !op.admin));
    expect(owned.length).toBeGreaterThanOrEqual(8);
    for (const op of owned) {
      const prefix = Object.keys(ids).find((p) => op.path.startsWith(p));
      if (!prefix) throw new Error(`no id of user A for ${op.method.toUpperCase()} ${op.path}`);
      const url = op.path.replace('{id}', ids[prefix]!).replace('{side}', 'front');
      const asB = await t.http()[op.method](url).set(b.auth);
      expect({ op: `${op.method} ${op.path}`, ok: asB.status < 300 }).toEqual({ op: `${op.method} ${op.path}`, ok: false });
      judge(`B: ${op.method.toUpperCase()} ${url}`, asB);
      if (op.method === 'get' && !op.admin) expect({ url, status: (await t.http().get(url).set(a.auth)).status }).toEqual({ url, status: 200 });
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('covers the upload routes with multipart bodies, the avatar among them', () => {
    const uploads = allOperations.filter((op) => op.multipart).map((op) => `${op.method} ${op.path}`);
    expect(uploads).toEqual(expect.arrayContaining(['put /api/me/avatar', 'post /api/kyc', 'post /api/deposits/{id}/slip']));
    const avatar = allOperations.find((op) => op.method === 'put' && op.path === '/api/me/avatar');
    expect(Object.keys(avatar?.multipart?.properties ?? {})).toEqual(['avatar']);
    expect(allOperations.map((op) => `${op.method} ${op.path}`)).toEqual(expect.arrayContaining(['delete /api/me/avatar', 'get /api/avatars/{name}']));
  });

  it(`every operation survives hostile input (seed ${SEED}, ${RUNS} runs)`, async () => {
    console.log(`fuzz seed ${SEED} (reproduce with FUZZ_SEED=${SEED})`);
    const started = Date.now();
    for (const [i, op] of operations.entries()) {
      const samples = fc.sample(requestFor(op), { seed: SEED + i, numRuns: RUNS });
      const identities: [string, Record<string, string>][] = [
        ['none', {}],
        ['user', fuzzUser.auth],
      ];
      if (op.admin) identities.push(['admin', admin.auth]);
      for (const [who, auth] of identities)
        for (const r of samples)
          judge(`${who}: ${op.method.toUpperCase()} ${r.url.slice(0, 200)} body=${(r.body ?? '').slice(0, 200)}`, await send(op, r, auth));
      // A call may have ended a session (a logout, a password change): sign in again to keep going.
      if ((await t.http().get('/api/me').set(fuzzUser.auth)).status !== 200) {
        const { token } = await login(t, fuzzUser.email, fuzzUser.password);
        fuzzUser = { ...fuzzUser, token, auth: { Authorization: `Bearer ${token}` } };
      }
      if ((await t.http().get('/api/admin/me').set(admin.auth)).status !== 200) admin = await loginOperator(t);
    }
    console.log(`fuzz: ${sent} requests over ${operations.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // A run that sent little (an empty or unreadable OpenAPI file) must not pass as clean.
    expect(operations.length).toBeGreaterThanOrEqual(ONLY ? 1 : 60);
    expect(sent).toBeGreaterThanOrEqual(operations.length * RUNS * 2);
    expect(failures).toEqual([]);
    expect(await ledgerCheck(t)).toMatchObject({ ok: true });
  }, 240_000);
});
