import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import type { FastifyRequest } from 'fastify';
import { answerEncoding, compressedCopy, compressesRoute } from './compression.js';

const asking = (acceptEncoding?: string) => ({ headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }) as FastifyRequest;

describe('compressedCopy', () => {
  it('compresses a body once per encoding and hands the same copy to every later request', () => {
    const body = Buffer.from(JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ symbol: `SYM${i}`, lastPrice: '1.00' }))));
    const br = compressedCopy(body, 'br');
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(compressedCopy(body, 'br')).toBe(br);
    const gzip = compressedCopy(body, 'gzip');
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(compressedCopy(body, 'gzip')).toBe(gzip);
    // A new list (a tick changed it) is a new Buffer: its own copy, never the old list's.
    const next = Buffer.from(body.toString().replace('SYM0', 'SYMX'));
    expect(brotliDecompressSync(compressedCopy(next, 'br')).equals(next)).toBe(true);
  });
});

describe('answerEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['GZIP, Deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
  ])('Accept-Encoding %j -> %j', (accept, expected) => {
    expect(answerEncoding(asking(accept))).toBe(expected);
  });
});

describe('compressesRoute', () => {
  it("compresses the api's answers, not its token-bearing ones nor the built apps' files", () => {
    expect(compressesRoute('/api/products')).toBe(true);
    expect(compressesRoute('/api/admin/audit')).toBe(true);
    expect(compressesRoute('/api/auth/login')).toBe(false);
    expect(compressesRoute('/api/admin/auth/enrollment')).toBe(false);
    expect(compressesRoute('/*')).toBe(false);
    expect(compressesRoute('/console/*')).toBe(false);
  });
});
