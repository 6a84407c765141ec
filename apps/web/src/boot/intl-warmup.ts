// The page's first number formatter cost 40 to 80 ms on the main thread (measured in Chromium): the browser
// loads its number data then, once for the whole page, whichever thread asks first. A worker asks while the
// app's scripts download, so the page's own formatters cost under a millisecond and no task of the first
// render blocks on it. Imported first by main.tsx.
new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module' });
