import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastHost } from '@/components/toast-host';
import { sessionQueryKey } from '@/features/auth/api/get-session';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from './router';
import './styles.css';

// A 401 from any request means the session ended: the signed-in layout sees null and goes to sign-in.
const queryClient = createQueryClient({ onUnauthorized: () => queryClient.setQueryData(sessionQueryKey, null) });
const router = createAppRouter(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>
  </StrictMode>,
);
