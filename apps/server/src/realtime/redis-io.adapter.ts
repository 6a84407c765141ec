import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { socketIoKey } from '@candor/cross-process';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { lowerCaseHeaders, originAllowed, plainHttpHeaders, requestOrigin, requestScheme, securityHeaders } from '../common/security-headers.js';

/**
 * socket.io with the Redis adapter: several api instances serve one market, and the worker's
 * private events (via @socket.io/redis-emitter) reach whichever instance holds the user's socket.
 */
export class RedisIoAdapter extends IoAdapter {
  private adapter?: ReturnType<typeof createAdapter>;
  private clients: Redis[] = [];
  /** Whether X-Forwarded-Proto is the one trusted proxy's word on the scheme (TRUST_PROXY). */
  private readonly trustProxy: boolean;

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string,
    private readonly allowedOrigins: readonly string[] = [],
  ) {
    super(app);
    this.trustProxy = app.get<AppConfig>(APP_CONFIG, { strict: false }).TRUST_PROXY === 'true';
  }

  async connect(): Promise<void> {
    // Publishes are pipelined: the emits of one turn of the event loop (a batch of orders answering
    // together) reach Redis in one write instead of one write each.
    const pub = new Redis(this.redisUrl, { lazyConnect: true, enableAutoPipelining: true });
    const sub = new Redis(this.redisUrl, { lazyConnect: true });
    await Promise.all([pub.connect(), sub.connect()]);
    this.clients = [pub, sub];
    this.adapter = createAdapter(pub, sub, { key: socketIoKey() });
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...options,
      path: '/socket.io',
      serveClient: false,
      cors: { origin: false },
      // Clients send a few channel names at a time; a megabyte (the default) per message is an attack surface.
      maxHttpBufferSize: 16 * 1024,
      // A page on another site, or on this host over the other scheme, must not open a socket with the visitor's cookies or token.
      allowRequest: (req, callback) => {
        const own = requestOrigin(req.headers.host, req.headers['x-forwarded-proto'], (req.socket as TLSSocket).encrypted === true, this.trustProxy);
        callback(null, originAllowed(req.headers.origin, own, this.allowedOrigins));
      },
    } as ServerOptions);
    if (this.adapter) server.adapter(this.adapter);
    // socket.io answers outside Fastify: its handshake and polling answers get the same headers here.
    // HSTS only on a handshake or poll that came over HTTPS (as the api's other answers).
    const secureHeaders = lowerCaseHeaders({ ...securityHeaders(this.allowedOrigins), 'Cache-Control': 'no-store' });
    const plainHeaders = plainHttpHeaders(secureHeaders);
    server.engine.on('headers', (out: Record<string, string>, req: IncomingMessage) => {
      const https = requestScheme(req.headers['x-forwarded-proto'], (req.socket as TLSSocket).encrypted === true, this.trustProxy) === 'https';
      const headers = https ? secureHeaders : plainHeaders;
      for (const key of Object.keys(out)) if (key.toLowerCase() in secureHeaders) delete out[key];
      Object.assign(out, headers);
    });
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    await Promise.all(this.clients.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
