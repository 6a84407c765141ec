import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, PageHeader, PageSkeleton } from '../components';

/** The loading state appears after 200 ms; a chunk that has not arrived after 60 s is a loading error. */
export const LAZY_LOADING_DELAY_MS = 200;
export const LAZY_TIMEOUT_MS = 60_000;

/**
 * Until the first page has shown, the app is still on index.html's own loading shapes: the skeleton
 * follows them at once instead of a blank 200 ms. Later page changes wait the 200 ms.
 */
let firstPageShown = false;
function FirstPageShown({ children }: { children: ReactNode }) {
  useEffect(() => {
    firstPageShown = true;
  }, []);
  return children;
}

export class ChunkTimeoutError extends Error {
  constructor() {
    super('Page chunk load timed out');
    this.name = 'ChunkTimeoutError';
  }
}

type Loader = () => Promise<{ default: ComponentType }>;

/** A lazily loaded page; `preload()` asks for its chunk before it is rendered. */
export type LazyPageComponent = ComponentType & { preload(): void };

/** Reject when the loader has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** The "page loading error" screen, with a retry. */
export function PageLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <main className="page">
      <PageHeader title={t('pageError.title')} back />
      <div className="state state--error" role="alert" data-testid="page-load-error">
        <span className="state__icon state__icon--error">
          <Icon name="alert" size={34} />
        </span>
        <p className="state__title">{t('pageError.title')}</p>
        <p className="state__text">{t('pageError.text')}</p>
        <div className="state__action">
          <Button onClick={onRetry}>{t('action.retry')}</Button>
        </div>
      </div>
    </main>
  );
}

class PageBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page failed', error, info.componentStack);
  }
  override render() {
    if (this.state.failed) return <PageLoadError onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

/**
 * The address of the module a failed dynamic import names ("Failed to fetch dynamically imported module:
 * https://.../assets/AboutPage-x1.js" in Chromium, "error loading dynamically imported module: ..." in
 * Firefox), or null (Safari names none, a time-out has none).
 */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/[^\s'"]+?\.m?js)(?:\?[^\s'"]*)?/.exec(message)?.[0] ?? null;
}

/**
 * The address to ask for a failed module again. The browser keeps a failed import in its module map, so
 * import() of the same address fails at once, without a request, until the page is reloaded; another
 * query string is another module to the map, and the network is asked again.
 */
export function retryModuleUrl(url: string, attempt: number): string {
  const u = new URL(url);
  u.searchParams.set('retry', String(attempt));
  return u.href;
}

/**
 * A lazily loaded page: its chunk is fetched on first visit (or ahead, by `preload`), the page's
 * skeleton shows after 200 ms (at once on the app's first page), and a failed or over-long load
 * shows the loading-error page with a retry. A retry, or a later visit, imports the chunk again.
 */
export function lazyPage(loader: Loader, timeoutMs = LAZY_TIMEOUT_MS): LazyPageComponent {
  let current: LazyExoticComponent<ComponentType> | null = null;
  let failedUrl: string | null = null;
  let attempts = 0;
  const load = (): Promise<{ default: ComponentType }> => {
    const imported = failedUrl ? (import(/* @vite-ignore */ retryModuleUrl(failedUrl, ++attempts)) as Promise<{ default: ComponentType }>) : loader();
    return withTimeout(imported, timeoutMs).catch((err: unknown) => {
      failedUrl = failedModuleUrl(err) ?? failedUrl;
      // The next visit makes a new lazy component: React keeps a rejected one's error for good.
      current = null;
      throw err;
    });
  };
  const make = () => lazy(load);

  function LazyPage() {
    const [attempt, setAttempt] = useState(0);
    if (!current) current = make();
    const Page = current;
    const retry = () => {
      current = make();
      setAttempt((a) => a + 1);
    };
    return (
      <PageBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<PageSkeleton delayMs={firstPageShown ? LAZY_LOADING_DELAY_MS : 0} />}>
          <FirstPageShown>
            <Page />
          </FirstPageShown>
        </Suspense>
      </PageBoundary>
    );
  }
  // The browser keeps one copy of a module: the later import() of the page resolves from this one.
  LazyPage.preload = () => void loader().catch(() => undefined);
  return LazyPage;
}
