import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { CANDLE_INTERVALS, channel, type CandleEvent, type TickerEvent } from '@candor/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { MarketService } from './market.service.js';
import { MarketStatusWatcher } from './market-status.watcher.js';
import { PriceSources } from './price-sources.js';
import { REDIS_CHANNELS, type TickMessage } from '@candor/cross-process';

/** The `ticker` event of a tick message. */
export function tickerEvent(m: TickMessage): TickerEvent {
  return {
    symbol: m.symbol,
    price: m.price,
    t: m.t,
    seq: m.seq,
    change24h: m.stats.change24h,
    high24h: m.stats.high24h,
    low24h: m.stats.low24h,
    volume24h: m.stats.volume24h,
    amount24h: m.stats.amount24h,
    ...(m.sourcesTotal !== undefined ? { sourcesUsed: m.sourcesUsed ?? 0, sourcesTotal: m.sourcesTotal } : {}),
  };
}

/**
 * Relays the feed's ticks from Redis to this instance's sockets: `ticker` to `ticker:SYMBOL`,
 * `candle` to `candles:SYMBOL:INTERVAL`. Every api instance subscribes itself, so it emits
 * locally (`server.local`), never through the Redis adapter (which would deliver each tick once
 * per instance). Also keeps the market's in-memory figures current and reloads the catalogue when
 * another instance announces an operator change.
 */
@Injectable()
export class TickerRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('ticker-relay');
  private sub: Redis | null = null;
  relayed = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gateway: RealtimeGateway,
    private readonly market: MarketService,
    private readonly watcher: MarketStatusWatcher,
    @Optional() private readonly sources?: PriceSources,
  ) {
    // The market owns the catalogue: it tells the gateway which products a client may subscribe to.
    gateway.setKnownSymbols(async () => new Set((await market.allProductRows()).map((p) => p.symbol)));
  }

  async onApplicationBootstrap(): Promise<void> {
    const sub = new Redis(this.config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: null });
    sub.on('error', (e) => this.log.warn(`subscriber: ${e.message}`));
    sub.on('message', (ch: string, message: string) => this.onMessage(ch, message));
    // After a reconnect, ticks published meanwhile were missed: the product list re-reads the stored ones.
    sub.on('ready', () => this.market.resync());
    await sub.connect();
    await sub.subscribe(REDIS_CHANNELS.ticks, REDIS_CHANNELS.productsChanged, REDIS_CHANNELS.marketHalts);
    this.sub = sub;
  }

  async onApplicationShutdown(): Promise<void> {
    const sub = this.sub;
    this.sub = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }

  /** One message of the subscribed channels (public for tests). */
  onMessage(ch: string, message: string): void {
    if (ch === REDIS_CHANNELS.marketHalts) {
      // A product halted or resumed: the lists show it and everyone hears of it at once.
      this.sources?.onHaltEvent(message);
      void this.watcher.check().catch(() => undefined);
      return;
    }
    if (ch === REDIS_CHANNELS.productsChanged) {
      this.market.invalidate();
      void this.watcher.check().catch(() => undefined);
      return;
    }
    if (ch !== REDIS_CHANNELS.ticks) return;
    let m: TickMessage;
    try {
      m = JSON.parse(message) as TickMessage;
    } catch {
      return;
    }
    if (typeof m?.symbol !== 'string') return;
    this.market.onTick(m);
    const server = this.gateway.server;
    if (!server) return;
    // Only rooms this instance holds: socket.io encodes a packet before it looks for the room's sockets.
    const rooms = server.sockets.adapter.rooms;
    const ticker = channel.ticker(m.symbol);
    if (rooms.has(ticker)) server.local.to(ticker).emit('ticker', tickerEvent(m));
    for (const interval of CANDLE_INTERVALS) {
      const c = m.candles?.[interval];
      const room = channel.candles(m.symbol, interval);
      if (!c || !rooms.has(room)) continue;
      const e: CandleEvent = { symbol: m.symbol, interval, t: c.t, o: c.o, h: c.h, l: c.l, c: c.c, v: c.v };
      server.local.to(room).emit('candle', e);
    }
    this.relayed++;
  }
}
