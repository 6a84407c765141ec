import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { MULTIPART_FIELD_MAX_BYTES, MULTIPART_OPTIONS, readMultipartForm } from './multipart.js';

// A bare Fastify with the api's multipart options, over a real socket (inject does not load under ESM jest).
let app: FastifyInstance;
let url: string;
beforeAll(async () => {
  app = Fastify();
  await app.register(fastifyMultipart as never, MULTIPART_OPTIONS);
  app.setErrorHandler((err, _req, reply) => {
    if (!(err instanceof DomainError)) return reply.code(500).send({ unexpected: String(err) });
    return reply.code(err.status).send({ code: err.code, field: err.field, reason: err.details.reason });
  });
  app.post('/form', async (req) => {
    const form = await readMultipartForm(req, { files: ['front', 'back'], fields: ['name', 'idNumber'] });
    return { fields: form.fields, files: Object.fromEntries(Object.entries(form.files).map(([k, v]) => [k, v.length])) };
  });
  url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/form`;
});
afterAll(async () => {
  await app.close();
});

const file = (bytes: number) => new Blob([new Uint8Array(bytes).fill(7)], { type: 'image/jpeg' });
async function post(parts: [string, string | Blob][]): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, `${name}.jpg`);
  }
  const res = await fetch(url, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('readMultipartForm', () => {
  it('reads the named fields and files; an absent file is simply missing', async () => {
    const res = await post([
      ['name', '王小明'],
      ['idNumber', 'A123456789'],
      ['front', file(1000)],
    ]);
    expect(res).toEqual({ status: 200, body: { fields: { name: '王小明', idNumber: 'A123456789' }, files: { front: 1000 } } });
  });

  it('refuses a body that is not multipart', async () => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'VALIDATION_FAILED', field: 'body' });
  });

  it.each([
    ['an unknown file', [['selfie', file(10)]], 'selfie'],
    ['an unknown field', [['role', 'admin']], 'role'],
    [
      'a repeated file',
      [
        ['front', file(10)],
        ['front', file(10)],
      ],
      'front',
    ],
    [
      'a repeated field',
      [
        ['name', 'a'],
        ['name', 'b'],
      ],
      'name',
    ],
    ['a file in a text field', [['name', file(10)]], 'name'],
    ['a field longer than its limit', [['name', 'x'.repeat(MULTIPART_FIELD_MAX_BYTES + 1)]], 'name'],
  ] as [string, [string, string | Blob][], string][])('refuses %s on its name', async (_what, parts, field) => {
    expect(await post(parts)).toEqual({ status: 400, body: { code: 'VALIDATION_FAILED', field } });
  });

  it('refuses a form with more parts than it names', async () => {
    const res = await post([
      ['name', 'a'],
      ['idNumber', 'b'],
      ['front', file(10)],
      ['back', file(10)],
      ['back2', file(10)],
    ]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a file over the upload limit as too large on its field, and answers', async () => {
    const res = await post([
      ['name', 'a'],
      ['back', file(UPLOAD_MAX_BYTES + 1)],
      ['front', file(100)],
    ]);
    expect(res).toEqual({ status: 413, body: { code: 'UPLOAD_TOO_LARGE', field: 'back', reason: 'too_large' } });
    const atLimit = await post([['front', file(UPLOAD_MAX_BYTES)]]);
    expect(atLimit).toEqual({ status: 200, body: { fields: {}, files: { front: UPLOAD_MAX_BYTES } } });
  });

  it('refuses a multipart body without a boundary', async () => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'name=x' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'VALIDATION_FAILED', field: 'body' });
  });

  it('refuses malformed multipart data', async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
  });
});
