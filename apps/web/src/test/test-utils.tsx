import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';

// Test helpers for the feature screens: a fresh query client and a memory router per test.

export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([...routes, { path: '*', element: <p>other page</p> }], {
    initialEntries: [initialEntry],
  });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

export function renderAt(path: string, element: ReactElement, initialEntry: string) {
  return renderRoutes([{ path, element }], initialEntry);
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** Mocks fetch: the handler answers each request (URL parsed against http://localhost). */
export function mockFetch(handler: Handler) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return handler(new URL(raw, 'http://localhost'), init);
  });
}

/** The requested URLs of a fetch spy, as path + query. */
export const requestedUrls = (spy: ReturnType<typeof mockFetch>) =>
  spy.mock.calls.map(([input]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url));
