import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage, i18nReady } from './lib/i18n';
import './styles/app.css';
import { App } from './app/App';
import { registerServiceWorker } from './pwa/register';
import { preloadRoute } from './app/routes';

// The page's chunk downloads while the translations and the first render get ready.
preloadRoute(window.location.hash);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

void i18nReady.then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // A page's first number formatter costs tens of milliseconds (the browser loads its locale data) and
  // lengthened the page's first render by as much: made while the main thread waits for the page's chunk
  // and data, in a task of its own, it is ready when they arrive.
  const warmIntl = () => {
    const lng = currentLanguage();
    new Intl.NumberFormat(lng).format(0);
    new Intl.PluralRules(lng).select(0);
  };
  if ('requestIdleCallback' in window) requestIdleCallback(warmIntl, { timeout: 1000 });
  else setTimeout(warmIntl, 0);
});
registerServiceWorker();
