import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type Order, type OrderReceipt, type Page, type PlaceOrderBody, type Product, type TickBlock, type Wallet } from '@candor/contracts';
import { api } from '../../lib/api';
import { productPath } from '../../lib/endpoints';
import { flattenPages } from '../../lib/paging';
import { isSimulated } from '../../lib/priceState';
import { marketKeys, tradeKeys, type OrderTab, type TradeAccount } from '../../lib/queryKeys';
import { observeServerTime, serverNow } from '../../lib/serverClock';
import { useSession } from '../../lib/session';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { useIdempotentMutation } from '../../lib/useIdempotentMutation';

/** How long after expiry an order may stay open before the screen asks the server itself (the socket may have dropped). */
const SETTLE_GRACE_MS = 4000;

export type { OrderTab, TradeAccount };

// ---------------------------------------------------------------------------
// Real / demo choice: non-secret app state kept in localStorage, shared by every screen. Until the user
// picks one, the account is the default of the catalogue: demo when every product is demo only (simulated
// or replayed prices, which the real account can never trade), real otherwise.

const ACCOUNT_KEY = 'candor.tradeAccount';
const accountListeners = new Set<() => void>();

function readAccount(): TradeAccount | null {
  try {
    const v = localStorage.getItem(ACCOUNT_KEY);
    return v === 'demo' || v === 'real' ? v : null;
  } catch {
    return null;
  }
}
let chosenAccount: TradeAccount | null = typeof window === 'undefined' ? null : readAccount();

/** The account a screen opens on without a choice of the user's: demo when no product can be traded for real. */
export function defaultAccount(products: readonly Pick<Product, 'priceSource'>[] | undefined): TradeAccount {
  return products && products.length > 0 && products.every((p) => isSimulated(p)) ? 'demo' : 'real';
}

export function useTradeAccount(): [TradeAccount, (a: TradeAccount) => void] {
  const chosen = useSyncExternalStore(
    (cb) => {
      accountListeners.add(cb);
      return () => accountListeners.delete(cb);
    },
    () => chosenAccount,
    () => null,
  );
  // The catalogue (shared with the product list's cache) decides the default; fetched only while there is no choice.
  const products = useQuery({
    queryKey: marketKeys.products,
    queryFn: ({ signal }) => api.get<Product[]>(API.products, { signal }),
    enabled: chosen === null,
    staleTime: 60_000,
  });
  const set = useCallback((a: TradeAccount) => {
    chosenAccount = a;
    try {
      localStorage.setItem(ACCOUNT_KEY, a);
    } catch {
      // storage unavailable: the choice holds for this visit
    }
    for (const l of accountListeners) l();
  }, []);
  return [chosen ?? defaultAccount(products.data), set];
}

// ---------------------------------------------------------------------------

/** GET /api/wallet (logged-in only), kept current by the `wallet` socket event. */
export function useWallet() {
  const { status } = useSession();
  const qc = useQueryClient();
  useSocketEvent('wallet', (w) => qc.setQueryData<Wallet>(tradeKeys.wallet, w));
  return useQuery({
    queryKey: tradeKeys.wallet,
    queryFn: ({ signal }) => api.get<Wallet>(API.wallet, { signal }),
    enabled: status === 'authenticated',
    staleTime: 10_000,
  });
}

/** The list endpoint answers `{ items, nextCursor }`, as every list of the API does; a bare array is accepted too. */
function asPage(res: Page<Order> | Order[]): Page<Order> {
  return Array.isArray(res) ? { items: res, nextCursor: null } : res;
}

/** GET /api/orders?status=&account=, page by page. */
export function useOrders(status: OrderTab, account: TradeAccount) {
  const session = useSession();
  return useInfiniteQuery({
    queryKey: tradeKeys.orderList(status, account),
    queryFn: async ({ pageParam, signal }) =>
      asPage(
        await api.get<Page<Order> | Order[]>(API.orders, {
          signal,
          query: { status, account, limit: 20, cursor: pageParam ?? undefined },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    enabled: session.status === 'authenticated',
    staleTime: 5_000,
    // Open positions past their expiry: ask again until the settlement shows (the socket may have dropped).
    refetchInterval: (q) =>
      status === 'open' && flattenPages(q.state.data).some((o) => o.status === 'open' && serverNow() > Date.parse(o.expiresAt) + SETTLE_GRACE_MS)
        ? 2000
        : false,
  });
}

/**
 * The user's open orders on `symbol`, real and demo, soonest expiry first (nothing for a visitor). The lists
 * are refetched on each `order` event (useOrderEvents), so a settled order leaves at once.
 */
export function useOpenOrdersOn(symbol: string): readonly Order[] {
  const real = useOrders('open', 'real');
  const demo = useOrders('open', 'demo');
  return useMemo(
    () =>
      [...flattenPages(real.data), ...flattenPages(demo.data)]
        .filter((o) => o.symbol === symbol && o.status === 'open')
        .sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt)),
    [real.data, demo.data, symbol],
  );
}

/**
 * GET /api/orders/:id. The `order` socket event normally brings the settlement; if an open
 * order is still open a few seconds after its expiry, the order is polled every 2 s instead.
 */
export function useOrder(id: string | null) {
  return useQuery({
    queryKey: tradeKeys.order(id ?? ''),
    queryFn: ({ signal }) => api.get<Order>(`${API.orders}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: !!id,
    staleTime: Infinity,
    refetchInterval: (q) => {
      const o = q.state.data;
      return o && o.status === 'open' && serverNow() > Date.parse(o.expiresAt) + SETTLE_GRACE_MS ? 2000 : false;
    },
  });
}

/** GET /api/orders/:id/receipt: the order with its entry and exit ticks and their blocks. */
export function useReceipt(id: string) {
  return useQuery({
    queryKey: tradeKeys.receipt(id),
    queryFn: ({ signal }) => api.get<OrderReceipt>(`${API.orders}/${encodeURIComponent(id)}/receipt`, { signal }),
    enabled: id !== '',
    staleTime: Infinity,
  });
}

/** GET /api/products/:symbol/blocks?from&to (epoch seconds): the public blocks with their ticks, oldest first. */
export function fetchBlocks(symbol: string, fromSecond: number, toSecond: number, signal?: AbortSignal) {
  return api.get<TickBlock[]>(`${productPath(symbol)}/blocks`, { signal, query: { from: fromSecond, to: toSecond } });
}

/**
 * Orders pushed over the socket (on open and on settle): the single-order cache is replaced
 * and the lists and wallet refetched, so every screen shows the result without reloading.
 */
export function useOrderEvents(onOrder?: (o: Order) => void): void {
  const qc = useQueryClient();
  useSocketEvent('order', (o) => {
    qc.setQueryData<Order>(tradeKeys.order(o.id), o);
    void qc.invalidateQueries({ queryKey: tradeKeys.orders });
    if (o.status === 'settled') void qc.invalidateQueries({ queryKey: tradeKeys.wallet });
    onOrder?.(o);
  });
  // Settlements pushed while the socket was away are lost: ask again for what may have changed.
  useSocketReconnect(() => {
    void qc.invalidateQueries({ queryKey: tradeKeys.orders });
    void qc.invalidateQueries({ queryKey: tradeKeys.wallet });
    void qc.invalidateQueries({ queryKey: ['order'], predicate: (q) => (q.state.data as Order | undefined)?.status === 'open' });
  });
}

/**
 * POST /api/orders with an `Idempotency-Key`. One key per attempt: a retry of the same attempt
 * (same body, after a network error or 5xx, so the first request may have gone through) reuses
 * the key and gets the first answer; a new body or a definite answer starts a new attempt.
 */
export function usePlaceOrder() {
  const qc = useQueryClient();
  return useIdempotentMutation({
    send: (body: PlaceOrderBody, idempotencyKey) => api.post<Order>(API.orders, body, { idempotencyKey }),
    onSuccess: (order) => {
      // The opening time is the server's clock a moment ago: a sample for the countdown.
      observeServerTime(order.openedAt);
      qc.setQueryData<Order>(tradeKeys.order(order.id), order);
      void qc.invalidateQueries({ queryKey: tradeKeys.orders });
      void qc.invalidateQueries({ queryKey: tradeKeys.wallet });
    },
  });
}

/** POST /api/demo/reset: the demo balance back to its start. */
export function useDemoReset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>(API.demoReset),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: tradeKeys.wallet });
      void qc.invalidateQueries({ queryKey: tradeKeys.orders });
    },
  });
}

/**
 * Tells the server the owner's check of a final order's receipt passed in this browser (the public count of
 * checked receipts; one per order, so a repeat changes nothing). Best effort: a failure changes nothing shown.
 */
export async function reportReceiptChecked(orderId: string): Promise<void> {
  try {
    await api.post<void>(`${API.orders}/${encodeURIComponent(orderId)}/receipt/checked`);
  } catch {
    // The verdict on the page stands; only the public count misses this one.
  }
}
