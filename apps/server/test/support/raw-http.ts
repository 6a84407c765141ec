import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET to the app at baseUrl that keeps the body as the bytes sent (supertest would decode it). */
export function rawGet(baseUrl: string, path: string, headers: Record<string, string | undefined> = {}): Promise<RawAnswer> {
  const u = new URL(baseUrl);
  const sent = Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined));
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: u.port, path, headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The Vary header of an answer, lower-cased ('' without one). */
export const varies = (h: IncomingHttpHeaders): string => String(h.vary ?? '').toLowerCase();
