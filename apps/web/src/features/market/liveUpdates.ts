import { notifyManager, type QueryClient } from '@tanstack/react-query';
import type { Candle, CandleEvent, Product, TickerEvent } from '@candor/contracts';
import { upsertCandle } from './candles';
import { mergeTicker } from '../../lib/priceState';
import { marketKeys } from '../../lib/queryKeys';

/** How long live events wait to be written: a list of many products re-renders a few times a second, not per tick. */
export const LIVE_FLUSH_MS = 100;

/**
 * Live `ticker` and `candle` events, written to the query caches together at most every LIVE_FLUSH_MS.
 * One write (and one notification of the observers) for both: written apart, a tick drew the detail page
 * twice, the chart when its candle came and the price a moment later, each with its own layout and paint.
 */
export class LiveUpdates {
  private readonly tickers = new Map<string, TickerEvent>();
  /** By symbol and interval, in arrival order: a minute's last update and the next minute's first may share a flush. */
  private readonly candles = new Map<string, CandleEvent[]>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly qc: QueryClient) {}

  ticker(e: TickerEvent): void {
    this.tickers.set(e.symbol, e);
    this.schedule();
  }

  candle(e: CandleEvent): void {
    const key = `${e.symbol}|${e.interval}`;
    const queued = this.candles.get(key);
    if (queued) queued.push(e);
    else this.candles.set(key, [e]);
    this.schedule();
  }

  /** Writes what is queued now (the timer does it otherwise). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const tickers = [...this.tickers.values()];
    const candles = [...this.candles.values()];
    this.tickers.clear();
    this.candles.clear();
    if (tickers.length === 0 && candles.length === 0) return;
    notifyManager.batch(() => {
      if (tickers.length > 0) {
        const bySymbol = new Map(tickers.map((e) => [e.symbol, e]));
        this.qc.setQueryData<Product[]>(marketKeys.products, (list) =>
          list?.map((p) => (bySymbol.has(p.symbol) ? mergeTicker(p, bySymbol.get(p.symbol)!) : p)),
        );
        for (const e of tickers) this.qc.setQueryData<Product>(marketKeys.product(e.symbol), (p) => (p ? mergeTicker(p, e) : p));
      }
      for (const events of candles) {
        const { symbol, interval } = events[0]!;
        this.qc.setQueryData<Candle[]>(marketKeys.candles(symbol, interval), (list) =>
          list ? events.reduce<Candle[]>((acc, e) => upsertCandle(acc, e), list) : list,
        );
      }
    });
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => this.flush(), LIVE_FLUSH_MS);
  }
}

const byClient = new WeakMap<QueryClient, LiveUpdates>();

/** The one batcher of a query client, shared by every hook that takes live events. */
export function liveUpdates(qc: QueryClient): LiveUpdates {
  let live = byClient.get(qc);
  if (!live) {
    live = new LiveUpdates(qc);
    byClient.set(qc, live);
  }
  return live;
}
