import type { CandleInterval } from '@candor/contracts';

/** Query keys of the market feature (one place). */
export const marketKeys = {
  products: ['products'] as const,
  product: (symbol: string) => ['product', symbol] as const,
  feedStatus: ['feed-status'] as const,
  /** A product's catalogue changes, newest first (its own key: a market event refetches the product, not its history). */
  changes: (symbol: string) => ['product-changes', symbol] as const,
  candles: (symbol: string, interval: CandleInterval) => ['candles', symbol, interval] as const,
};
