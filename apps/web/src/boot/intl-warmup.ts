// The page's first number formatter is slow on the main thread: the browser loads its number data then, once
// for the whole page, whichever thread asks first. A worker asks while the app gets its translations, first
// render, page chunk and data ready, so the page's own formatters then cost next to nothing. Imported first by main.tsx; a browser without module workers just goes without.
try {
  new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module' });
} catch {
  // Only a head start: the page's formatters work without it.
}
