import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { Emitter } from '@socket.io/redis-emitter';
import { channel, DEFAULT_LOCALE, type ServerToClientEvents } from '@candor/contracts';
import { thresholdsReached, type AlertThresholds } from '@candor/domain';
import { REDIS_CHANNELS, socketIoKey } from '@candor/cross-process';
import { REDIS } from '../redis/redis.module.js';
import { TickWriter, type PendingTick } from '../market/feed/tick-writer.js';
import { MessagesRepository, type MessageRow } from '../messages/messages.repository.js';
import { toMessage } from '../messages/message-view.js';
import { PriceAlertsRepository, type FiredAlertRow } from './price-alerts.repository.js';

/** Every product's alerts are re-read this often, in case an announcement of a change was lost. */
export const ALERTS_REREAD_MS = 60_000;

/** `2026-12-02 10:15:07 UTC`: the time a message names, as the other system messages write it (to the second). */
const messageTime = (d: Date): string => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The language-neutral vars of an alert's message (message-view.ts puts the name and side in the reader's language). */
export function priceAlertVars(a: FiredAlertRow, price: string): Record<string, string> {
  return { symbol: a.symbol, names: JSON.stringify(a.names ?? {}), direction: a.direction, level: a.level, price, at: messageTime(new Date(a.triggered_at)) };
}

/**
 * Fires price alerts, in the one process that writes ticks (the feed's leader: it hears them from its own
 * TickWriter, so several api or worker instances never fire one twice). It keeps, per product, the levels
 * the active alerts wait for (AlertThresholds) and only when a stored price reaches one does it touch the
 * database: one statement fires every alert that price reaches (`... WHERE triggered_at IS NULL`, so each
 * fires once), and stores its system message in the same transaction; the message is then pushed to the
 * user's sockets through the socket.io Redis adapter. A change of alerts (announced on Redis by the api)
 * makes it re-read that product's; everything is re-read every minute as well. Alerts only read prices.
 */
@Injectable()
export class PriceAlertWatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('price-alerts');
  private readonly emitter: Emitter<ServerToClientEvents>;
  private thresholds = new Map<string, AlertThresholds>();
  /** The last stored price (and its time) of each product this process wrote. */
  private readonly last = new Map<string, { price: string; t: string }>();
  /** Per product, the work in flight (fires and re-reads run one after another). */
  private readonly chains = new Map<string, Promise<void>>();
  private started: Promise<void> | null = null;
  private sub: Redis | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Alerts fired by this process (a running count, for tests and logs). */
  fired = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly alerts: PriceAlertsRepository,
    private readonly messages: MessagesRepository,
    private readonly writer: TickWriter,
  ) {
    // The emitter publishes without waiting; a publish that fails (Redis away) is dropped here instead of
    // becoming an unhandled rejection: the message is stored, and the inbox shows it on the next read.
    const publisher = { publish: (ch: string, msg: string | Buffer) => redis.publish(ch, msg).catch(() => 0) };
    this.emitter = new Emitter<ServerToClientEvents>(publisher, { key: socketIoKey() });
  }

  onApplicationBootstrap(): void {
    this.writer.onStored((ticks) => this.onTicks(ticks));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const sub = this.sub;
    this.sub = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
    await Promise.allSettled([...this.chains.values()]);
  }

  /** Ticks just stored by this process: a product whose price reaches an alert's level has its alerts fired. */
  onTicks(ticks: readonly PendingTick[]): void {
    if (this.stopped) return;
    // Nothing is read before this process writes its first tick (a worker whose feed is off, or not leading, reads nothing).
    this.started ??= this.start();
    for (const k of ticks) {
      this.last.set(k.symbol, { price: k.price, t: k.t });
      if (thresholdsReached(this.thresholds.get(k.symbol), k.price)) this.enqueue(k.symbol, () => this.fireAt(k.symbol, k.price, k.t));
    }
  }

  /** Waits for the work queued so far (tests). */
  async idle(): Promise<void> {
    await this.started;
    await Promise.allSettled([...this.chains.values()]);
  }

  private async start(): Promise<void> {
    const sub = this.redis.duplicate();
    sub.on('error', (e: Error) => this.log.warn(`alert changes: ${e.message}`));
    sub.on('message', (_ch: string, symbol: string) => this.enqueue(symbol, () => this.reread(symbol)));
    this.sub = sub;
    await sub.subscribe(REDIS_CHANNELS.priceAlertsChanged).catch((e: unknown) => this.log.warn(`alert changes: ${(e as Error).message}`));
    this.timer = setInterval(() => void this.rereadAll(), ALERTS_REREAD_MS);
    this.timer.unref?.();
    await this.rereadAll();
  }

  /** Runs `work` after the product's earlier work; a failure is logged (the next tick that reaches the level tries again). */
  private enqueue(symbol: string, work: () => Promise<void>): void {
    const run = (this.chains.get(symbol) ?? Promise.resolve()).then(work).catch((e: unknown) => this.log.warn(`alerts of ${symbol}: ${(e as Error).message}`));
    this.chains.set(symbol, run);
    void run.then(() => {
      if (this.chains.get(symbol) === run) this.chains.delete(symbol);
    });
  }

  private async rereadAll(): Promise<void> {
    try {
      this.thresholds = await this.alerts.thresholds();
    } catch (e) {
      this.log.warn(`reading the price alerts failed: ${(e as Error).message}`);
      return;
    }
    // A level reached while the alerts were being read (or before this process wrote prices) fires now.
    for (const symbol of this.thresholds.keys()) this.enqueue(symbol, () => this.fireAtLast(symbol));
  }

  /** An alert of the product was added or removed: its levels are read again, and one the last price already reaches fires. */
  private async reread(symbol: string): Promise<void> {
    const found = (await this.alerts.thresholds(symbol)).get(symbol);
    if (found) this.thresholds.set(symbol, found);
    else this.thresholds.delete(symbol);
    await this.fireAtLast(symbol);
  }

  private async fireAtLast(symbol: string): Promise<void> {
    const last = this.last.get(symbol);
    if (last) await this.fireAt(symbol, last.price, last.t);
  }

  /** Fires the alerts `price` reaches (if the product's levels, as known now, say any does), then re-reads the product's levels. */
  private async fireAt(symbol: string, price: string, t: string): Promise<void> {
    if (!thresholdsReached(this.thresholds.get(symbol), price)) return;
    const fired = await this.ds.transaction(async (em) => {
      const rows = await this.alerts.fire(em, symbol, price, t);
      const out: { userId: string; message: MessageRow }[] = [];
      for (const a of rows) out.push({ userId: a.user_id, message: await this.messages.insertSystem(a.user_id, 'priceAlert', priceAlertVars(a, price), em) });
      return out;
    });
    this.fired += fired.length;
    for (const f of fired) this.emitter.to(channel.user(f.userId)).emit('message', toMessage(f.message, DEFAULT_LOCALE));
    if (fired.length) this.log.log(`${fired.length} price alert(s) of ${symbol} fired at ${price}`);
    const found = (await this.alerts.thresholds(symbol)).get(symbol);
    if (found) this.thresholds.set(symbol, found);
    else this.thresholds.delete(symbol);
  }
}
