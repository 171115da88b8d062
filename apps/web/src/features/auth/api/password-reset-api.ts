import { identityPaths } from '@bilmarknaden/shared/api-paths';
import {
  PASSWORD_RESET_MESSAGES,
  type PasswordResetRequestInput,
} from '@bilmarknaden/shared/validation/password-reset';
import { apiFetch, identityUrl } from '../../../lib/api-client.ts';

// Not in auth-api.ts: that file is in the entry chunk (the session's refresh), these are for two lazy pages only.

/**
 * POST /user/password-reset: 202 with the same Swedish message whether or not the address has an account. Throws
 * ApiRequestError (400 the email's rule, 429 too many requests).
 */
export async function requestPasswordReset(body: PasswordResetRequestInput): Promise<string> {
  const text = await apiFetch<string>(identityUrl(identityPaths.passwordReset), {
    method: 'POST',
    body,
    responseType: 'text',
  });
  try {
    const { message } = JSON.parse(text) as { message?: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  } catch {
    // no JSON body: the contract's message
  }
  return PASSWORD_RESET_MESSAGES.sent;
}

/**
 * POST /user/password-reset/confirm: a login token as text, as login answers. Throws ApiRequestError (400 with
 * field 'password' for a rule, field 'token' for a link that is unknown, used, replaced or expired).
 */
export async function confirmPasswordReset(body: { token: string; password: string }): Promise<string> {
  const token = await apiFetch<string>(identityUrl(identityPaths.passwordResetConfirm), {
    method: 'POST',
    body,
    responseType: 'text',
  });
  return token.trim();
}
