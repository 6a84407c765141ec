import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { sendImage } from './send-image.js';

// Over a real socket: Fastify's inject (light-my-request) does not load under the unit tier's ESM jest.
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = Fastify();
  app.get('/image/:name', (req, reply) =>
    sendImage(reply, { data: Buffer.from([0xff, 0xd8, 0xff, 0xd9]), contentType: 'image/jpeg' }, (req.params as { name: string }).name),
  );
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
});

describe('sendImage', () => {
  it('answers the bytes uncached, unsniffable, inline and sandboxed', async () => {
    const res = await fetch(`${base}/image/front.jpg`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': '4',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline; filename="front.jpg"',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });

  it('keeps quotes and other characters out of the file name', async () => {
    const res = await fetch(`${base}/image/${encodeURIComponent('a"b;\r\nc.jpg')}`);
    expect(res.headers.get('content-disposition')).toBe('inline; filename="a_b___c.jpg"');
  });
});
