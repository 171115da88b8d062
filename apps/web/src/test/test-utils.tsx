import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { ToastRegion } from '../lib/toast.tsx';

// Test helpers: a fresh query client and a memory router per test, and fetch answered without a server.

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** The routes at `initialPath`; any other path shows 'other page' unless the routes name one. */
export function renderRoutes(routes: RouteObject[], initialPath = '/', queryClient = testQueryClient()) {
  const all = routes.some((r) => r.path === '*') ? routes : [...routes, { path: '*', element: <p>other page</p> }];
  const router = createMemoryRouter(all, { initialEntries: [initialPath] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

export function renderAt(path: string, element: ReactElement, initialEntry: string) {
  return renderRoutes([{ path, element }], initialEntry);
}

/** The routes inside a layout with the confirmations' region, as the app's layout has it. */
export const withToasts = (routes: RouteObject[]): RouteObject[] => [
  {
    element: (
      <>
        <Outlet />
        <ToastRegion />
      </>
    ),
    children: routes,
  },
];

/**
 * The form control a <label> with exactly this text names (label.control), as getByLabelText finds it but without
 * walking every element of the page for each call: on the big ad forms that walk is the slowest part of
 * a test. Tests that a field has its label keep getByLabelText; this serves the filling of fields.
 */
export function labelled(label: string): HTMLElement {
  const found = [...document.querySelectorAll('label')].filter(
    (l) => (l.textContent ?? '').replace(/\s+/g, ' ').trim() === label && l.control,
  );
  if (found.length !== 1) return screen.getByLabelText(label); // none or several: its error names the problem
  return found[0]!.control!;
}

/** The confirmation shown, if any. */
export const toastText = () => document.querySelector('.toast-region')?.textContent ?? '';

/** Renders one element at `path` (default '/'), with a marker page on '/' when path is elsewhere. */
export function renderPage(ui: ReactNode, path = '/', queryClient = testQueryClient()) {
  const routes: RouteObject[] = [{ path, element: ui }];
  if (path !== '/') routes.push({ path: '/', element: <h1>Startsidan</h1> });
  routes.push({ path: '*', element: <h1>Annan sida</h1> });
  return renderRoutes(routes, path, queryClient);
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export const textResponse = (body: string, status = 200) =>
  new Response([204, 205, 304].includes(status) ? null : body, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
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

type Reply = Response | ((init: RequestInit | undefined, url: URL) => Response | Promise<Response>);

/** Mocks fetch with answers per 'METHOD /path' (query string ignored); unknown calls answer 404. */
export function mockApi(routes: Record<string, Reply>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const reply = routes[key];
    if (!reply) return jsonResponse({ message: `no mock for ${key}` }, 404);
    return typeof reply === 'function' ? reply(init, url) : reply.clone();
  });
}

/** The calls the spy saw to 'METHOD /path'. */
export function callsTo(spy: ReturnType<typeof mockApi>, key: string) {
  return spy.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}` === key;
  });
}

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT with the given claims (the client never verifies it). */
export function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'EdDSA', typ: 'JWT' })}.${base64url({ sub: 'anna', role: 1, ...claims })}.c2ln`;
}

/** A token that expires `seconds` from now. */
export const tokenExpiringIn = (seconds: number, claims: Record<string, unknown> = {}) =>
  fakeJwt({ exp: Math.floor(Date.now() / 1000) + seconds, ...claims });

export const CURRENT_USER = {
  username: 'anna',
  firstname: 'Anna',
  lastname: 'Svensson',
  role: 1,
  displayName: 'Anna S',
};

/**
 * A server-sent events answer that stays open: `send` writes raw text to it, `end` closes it (the server ending
 * the stream). Passing it to mockApi as a function gives a new stream per connection.
 */
export function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

/** A mockApi reply for the live events: each connection gets a stream that stays open and says nothing. */
export const openEventStream = () => () => eventStream().response;
