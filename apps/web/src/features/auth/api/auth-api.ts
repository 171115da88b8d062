import { identityPaths } from '@bilmarknaden/shared/api-paths';
import type { CurrentUser, LoginBody, RegistrationBody } from '@bilmarknaden/shared/api-types';
import { ApiRequestError, apiFetch, identityUrl } from '../../../lib/api-client.ts';

/** POST /user/login: the token as text. Throws ApiRequestError (401 wrong password, 404 unknown user, 429). */
export async function loginRequest(body: LoginBody): Promise<string> {
  const token = await apiFetch<string>(identityUrl(identityPaths.login), {
    method: 'POST',
    body,
    responseType: 'text',
  });
  return token.trim();
}

/**
 * POST /user: the token. Only exactly 200 counts as registered (section 4): any other answer throws
 * ApiRequestError with the server's Swedish message, or none when it sent none.
 */
export async function registerRequest(body: RegistrationBody): Promise<string> {
  const res = await fetch(identityUrl(identityPaths.user), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status === 200) {
    const token = (await res.text()).trim();
    if (token) return token;
  }
  let message = '';
  try {
    const payload = (await res.json()) as { message?: unknown };
    if (typeof payload.message === 'string') message = payload.message;
  } catch {
    // no JSON body
  }
  throw new ApiRequestError(res.status, message);
}

/** GET /user with the bearer token: the profile including role and display name. */
export function fetchCurrentUser(token: string, signal?: AbortSignal): Promise<CurrentUser> {
  return apiFetch<CurrentUser>(identityUrl(identityPaths.user), { token, signal });
}

/** GET /user/refresh with the bearer token: a new token as text. */
export async function refreshRequest(token: string): Promise<string> {
  const next = await apiFetch<string>(identityUrl(identityPaths.refresh), { token, responseType: 'text' });
  return next.trim();
}
