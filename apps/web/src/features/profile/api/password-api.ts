import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { apiFetch, identityUrl } from '../../../lib/api-client.ts';

/**
 * PUT /user/password with the stored token: the new token as text. Throws ApiRequestError (400 a rule, 403 a
 * wrong current password, 429 too many wrong passwords).
 */
export async function changePasswordRequest(body: { currentPassword: string; password: string }): Promise<string> {
  const token = await apiFetch<string>(identityUrl(identityPaths.password), {
    method: 'PUT',
    body,
    auth: true,
    responseType: 'text',
  });
  return token.trim();
}
