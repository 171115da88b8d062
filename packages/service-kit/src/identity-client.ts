import type { Static } from '@sinclair/typebox';
import type { NotificationRequestSchema } from '@bilmarknaden/shared/schemas/notification-schemas';
import { IDENTITY_BASE, identityPaths } from '@bilmarknaden/shared/api-paths';

/** A mail another service asks identity to send to one of its users (identity owns the addresses). */
export type NotificationRequest = Static<typeof NotificationRequestSchema>;

/**
 * What the other services ask of identity. In the default process the calls go straight to identity's services;
 * a service running alone calls identity over HTTP.
 */
export interface IdentityClient {
  /** Resolves once identity has stored the request durably (it sends the mail later); rejects otherwise. */
  notify(request: NotificationRequest): Promise<void>;
}

export interface HttpIdentityClientOptions {
  /** Identity's origin as the deployment reaches it (IDENTITY_URL), e.g. http://identity:3001; no trailing slash. */
  baseUrl: string;
  /** INTERNAL_API_KEY, shared by the processes of one deployment. */
  internalKey: string;
  /** Each call gives up after this; 10 s by default. */
  timeoutMs?: number;
}

/** A call to one of identity's internal routes, with the deployment's key; rejects on any answer but 2xx. */
export async function callIdentityInternal(
  opts: HttpIdentityClientOptions,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown } = { method: 'GET' },
): Promise<Response> {
  const res = await fetch(`${opts.baseUrl.replace(/\/+$/, '')}${IDENTITY_BASE}${path}`, {
    method: init.method,
    headers: {
      authorization: `Bearer ${opts.internalKey}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`identity answered ${res.status} to ${init.method} ${path}`);
  }
  return res;
}

/** The IdentityClient of a service running alone: identity's internal routes over HTTP. */
export function httpIdentityClient(opts: HttpIdentityClientOptions): IdentityClient {
  return {
    async notify(request) {
      const res = await callIdentityInternal(opts, identityPaths.internalNotifications, {
        method: 'POST',
        body: request,
      });
      await res.body?.cancel();
    },
  };
}
