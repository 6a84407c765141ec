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

// -- Web Push (docs/notifications.md): the server sends { title, body, url, tag }, encrypted to this browser. --

interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The message of a push, or null for one that is not ours (no data, not JSON, fields missing). */
function pushMessage(data: PushMessageData | null): PushMessage | null {
  try {
    const m = data?.json() as Partial<PushMessage> | undefined;
    if (!m || typeof m.title !== 'string' || typeof m.body !== 'string') return null;
    return { title: m.title, body: m.body, url: typeof m.url === 'string' ? m.url : '/', tag: typeof m.tag === 'string' ? m.tag : '' };
  } catch {
    return null;
  }
}

/** Only a page of this app opens from a notification: any other address becomes the home page. */
function appUrl(url: unknown): string {
  try {
    const u = new URL(typeof url === 'string' ? url : '/', self.location.origin);
    return u.origin === self.location.origin ? u.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('push', (event: PushEvent) => {
  const m = pushMessage(event.data);
  if (!m) return;
  event.waitUntil(
    self.registration.showNotification(m.title, {
      body: m.body,
      tag: m.tag || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      data: { url: m.url },
    }),
  );
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const url = appUrl((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      // An open window of the app is focused and shown the page; else a new one opens.
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((c) => new URL(c.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        await focused.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
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
