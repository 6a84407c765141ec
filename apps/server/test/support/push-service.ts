import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
}

/**
 * A stand-in for a browser's push service: an HTTPS server on 127.0.0.1 (a self-signed certificate made with
 * openssl for this run) that records each Web Push POST and answers 201, or the status set for its path.
 * `agent` trusts its certificate (the worker's PUSH_AGENT in tests).
 */
export interface TestPushService {
  /** `127.0.0.1:port`, for PUSH_SERVICE_HOSTS. */
  host: string;
  endpoint(name: string): string;
  agent: Agent;
  received: PushRequest[];
  answer(name: string, status: number): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<TestPushService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'candor-push-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-keyout', key, '-out', cert, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' }); // prettier-ignore
  const pem = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(dir, { recursive: true, force: true });
  const received: PushRequest[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer(pem, (req, res) => {
    let bytes = 0;
    req.on('data', (c: Buffer) => (bytes += c.length));
    req.on('end', () => {
      const p = req.url ?? '';
      received.push({ path: p, headers: req.headers, bytes });
      res.writeHead(statuses.get(p.replace(/^\/push\//, '')) ?? 201).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  const agent = new Agent({ ca: pem.cert, keepAlive: false });
  return {
    host: `127.0.0.1:${port}`,
    endpoint: (name) => `https://127.0.0.1:${port}/push/${name}`,
    agent,
    received,
    answer: (name, status) => void statuses.set(name, status),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
