import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { OPERATOR_ROLES, ROLE_PERMISSIONS, rolesWith, type OperatorPermission, type OperatorRole } from '@candor/contracts';
import { startApp, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator, operatorLoginBody } from './support/factories.js';

// Operator accounts managed by an admin (list, add, change role, disable: each audited, each at once),
// and the permission matrix of libs/contracts checked on every /api/admin route the api registers.
let t: TestApp;
/** Every route under /api/admin except the sign-in ones, as registered with Fastify: `METHOD /api/admin/...`. */
const adminRoutes: { method: string; url: string }[] = [];
let admin: { auth: { Authorization: string } };

beforeAll(async () => {
  t = await startApp(
    {},
    {
      beforeListen: (app) => {
        const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
        fastify.addHook('onRoute', (route) => {
          if (!route.url.startsWith('/api/admin/') || route.url.startsWith('/api/admin/auth/')) return;
          for (const method of [route.method].flat()) if (method !== 'HEAD') adminRoutes.push({ method, url: route.url });
        });
      },
    },
  );
  admin = await loginOperator(t);
});
afterAll(async () => {
  await t.close();
});

const codeOf = (r: { status: number; body: { error?: { code: string } } }) => [r.status, r.body.error?.code];
const uniqueOperatorEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@candor.test`;

describe('operator accounts', () => {
  it('lets an admin add an operator, list it, change its role and disable it, each audited', async () => {
    const email = uniqueOperatorEmail('new-reviewer');
    const created = await t.http().post('/api/admin/operators').set(admin.auth).send({ email, password: 'reviewer-pass-1', role: 'reviewer' }).expect(201);
    expect(created.body).toMatchObject({ email, role: 'reviewer', disabled: false, totpEnrolled: false });
    const id = created.body.id as string;
    const dup = await t.http().post('/api/admin/operators').set(admin.auth).send({ email: email.toUpperCase(), password: 'reviewer-pass-1', role: 'support' });
    expect(codeOf(dup)).toEqual([409, 'OPERATOR_EXISTS']);

    const list = await t.http().get('/api/admin/operators').set(admin.auth).expect(200);
    expect(list.body.find((o: { id: string }) => o.id === id)).toMatchObject({ email, role: 'reviewer' });

    const patched = await t.http().patch(`/api/admin/operators/${id}`).set(admin.auth).send({ role: 'finance' }).expect(200);
    expect(patched.body).toMatchObject({ id, role: 'finance', disabled: false });
    await t.http().patch(`/api/admin/operators/${id}`).set(admin.auth).send({ disabled: true }).expect(200);
    const after = await t.http().get('/api/admin/operators').set(admin.auth).expect(200);
    expect(after.body.find((o: { id: string }) => o.id === id)).toMatchObject({ role: 'finance', disabled: true });

    const audit = await t.http().get('/api/admin/audit?limit=50').set(admin.auth).expect(200);
    const mine = audit.body.items
      .filter((i: { targetId: string }) => i.targetId === id)
      .map((i: { action: string; details: unknown }) => [i.action, i.details]);
    expect(mine).toEqual([
      ['operator.update', { disabled: { before: false, after: true } }],
      ['operator.update', { role: { before: 'reviewer', after: 'finance' } }],
      ['operator.create', { email, role: 'reviewer' }],
    ]);
    // A disabled operator cannot sign in.
    const r = await t.http().post('/api/admin/auth/login').send({ email, password: 'reviewer-pass-1' });
    expect(codeOf(r)).toEqual([401, 'INVALID_CREDENTIALS']);
  });

  it('refuses bad input, an unknown operator, and an admin changing themself', async () => {
    expect(codeOf(await t.http().post('/api/admin/operators').set(admin.auth).send({ email: 'x@y.z', password: 'short', role: 'admin' }))).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    expect(codeOf(await t.http().post('/api/admin/operators').set(admin.auth).send({ email: 'x@y.z', password: 'long-enough-1', role: 'owner' }))).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    expect(codeOf(await t.http().patch('/api/admin/operators/0b8c3f0e-0000-4000-8000-000000000000').set(admin.auth).send({ role: 'support' }))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    expect(codeOf(await t.http().patch('/api/admin/operators/0b8c3f0e-0000-4000-8000-000000000000').set(admin.auth).send({}))).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    const me = await t.http().get('/api/admin/me').set(admin.auth).expect(200);
    expect(codeOf(await t.http().patch(`/api/admin/operators/${me.body.id}`).set(admin.auth).send({ disabled: true }))).toEqual([403, 'FORBIDDEN']);
  });

  it("refuses a disabled operator's token and refresh cookie at once", async () => {
    const op = await createOperator(t, 'support');
    const res = await t
      .http()
      .post('/api/admin/auth/login')
      .send(await operatorLoginBody(t, op))
      .expect(200);
    const auth = { Authorization: `Bearer ${res.body.accessToken}` };
    const cookie = ([res.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith('candor_ort='))!.split(';')[0]!;
    await t.http().get('/api/admin/me').set(auth).expect(200);
    await t.http().patch(`/api/admin/operators/${op.id}`).set(admin.auth).send({ disabled: true }).expect(200);
    expect(codeOf(await t.http().get('/api/admin/me').set(auth))).toEqual([401, 'UNAUTHENTICATED']);
    expect(codeOf(await t.http().post('/api/admin/auth/refresh').set('Cookie', cookie))).toEqual([401, 'UNAUTHENTICATED']);
    // Enabled again, the old token stays dead (its session ended); a new login works.
    await t.http().patch(`/api/admin/operators/${op.id}`).set(admin.auth).send({ disabled: false }).expect(200);
    expect((await t.http().get('/api/admin/me').set(auth)).status).toBe(401);
    await loginOperator(t, op);
  });

  it('applies a role change at once: the old session ends and the new role has its own permissions', async () => {
    const op = await createOperator(t, 'support');
    const before = await loginOperator(t, op);
    await t.http().get('/api/admin/deposits').set(before.auth).expect(403);
    await t.http().patch(`/api/admin/operators/${op.id}`).set(admin.auth).send({ role: 'finance' }).expect(200);
    expect(codeOf(await t.http().get('/api/admin/me').set(before.auth))).toEqual([401, 'UNAUTHENTICATED']);
    const after = await loginOperator(t, op);
    const me = await t.http().get('/api/admin/me').set(after.auth).expect(200);
    expect(me.body).toMatchObject({ role: 'finance', permissions: [...ROLE_PERMISSIONS.finance] });
    await t.http().get('/api/admin/deposits').set(after.auth).expect(200);
    expect(codeOf(await t.http().post('/api/admin/messages').set(after.auth).send({}))).toEqual([403, 'FORBIDDEN']);
  });
});

describe('the permission matrix on every /api/admin route', () => {
  it('answers 401 without an operator token, 403 to a role without the permission, and lets the others through', async () => {
    const doc = (await t.http().get('/api/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { 'x-permission'?: OperatorPermission }>>;
    };
    const asOpenApi = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    expect(adminRoutes.length).toBeGreaterThan(15);
    const routes = adminRoutes.map((r) => ({ ...r, permission: doc.paths[asOpenApi(r.url)]?.[r.method.toLowerCase()]?.['x-permission'] }));
    // A route without a permission would be refused to everyone: it must name one.
    expect(routes.filter((r) => !r.permission).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // Yu'e Bao: reading with earn.read (admin, finance), changing with earn.manage (admin only).
    expect(
      routes
        .filter((r) => r.url.startsWith('/api/admin/earn/'))
        .map((r) => `${r.method} ${r.url} ${r.permission}`)
        .sort(),
    ).toEqual([
      'DELETE /api/admin/earn/holidays/:date earn.manage',
      'GET /api/admin/earn/dashboard earn.read',
      'GET /api/admin/earn/holidays earn.read',
      'GET /api/admin/earn/settings earn.read',
      'POST /api/admin/earn/holidays earn.manage',
      'POST /api/admin/earn/holidays/import earn.manage',
      'PUT /api/admin/earn/settings earn.manage',
    ]);
    expect(rolesWith('earn.read')).toEqual(['admin', 'finance']);
    expect(rolesWith('earn.manage')).toEqual(['admin']);

    const tokens = {} as Record<OperatorRole, { Authorization: string }>;
    for (const role of OPERATOR_ROLES) tokens[role] = (await loginOperator(t, await createOperator(t, role))).auth;
    const user = await createUser(t);
    const principals: [string, Record<string, string>][] = [
      ['no token', {}],
      ['a user token', user.auth],
      ...OPERATOR_ROLES.map((r) => [r, tokens[r]] as [string, Record<string, string>]),
    ];

    const off: string[] = [];
    for (const route of routes) {
      // Any id will do: the guard answers before the handler looks anything up.
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'symbol' ? 'NOSUCHSYMBOL' : '0b8c3f0e-0000-4000-8000-000000000000'));
      for (const [who, headers] of principals) {
        const req = t.http()[route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete'](url).set(headers);
        const res = route.method === 'GET' ? await req : await req.send({});
        const role = OPERATOR_ROLES.find((r) => r === who);
        const expected = !role ? 401 : ROLE_PERMISSIONS[role].includes(route.permission!) ? 'allowed' : 403;
        const got = res.status === 401 || res.status === 403 ? res.status : 'allowed';
        if (got !== expected)
          off.push(`${route.method} ${route.url} as ${who}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body?.error ?? '')}`);
      }
    }
    expect(off).toEqual([]);
  });
});
