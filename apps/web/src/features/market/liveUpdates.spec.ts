import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import type { Candle, CandleEvent, Product, TickerEvent } from '@candor/contracts';
import { marketKeys } from '../../lib/queryKeys';
import { LIVE_FLUSH_MS, LiveUpdates, liveUpdates } from './liveUpdates';

const product = (symbol: string, lastPrice: string) => ({ symbol, lastPrice, status: 'open' }) as unknown as Product;
const ticker = (symbol: string, price: string): TickerEvent => ({
  symbol,
  price,
  t: '2026-11-29T10:00:01.000Z',
  change24h: '0',
  high24h: null,
  low24h: null,
  volume24h: '1',
});
const candle = (t: string, c: string): CandleEvent => ({ symbol: 'BTCUSDT', interval: '1m', t, o: '100.00', h: c, l: '100.00', c, v: '1' });
const history: Candle[] = [{ t: '2026-11-29T09:59:00.000Z', o: '99.00', h: '100.00', l: '99.00', c: '100.00', v: '2' }];

describe('LiveUpdates (live ticks written to the caches together)', () => {
  let qc: QueryClient;
  let live: LiveUpdates;
  beforeEach(() => {
    jest.useFakeTimers();
    qc = new QueryClient();
    qc.setQueryData(marketKeys.products, [product('BTCUSDT', '100.00'), product('ETHUSDT', '10.00')]);
    qc.setQueryData(marketKeys.product('BTCUSDT'), product('BTCUSDT', '100.00'));
    qc.setQueryData(marketKeys.candles('BTCUSDT', '1m'), history);
    live = new LiveUpdates(qc);
  });
  afterEach(() => {
    qc.clear();
    jest.useRealTimers();
  });

  it(`writes a tick's price and candle ${LIVE_FLUSH_MS} ms after the first of them, in the same flush`, () => {
    live.ticker(ticker('BTCUSDT', '101.00'));
    live.candle(candle('2026-11-29T10:00:00.000Z', '101.00'));
    jest.advanceTimersByTime(LIVE_FLUSH_MS - 1);
    expect(qc.getQueryData<Product>(marketKeys.product('BTCUSDT'))?.lastPrice).toBe('100.00');
    expect(qc.getQueryData<Candle[]>(marketKeys.candles('BTCUSDT', '1m'))).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(qc.getQueryData<Product>(marketKeys.product('BTCUSDT'))?.lastPrice).toBe('101.00');
    expect(qc.getQueryData<Product[]>(marketKeys.products)?.map((p) => p.lastPrice)).toEqual(['101.00', '10.00']);
    expect(qc.getQueryData<Candle[]>(marketKeys.candles('BTCUSDT', '1m'))?.map((c) => c.c)).toEqual(['100.00', '101.00']);
  });

  it("tells the observers of both caches in one scheduled notification, as the page's queries hear it", () => {
    // The page's queries subscribe through batchCalls, as useQuery does: what one flush changes reaches them
    // in one scheduled callback, so the price and the chart render together.
    const scheduled: (() => void)[] = [];
    notifyManager.setScheduler((cb) => scheduled.push(cb));
    try {
      const seen: string[] = [];
      const watch = (name: string, key: readonly unknown[]) =>
        new QueryObserver(qc, { queryKey: key, enabled: false }).subscribe(notifyManager.batchCalls(() => seen.push(name)));
      const stops = [watch('product', marketKeys.product('BTCUSDT')), watch('candles', marketKeys.candles('BTCUSDT', '1m'))];
      live.ticker(ticker('BTCUSDT', '100.50'));
      live.ticker(ticker('BTCUSDT', '101.00'));
      live.candle(candle('2026-11-29T10:00:00.000Z', '100.50'));
      live.candle(candle('2026-11-29T10:00:00.000Z', '101.00'));
      live.flush();
      expect(seen).toEqual([]);
      expect(scheduled).toHaveLength(1);
      scheduled[0]!();
      expect(seen.sort()).toEqual(['candles', 'product']);
      expect(qc.getQueryData<Candle[]>(marketKeys.candles('BTCUSDT', '1m'))?.map((c) => c.c)).toEqual(['100.00', '101.00']);
      for (const stop of stops) stop();
    } finally {
      notifyManager.setScheduler((cb) => setTimeout(cb, 0));
    }
  });

  it("applies every candle of a flush in order: a minute's last update and the next minute's first both land", () => {
    live.candle(candle('2026-11-29T09:59:00.000Z', '100.40'));
    live.candle(candle('2026-11-29T10:00:00.000Z', '100.60'));
    jest.advanceTimersByTime(LIVE_FLUSH_MS);
    expect(qc.getQueryData<Candle[]>(marketKeys.candles('BTCUSDT', '1m'))?.map((c) => [c.t, c.c])).toEqual([
      ['2026-11-29T09:59:00.000Z', '100.40'],
      ['2026-11-29T10:00:00.000Z', '100.60'],
    ]);
  });

  it('keeps the latest tick of a symbol, leaves caches it holds nothing for alone, and does nothing with nothing queued', () => {
    live.ticker(ticker('BTCUSDT', '101.00'));
    live.ticker(ticker('BTCUSDT', '99.00'));
    live.ticker(ticker('SOLUSDT', '5.00'));
    live.candle({ ...candle('2026-11-29T10:00:00.000Z', '1.00'), symbol: 'SOLUSDT' });
    jest.advanceTimersByTime(LIVE_FLUSH_MS);
    expect(qc.getQueryData<Product[]>(marketKeys.products)?.map((p) => p.lastPrice)).toEqual(['99.00', '10.00']);
    expect(qc.getQueryData(marketKeys.product('SOLUSDT'))).toBeUndefined();
    expect(qc.getQueryData(marketKeys.candles('SOLUSDT', '1m'))).toBeUndefined();
    const before = qc.getQueryData(marketKeys.products);
    live.flush();
    expect(qc.getQueryData(marketKeys.products)).toBe(before);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('is one batcher per query client', () => {
    expect(liveUpdates(qc)).toBe(liveUpdates(qc));
    expect(liveUpdates(qc)).not.toBe(liveUpdates(new QueryClient()));
  });
});
