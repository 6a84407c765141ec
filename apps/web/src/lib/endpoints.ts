import { API } from '@candor/contracts';

/** `/products/SYMBOL`, the API path of one product (relative to the API base `/api`). */
export const productPath = (symbol: string): string => `${API.products}/${encodeURIComponent(symbol)}`;
