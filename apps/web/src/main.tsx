// First: starts the worker that loads the number data while the app starts (see the module).
import './boot/intl-warmup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './lib/i18n';
// Sets the root's rise colour (data-rise) before the first paint, and again as the language changes.
import './lib/riseColour';
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
});
registerServiceWorker();
