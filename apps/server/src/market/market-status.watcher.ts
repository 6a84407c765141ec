import { Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { MarketEvent } from '@candor/contracts';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { MarketService } from './market.service.js';
import { PriceSources } from './price-sources.js';

/** How often statuses are recomputed (markets open and close on the minute; maintenance changes are pushed at once). */
const CHECK_MS = 1000;

/**
 * Emits `market { symbol, status, nextOpenAt?, haltReason? }` to every socket of this instance when a
 * product's status changes: a market opens or closes by its hours, operators toggle maintenance or
 * change the hours, or its exchanges stop or start giving a valid price (halt and resume; the feed's
 * events make this check run at once). Each instance watches for its own sockets (local emit).
 */
@Injectable()
export class MarketStatusWatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('market-status');
  private readonly last = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly market: MarketService,
    private readonly gateway: RealtimeGateway,
    @Optional() private readonly sources?: PriceSources,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.check().catch((e: unknown) => this.log.warn(`status check failed: ${(e as Error).message}`));
    this.timer = setInterval(() => void this.check().catch((e: unknown) => this.log.warn(`status check failed: ${(e as Error).message}`)), CHECK_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Recompute every status now and emit the changes (the first run only records). */
  check(now: Date = new Date()): Promise<void> {
    if (this.running) return this.running.then(() => this.check(now));
    this.running = this.run(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(now: Date): Promise<void> {
    const rows = await this.market.allProductRows();
    await this.sources?.fresh();
    const seen = new Set<string>();
    // The market's statuses of this minute: computing each product's calendar every second cost the
    // api more CPU than relaying its ticks to a thousand sockets.
    const statuses = this.market.statusesAt(rows, now.getTime());
    for (const p of rows) {
      seen.add(p.symbol);
      const s = statuses.get(p.symbol) ?? this.market.statusOf(p, now);
      const halt = s.status === 'open' ? (this.sources?.halt(p.symbol)?.reason ?? null) : null;
      const key = `${halt ? 'halted' : s.status}|${s.nextOpenAt?.toISOString() ?? ''}|${halt ?? ''}`;
      const before = this.last.get(p.symbol);
      this.last.set(p.symbol, key);
      if (before === undefined || before === key) continue;
      const e: MarketEvent = { symbol: p.symbol, status: halt ? 'halted' : s.status };
      if (halt) e.haltReason = halt;
      if (s.nextOpenAt) e.nextOpenAt = s.nextOpenAt.toISOString();
      this.gateway.server?.local.emit('market', e);
    }
    for (const symbol of [...this.last.keys()]) if (!seen.has(symbol)) this.last.delete(symbol);
  }
}
