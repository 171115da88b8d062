import { identityPaths } from '@bilmarknaden/shared/api-paths';
import type { AccountClosureInput } from '@bilmarknaden/shared/validation/account-closure';
import { apiFetch, identityUrl } from '../../../lib/api-client.ts';

/**
 * DELETE /user with the stored token and the password: 204 when the account, its ads and saved ads are gone.
 * Throws ApiRequestError (400 the rule, 401 the session is gone, 403 a wrong password, 429 too many wrong ones).
 */
export async function closeAccountRequest(body: AccountClosureInput): Promise<void> {
  await apiFetch<void>(identityUrl(identityPaths.user), { method: 'DELETE', body, auth: true });
}
