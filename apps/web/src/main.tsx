import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './lib/i18n';
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
});
registerServiceWorker();
