import { API } from '../../lib/wire';
import { prefetchGet } from '../../lib/api';
import { ROUTES } from '../../lib/paths';

/**
 * The product list, asked for as the app starts when the page at `hash` shows it (Home, Products): the
 * list's query takes the answer (lib/api.ts, prefetchGet), so a first visit asks for it beside the page's
 * chunk instead of after the page has rendered. Detail's one product is left to its page: asked for this
 * early it delayed the page's first paint (measured with Lighthouse), as it competes with the chunks.
 */
export function prefetchMarketData(hash: string): void {
  const path = hash.replace(/^#/, '').split('?')[0];
  if (path === ROUTES.index || path === ROUTES.product) prefetchGet(API.products);
}
