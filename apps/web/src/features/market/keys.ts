import type { CandleInterval } from '@candor/contracts';

/** Query keys of the market feature (one place). */
export const marketKeys = {
  products: ['products'] as const,
  product: (symbol: string) => ['product', symbol] as const,
  feedStatus: ['feed-status'] as const,
  candles: (symbol: string, interval: CandleInterval) => ['candles', symbol, interval] as const,
};
