import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter } from 'react-router-dom';
import { ToastProvider } from '../components';
import { queryClient } from '../lib/queryClient';
import { SessionProvider } from '../lib/session';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { AppRoutes } from './routes';
import { SessionReminder } from '../features/limits/SessionReminder';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionProvider>
          <HashRouter>
            <AppRoutes />
            <SessionReminder />
          </HashRouter>
          <UpdatePrompt />
        </SessionProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
