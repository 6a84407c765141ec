import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { MarketService } from '../market/market.service.js';
import { TickerRelay } from '../market/ticker-relay.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { startOpsServer, type OpsServer } from './metrics-server.js';
import type { RequestRecord } from './request-log.js';

/** Seconds; from a cached answer (sub-millisecond) to a slow report. */
const HTTP_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Client events counted by name; anything else a client sends is `other` (the names are the client's to choose). */
const SOCKET_EVENTS = new Set(['subscribe', 'unsubscribe']);

/**
 * The api's Prometheus metrics (prom-client, a registry of its own), served at GET /metrics on
 * METRICS_HOST:METRICS_PORT, apart from the public port. HTTP latency per route template, sockets,
 * orders placed and refused, and per product the age of the last tick and whether its market is open.
 */
@Injectable()
export class ApiMetrics implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly registry = new Registry();
  private readonly log = new Logger('metrics');
  private readonly http: Histogram<'method' | 'route' | 'status'>;
  private readonly placed: Counter;
  private readonly refused: Counter<'code'>;
  private readonly socketEvents: Counter<'event'>;
  private readonly disconnects: Counter<'reason'>;
  private server: OpsServer | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly market: MarketService,
    private readonly gateway: RealtimeGateway,
    private readonly moduleRef: ModuleRef,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.http = new Histogram({
      name: 'candor_http_request_duration_seconds',
      help: 'Time from request to answer, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.placed = new Counter({ name: 'candor_orders_placed_total', help: 'Orders placed (201, not an idempotent replay)', registers });
    this.refused = new Counter({ name: 'candor_orders_refused_total', help: 'Order placements refused, by error code', labelNames: ['code'], registers });
    this.socketEvents = new Counter({ name: 'candor_socket_events_total', help: 'Events received from sockets, by name', labelNames: ['event'], registers });
    this.disconnects = new Counter({ name: 'candor_socket_disconnects_total', help: 'Sockets that closed, by reason', labelNames: ['reason'], registers });
    const sockets = this.gateway;
    new Gauge({
      name: 'candor_sockets_connected',
      help: 'Sockets connected to this api instance',
      registers,
      collect() {
        this.set(sockets.server?.sockets?.sockets?.size ?? 0);
      },
    });
    const relay = () => this.relay();
    new Counter({
      name: 'candor_socket_pushes_total',
      help: 'Messages this instance relayed to its sockets: ticks (one per tick message) and user pushes',
      labelNames: ['kind'],
      registers,
      collect() {
        this.reset();
        this.inc({ kind: 'ticker' }, relay()?.relayed ?? 0);
        this.inc({ kind: 'user' }, sockets.pushesDelivered);
      },
    });
    const catalogue = this.market;
    new Gauge({
      name: 'candor_tick_age_seconds',
      help: "Seconds since each enabled product's last tick, as this instance's product list knows it",
      labelNames: ['symbol'],
      registers,
      async collect() {
        this.reset();
        const now = Date.now();
        for (const p of await catalogue.liveState(now)) if (p.lastTickAt) this.set({ symbol: p.symbol }, (now - Date.parse(p.lastTickAt)) / 1000);
      },
    });
    new Gauge({
      name: 'candor_market_open',
      help: "1 while a product's market is open (so tick-age alerts skip closed and maintenance markets)",
      labelNames: ['symbol'],
      registers,
      async collect() {
        this.reset();
        for (const p of await catalogue.liveState()) this.set({ symbol: p.symbol }, p.status === 'open' ? 1 : 0);
      },
    });
  }

  /** The request sink of bootstrap's request log: latency by route, orders placed and refused. */
  readonly onRequest = (r: RequestRecord): void => {
    this.http.observe({ method: r.method, route: r.route ?? 'unmatched', status: String(r.status) }, r.ms / 1000);
    if (r.route !== '/api/orders' || r.method !== 'POST') return;
    if (r.status === 201 && !r.replayed) this.placed.inc();
    else if (r.status >= 400) this.refused.inc({ code: r.code ?? 'UNKNOWN' });
  };

  async onApplicationBootstrap(): Promise<void> {
    this.gateway.server?.on('connection', (socket) => {
      socket.onAny((event: unknown) => this.socketEvents.inc({ event: typeof event === 'string' && SOCKET_EVENTS.has(event) ? event : 'other' }));
      socket.on('disconnect', (reason: string) => this.disconnects.inc({ reason }));
    });
    this.server = await startOpsServer({
      name: 'metrics',
      host: this.config.METRICS_HOST,
      port: this.config.METRICS_PORT,
      token: this.config.METRICS_TOKEN,
      logger: this.log,
      routes: { '/metrics': async () => ({ status: 200, type: this.registry.contentType, body: await this.registry.metrics() }) },
    });
  }

  /** The port /metrics listens on (null when it could not listen). */
  get port(): number | null {
    return this.server?.port ?? null;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
    this.server = null;
  }

  private relay(): TickerRelay | null {
    try {
      return this.moduleRef.get(TickerRelay, { strict: false });
    } catch {
      return null;
    }
  }
}
