import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { LoggerService } from '@nestjs/common';

/** What one path answers: a status, a content type and a body. */
export type Route = () => Promise<{ status: number; type: string; body: string }>;

export interface OpsServerOptions {
  name: string;
  host: string;
  port: number;
  /** When set, /metrics answers only `Authorization: Bearer <token>` (health stays open to the health checks). */
  token?: string;
  routes: Record<string, Route>;
  /** Nest's logger (pino underneath): an object message becomes the line's fields. */
  logger: LoggerService;
}

export interface OpsServer {
  /** The port it listens on (null when it could not listen). */
  readonly port: number | null;
  close(): Promise<void>;
}

function tokenMatches(given: string | undefined, token: string): boolean {
  const want = Buffer.from(`Bearer ${token}`);
  const got = Buffer.from(given ?? '');
  return got.length === want.length && timingSafeEqual(got, want);
}

/**
 * A small HTTP server apart from the api's public port, for Prometheus and the health checks:
 * GET only, the routes given, nothing else. It listens on METRICS_HOST (loopback by default). A port
 * that is taken is logged as an error and leaves the process running without it: trading matters more.
 */
export async function startOpsServer(o: OpsServerOptions): Promise<OpsServer> {
  const log = o.logger;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?', 1)[0]!;
    const route = o.routes[path];
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (!route) return send(404, 'text/plain; charset=utf-8', 'not found\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain; charset=utf-8', 'method not allowed\n');
    if (path === '/metrics' && o.token && !tokenMatches(req.headers.authorization, o.token)) {
      log.warn({ msg: 'metrics request without the metrics token', event: 'refused', path, ip: req.socket.remoteAddress });
      return send(401, 'text/plain; charset=utf-8', 'unauthorized\n');
    }
    route().then(
      (r) => send(r.status, r.type, r.body),
      (e: unknown) => {
        log.error({ msg: 'ops route failed', path, error: (e as Error)?.message ?? String(e) });
        send(500, 'text/plain; charset=utf-8', 'error\n');
      },
    );
  });
  const port = await new Promise<number | null>((resolve) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      log.error({ msg: `cannot listen on ${o.host}:${o.port} (${e.code ?? e.message}); running without it`, host: o.host, port: o.port });
      resolve(null);
    });
    server.listen(o.port, o.host, () => resolve((server.address() as AddressInfo).port));
  });
  if (port !== null) log.log({ msg: `${o.name} listening on ${o.host}:${port}`, host: o.host, port, paths: Object.keys(o.routes) });
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if (port === null) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
