import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage, i18nReady } from './lib/i18n';
import './styles/app.css';
import { App } from './app/App';
import { registerServiceWorker } from './pwa/register';
import { preloadRoute } from './app/routes';
import { prefetchMarketData } from './features/market/prefetch';

// The page's chunk downloads while the translations and the first render get ready.
preloadRoute(window.location.hash);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

void i18nReady.then(() => {
  // In the reader's language, so after it is known.
  prefetchMarketData(window.location.hash);
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // A page's first number formatter costs tens of milliseconds (the browser loads its locale data) and
  // lengthened the page's first render by as much. It is made just after the app's first frame, in a task
  // of its own, while the main thread waits for the page's chunk and data.
  requestAnimationFrame(() =>
    setTimeout(() => {
      const lng = currentLanguage();
      new Intl.NumberFormat(lng).format(0);
      new Intl.PluralRules(lng).select(0);
    }, 0),
  );
});
registerServiceWorker();
