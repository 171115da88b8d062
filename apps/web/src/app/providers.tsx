import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './query-client.ts';
import { appRouter } from './router.tsx';

const queryClient = createQueryClient();

export function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={appRouter()} />
    </QueryClientProvider>
  );
}
