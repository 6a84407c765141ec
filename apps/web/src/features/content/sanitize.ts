import { parseInBrowser, sanitizeTree, type SafeNode } from '@candor/contracts/content-html';

export type { SafeNode } from '@candor/contracts/content-html';

/**
 * Stored HTML as the web shows it: parsed in an inert document (DOMParser runs no script and loads no image)
 * and cut down to the content allow-list by the shared tree sanitiser, as plain objects SafeHtml renders.
 * No HTML string is ever handed to the DOM. `origin` decides which links lead elsewhere (they open in a new
 * tab, without referrer or opener).
 */
export function sanitizeHtml(html: string, origin: string): SafeNode[] {
  return sanitizeTree(parseInBrowser(html), origin);
}
