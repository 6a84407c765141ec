import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { ToastProvider } from '../components';
import { queryClient } from '../lib/queryClient';
import { SessionProvider } from '../features/session/session';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { createAppRouter } from './routes';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionProvider>
          <RouterProvider router={router} />
          <UpdatePrompt />
        </SessionProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
