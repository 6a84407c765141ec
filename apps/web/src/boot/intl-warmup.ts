// The page's first number formatter cost 40 to 80 ms on the main thread (measured in Chromium): the browser
// loads its number data then, once for the whole page, whichever thread asks first. A worker asks while the
// app gets its translations, first render, page chunk and data ready, so the page's own formatters then cost
// under a millisecond. Imported first by main.tsx; a browser without module workers just goes without.
try {
  new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module' });
} catch {
  // Only a head start: the page's formatters work without it.
}
