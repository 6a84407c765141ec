import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  API,
  channel,
  type Candle,
  type CandleEvent,
  type CandleInterval,
  type CatalogueChange,
  type FeedStatus,
  type MarketEvent,
  type Page,
  type Product,
} from '@candor/contracts';
import { api } from '../../lib/api';
import { useChannels, useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { productPath } from '../../lib/endpoints';
import { priceCondition, type PriceCondition } from '../../lib/priceState';
import { marketKeys } from '../../lib/queryKeys';
import { observeServerTime, serverNow } from '../../lib/serverClock';
import { liveUpdates } from './liveUpdates';

export { candleSeconds, upsertCandle } from './candles';

export type { LiveProduct } from '../../lib/priceState';

function mergeMarket(p: Product, e: MarketEvent): Product {
  const next: Product = { ...p, status: e.status };
  if (e.nextOpenAt) next.nextOpenAt = e.nextOpenAt;
  else delete next.nextOpenAt;
  // A halt names its reason; a resume is the status it returns to, without one.
  if (e.status === 'halted' && e.haltReason) next.haltReason = e.haltReason;
  else delete next.haltReason;
  return next;
}

function applyToCaches(qc: QueryClient, symbol: string, fn: (p: Product) => Product): void {
  qc.setQueryData<Product[]>(marketKeys.products, (list) => (list ? list.map((p) => (p.symbol === symbol ? fn(p) : p)) : list));
  qc.setQueryData<Product>(marketKeys.product(symbol), (p) => (p ? fn(p) : p));
}

/**
 * Merge live `ticker` events for `symbols` into the product caches, written with the candles at most
 * every LIVE_FLUSH_MS (liveUpdates.ts).
 */
export function useLiveTickers(symbols: readonly string[]): void {
  const live = liveUpdates(useQueryClient());
  const symbolsKey = symbols.join('|');
  const wanted = useMemo(() => new Set(symbolsKey.split('|')), [symbolsKey]);

  useChannels(symbols.map((s) => channel.ticker(s)));

  useSocketEvent('ticker', (e) => {
    observeServerTime(e.t);
    if (wanted.has(e.symbol)) live.ticker(e);
  });
}

/** Market status changes (open / closed / maintenance / halted and resumed) go to everyone; keep the caches in step. */
export function useMarketStatusEvents(): void {
  const qc = useQueryClient();
  useSocketEvent('market', (e) => {
    applyToCaches(qc, e.symbol, (p) => mergeMarket(p, e));
    // The next opening time or maintenance message may have changed with it.
    void qc.invalidateQueries({ queryKey: marketKeys.product(e.symbol) });
  });
  // Events sent while the socket was away are lost: a halt or resume in that time shows after a refetch.
  useSocketReconnect(() => {
    void qc.invalidateQueries({ queryKey: marketKeys.products });
    void qc.invalidateQueries({ queryKey: ['product'] });
  });
}

/** How often the price conditions on screen are re-evaluated without a new tick. */
const CONDITION_EVERY_MS = 250;

/**
 * The price condition of each product (live, stale, halted, closed, maintenance), by symbol. It follows new
 * ticks and status events at once, and a timer re-renders when a price has aged past the limit without a
 * new tick (no re-render while nothing changes).
 */
export function usePriceConditions(products: readonly Pick<Product, 'symbol' | 'status' | 'lastTickAt'>[]): Map<string, PriceCondition> {
  // Listening started now: a price loaded earlier gets the same few seconds as a fresh one to be followed by a tick.
  const [since] = useState(() => serverNow());
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const conditions = conditionsAt(products, since);
  const latest = useRef({ products, key: '' });
  latest.current = { products, key: [...conditions.values()].join() };
  useEffect(() => {
    const id = setInterval(() => {
      const { products: list, key } = latest.current;
      if ([...conditionsAt(list, since).values()].join() !== key) rerender();
    }, CONDITION_EVERY_MS);
    return () => clearInterval(id);
  }, [since]);
  return conditions;
}

function conditionsAt(products: readonly Pick<Product, 'symbol' | 'status' | 'lastTickAt'>[], since: number): Map<string, PriceCondition> {
  const now = serverNow();
  return new Map(products.map((p) => [p.symbol, priceCondition(p, now, since)]));
}

/** The price condition of one product (see usePriceConditions). */
export function usePriceCondition(p: Pick<Product, 'symbol' | 'status' | 'lastTickAt'> | undefined): PriceCondition | undefined {
  const list = useMemo(() => (p ? [p] : []), [p]);
  return usePriceConditions(list).get(p?.symbol ?? '');
}

/**
 * Each product's exchanges right now (GET /api/market/feed-status, public), every two seconds while the
 * page is visible (React Query pauses the interval in a background tab).
 */
export function useFeedStatus(symbol: string, enabled = true) {
  return useQuery({
    queryKey: marketKeys.feedStatus,
    queryFn: ({ signal }) => api.get<FeedStatus[]>(API.feedStatus, { signal }),
    enabled,
    refetchInterval: 2000,
    refetchIntervalInBackground: false,
    staleTime: 1500,
    select: (all) => all.find((s) => s.symbol === symbol) ?? null,
  });
}

/**
 * Every product (GET /api/products), live-merged with `ticker` events for `liveSymbols`
 * (the symbols on screen; all loaded products when omitted).
 */
export function useProducts(liveSymbols?: readonly string[]) {
  const query = useQuery({
    queryKey: marketKeys.products,
    queryFn: () => api.get<Product[]>(API.products),
    // Ticker events keep prices and 24h figures current; this picks up what they do not carry (a product an
    // operator added or edited).
    refetchInterval: 60_000,
  });
  const all = useMemo(() => (query.data ?? []).map((p) => p.symbol), [query.data]);
  useLiveTickers(liveSymbols ?? all);
  useMarketStatusEvents();
  return query;
}

/** One product (GET /api/products/:symbol), seeded from the list cache and live-merged with its ticker. */
export function useProduct(symbol: string) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: marketKeys.product(symbol),
    queryFn: () => api.get<Product>(productPath(symbol)),
    enabled: symbol !== '',
    initialData: () => qc.getQueryData<Product[]>(marketKeys.products)?.find((p) => p.symbol === symbol),
    initialDataUpdatedAt: () => qc.getQueryState(marketKeys.products)?.dataUpdatedAt,
    staleTime: 5_000,
    refetchInterval: 30_000,
  });
  useLiveTickers(symbol ? [symbol] : []);
  useMarketStatusEvents();
  return query;
}

/** Catalogue changes of a product per page of the history. */
const CHANGES_PAGE = 20;

/**
 * A product's catalogue changes, newest first, every status (GET /api/products/:symbol/changes), page by
 * page; only asked for while `enabled` (the history is folded away until the reader opens it).
 */
export function useProductChanges(symbol: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: marketKeys.changes(symbol),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<CatalogueChange>>(`${productPath(symbol)}/changes`, { signal, query: { limit: CHANGES_PAGE, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: enabled && symbol !== '',
    staleTime: 30_000,
  });
}

/** After a change's time, how often and how many times the product is asked for again until it is in effect. */
const CHANGE_RECHECK_MS = 2_000;
const CHANGE_RECHECKS = 15;

/**
 * When the product's next announced change is due, ask for the product (and its history) again a moment
 * later, and again every few seconds until the answer no longer announces it (the feed applies it with the
 * first block of its second), so the notice does not outlive the change by the 30 s of the regular refresh.
 */
export function useRefreshAtChange(symbol: string, effectiveAt: string | undefined): void {
  const qc = useQueryClient();
  useEffect(() => {
    const at = effectiveAt ? Date.parse(effectiveAt) : NaN;
    if (!Number.isFinite(at)) return;
    // setTimeout counts in a signed 32-bit number of ms: a change weeks ahead is left to the regular refresh.
    const first = Math.max(0, at - serverNow()) + 1_000;
    if (first > 2 ** 31 - 1) return;
    let left = CHANGE_RECHECKS;
    let id: ReturnType<typeof setTimeout>;
    const recheck = () => {
      void qc.invalidateQueries({ queryKey: marketKeys.product(symbol) });
      void qc.invalidateQueries({ queryKey: marketKeys.changes(symbol) });
      // A new answer without this change re-runs the effect (another effectiveAt, or none) and clears this.
      if (--left > 0) id = setTimeout(recheck, CHANGE_RECHECK_MS);
    };
    id = setTimeout(recheck, first);
    return () => clearTimeout(id);
  }, [qc, symbol, effectiveAt]);
}

/** Candles for a chart (GET /api/products/:symbol/candles?interval=), merged with live `candle` events. */
export function useCandles(symbol: string, interval: CandleInterval) {
  const live = liveUpdates(useQueryClient());
  const key = marketKeys.candles(symbol, interval);
  const query = useQuery({
    queryKey: key,
    queryFn: () => api.get<Candle[]>(`${productPath(symbol)}/candles?interval=${interval}`),
    enabled: symbol !== '',
    // Live events keep it current while subscribed; refetch on remount after a while away.
    staleTime: 30_000,
  });
  useChannels(symbol ? [channel.candles(symbol, interval)] : []);
  useSocketEvent('candle', (e: CandleEvent) => {
    if (e.symbol === symbol && e.interval === interval) live.candle(e);
  });
  return query;
}
