import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { apiFetch, inventoryUrl } from '../../../lib/api-client.ts';

/**
 * Tells the server the ad's page was shown (issue 43): after the page has drawn, never awaited, a failure ignored.
 * The server leaves out the owner (by the token), robots and repeats within an hour.
 */
export function countView(carId: number): void {
  void apiFetch<void>(inventoryUrl(inventoryPaths.carViews), {
    method: 'POST',
    auth: true,
    body: { carId },
  }).catch(() => undefined);
}
