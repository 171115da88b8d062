import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { FeedbackBody } from '@bilmarknaden/shared/api-types';
import { apiFetch, inventoryUrl } from '../../../lib/api-client.ts';

/** POST /api/inventory/feedback (bearer when logged in). The answer's body is not needed. */
export async function sendFeedback(body: FeedbackBody): Promise<void> {
  await apiFetch<string>(inventoryUrl(inventoryPaths.feedback), {
    method: 'POST',
    body,
    auth: true,
    responseType: 'text',
  });
}
