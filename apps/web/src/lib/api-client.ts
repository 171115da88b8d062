import { IDENTITY_BASE, INVENTORY_BASE, MESSAGING_BASE } from '@bilmarknaden/shared/api-paths';
import type { ApiError } from '@bilmarknaden/shared/api-types';
import { getToken } from './session-store.ts';

/** A failed call: the HTTP status and the server's Swedish message (and field) when it sent one. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * The thing asked for does not exist: a 404, or a 400 for a key nothing can have (a malformed id, a blank name).
 * The ad page, the edit page and the seller page then go to /notfound, as the server answers their page 404.
 */
export const isNotFound = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

/** A call that failed without an answer of the server's (no connection, a fault): what the user reads. */
export const FAILED_CALL = 'Något gick fel. Kontrollera din anslutning och försök igen.';

/**
 * What to show for a failed call: the server's own Swedish message, else `fallback`. A lost connection fails in
 * the browser's English ('Failed to fetch'), and a 500 says nothing the user can act on.
 */
export function failureMessage(error: unknown, fallback: string = FAILED_CALL): string {
  return error instanceof ApiRequestError && error.status !== 500 ? error.message : fallback;
}

export const identityUrl = (path: string) => `${IDENTITY_BASE}${path}`;
export const inventoryUrl = (path: string) => `${INVENTORY_BASE}${path}`;
export const messagingUrl = (path: string) => `${MESSAGING_BASE}${path}`;

interface ApiInit {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON-serialised unless it is FormData. */
  body?: unknown;
  /** Send the stored bearer token. */
  auth?: boolean;
  /** Send this bearer token (instead of the stored one). */
  token?: string;
  signal?: AbortSignal;
  /** 'text' for the identity endpoints that answer the token as plain text. */
  responseType?: 'json' | 'text';
}

export async function apiFetch<T>(url: string, init: ApiInit = {}): Promise<T> {
  return (await apiFetchWithHeaders<T>(url, init)).body;
}

/** Like apiFetch, also answering the response headers (e.g. the list's X-List-As-Of). */
export async function apiFetchWithHeaders<T>(url: string, init: ApiInit = {}): Promise<{ body: T; headers: Headers }> {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const token = init.token ?? (init.auth ? getToken() : null);
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, { method: init.method ?? 'GET', headers, body, signal: init.signal });
  if (!res.ok) {
    let payload: Partial<ApiError> = {};
    try {
      payload = (await res.json()) as ApiError;
    } catch {
      // not JSON
    }
    throw new ApiRequestError(res.status, payload.message ?? 'Något gick fel. Försök igen.', payload.field);
  }
  if (init.responseType === 'text') return { body: (await res.text()) as T, headers: res.headers };
  if (res.status === 204) return { body: undefined as T, headers: res.headers };
  return { body: (await res.json()) as T, headers: res.headers };
}

/** Query string from an object, leaving out empty values. */
export function toQuery(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
