import https from 'node:https';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { startApi, type ClusterApi } from '../../../../scripts/testing/cluster.mjs';
import { startHaproxy, type LocalHaproxy } from '../../../../scripts/testing/haproxy.mjs';
import { registerUser, waitFor, type ClusterUser } from './cluster-client.js';

/**
 * TLS as docker/compose.yaml deploys it: HAProxy from Debian's package runs docker/haproxy.cfg (only its ports,
 * replicas and certificate folder swapped) with a self-signed certificate made by openssl now, in front of an api
 * with TRUST_PROXY=true. Plain HTTP is redirected; HTTPS reaches the api, whose cookie is Secure and which sends HSTS.
 */
const HOST = 'candor.test';
let api: ClusterApi;
let lb: LocalHaproxy;
let redis: Redis;
let user: ClusterUser;

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request through the balancer: over TLS (trusting only the test's certificate, SNI candor.test) or plain. */
function send(tls: boolean, method: string, urlPath: string, body?: unknown): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const options: https.RequestOptions = {
    host: '127.0.0.1',
    port: tls ? lb.httpsPort : lb.httpPort,
    method,
    path: urlPath,
    headers: { Host: HOST, ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}) },
    ...(tls ? { ca: lb.certificate, servername: HOST } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = (tls ? https : http).request(options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const attributes = (cookie: string) => cookie.split(';').map((a) => a.trim().toLowerCase());

beforeAll(async () => {
  api = await startApi('tls-api', { TRUST_PROXY: 'true' });
  lb = await startHaproxy({ apiPorts: [api.port], workDir: path.join(process.env.CLUSTER_LOG_DIR!, 'tls-haproxy') });
  redis = new Redis(process.env.REDIS_URL!);
  user = await registerUser(api.url, redis, process.env.CLUSTER_INVITE_CODE!);
  // HAProxy sends traffic once its health checks found the replica ready (two checks, 2 s apart).
  await waitFor('the api up behind HAProxy', async () => (await send(true, 'GET', '/api/health')).status === 200, 20_000, 250);
});
afterAll(async () => {
  await lb?.stop();
  redis?.disconnect();
  await api?.stop();
});

describe('TLS at the load balancer', () => {
  it('redirects plain HTTP to the same address over HTTPS', async () => {
    const r = await send(false, 'GET', '/api/products?x=1');
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe(`https://${HOST}/api/products?x=1`);
  });

  it('leaves the container’s own readiness check on plain HTTP, from inside only', async () => {
    const r = await send(false, 'GET', '/api/health/ready');
    expect(r.status).toBe(200);
  });

  it('reaches the api over HTTPS with the certificate, and the api sends HSTS', async () => {
    const r = await send(true, 'GET', '/api/health');
    expect(r.status).toBe(200);
    // The api's own answer (its request id), not one of HAProxy's.
    expect(r.headers['x-request-id']).toMatch(/\S/);
    expect(JSON.parse(r.body)).toEqual(expect.objectContaining({ feed: expect.anything() }));
    expect(r.headers['strict-transport-security']).toMatch(/^max-age=[1-9]\d*/);
  });

  it('marks the api’s refresh cookie and the balancer’s sticky cookie Secure', async () => {
    const r = await send(true, 'POST', '/api/auth/login', { email: user.email, password: user.password });
    expect(r.status).toBe(200);
    const cookies = r.headers['set-cookie'] ?? [];
    const refresh = cookies.find((c) => c.startsWith('candor_rt='));
    const sticky = cookies.find((c) => c.startsWith('CANDOR_LB='));
    expect(refresh && attributes(refresh)).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=strict']));
    expect(sticky && attributes(sticky)).toEqual(expect.arrayContaining(['secure', 'httponly']));
    expect(r.headers['strict-transport-security']).toMatch(/^max-age=/);
  });

  it('the same api reached directly over plain HTTP sets no Secure cookie and no HSTS', async () => {
    const r = await fetch(`${api.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(r.status).toBe(200);
    const refresh = r.headers.getSetCookie().find((c) => c.startsWith('candor_rt='));
    expect(refresh).toBeDefined();
    expect(attributes(refresh!)).not.toContain('secure');
    expect(r.headers.get('strict-transport-security')).toBeNull();
  });
});
