import { QueryClient } from '@tanstack/react-query';

/**
 * The app's query client. Data stays fresh a while: a screen's first answers, fetched or written into the page
 * by the server (lib/initial-answers.ts), are not asked for again as the screen mounts.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}
