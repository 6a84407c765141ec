// Candor's service worker (built to /sw.js by build/pwa-plugin.ts, which fills in __SW_MANIFEST).
// It keeps the app shell and the content-hashed assets, nothing else: api answers (private or live),
// the socket and the operator console always go to the network, and a page opened without a network
// gets the offline page. A new version waits until the app's update prompt tells it to take over.

interface ShellManifest {
  /** Changes with every build whose output differs. */
  version: string;
  /** Paths cached at install: the offline page, manifest, icons, entry script and styles. */
  shell: string[];
}

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: ShellManifest };

const { version, shell } = self.__SW_MANIFEST;
const CACHE_PREFIX = 'candor-shell-';
const CACHE = `${CACHE_PREFIX}${version}`;
const OFFLINE_PAGE = '/offline.html';
/** Never answered from, nor written to, a cache. */
const NETWORK_ONLY = [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/, /^\/console(\/|$)/];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(shell)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(CACHE_PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NETWORK_ONLY.some((re) => re.test(url.pathname))) return;
  if (request.mode === 'navigate') {
    // The page itself always from the network (it names the current build); the offline page when there is none.
    event.respondWith(fetch(request).catch(offlinePage));
    return;
  }
  if (url.pathname.startsWith('/assets/') || shell.includes(url.pathname)) event.respondWith(cacheFirst(request, url));
});

async function offlinePage(): Promise<Response> {
  return (await caches.match(OFFLINE_PAGE, { cacheName: CACHE })) ?? Response.error();
}

/** A hashed asset never changes, so a cached copy is always right; a fetched one is kept for next time. */
async function cacheFirst(request: Request, url: URL): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic' && url.pathname.startsWith('/assets/')) await cache.put(request, response.clone());
  return response;
}

export {};
