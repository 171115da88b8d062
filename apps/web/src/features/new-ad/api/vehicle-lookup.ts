import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { VehicleFacts } from '@bilmarknaden/shared/api-types';
import { apiFetch, inventoryUrl } from '../../../lib/api-client.ts';

/**
 * 'Hämta fordonsuppgifter': the vehicle register's facts of a number (normalized, 'ABC123'). Rejects with
 * ApiRequestError: 404 carries 'Vi hittade inga uppgifter om ABC 123. Fyll i dem själv.'
 */
export function fetchVehicleFacts(registrationNumber: string): Promise<VehicleFacts> {
  return apiFetch<VehicleFacts>(inventoryUrl(inventoryPaths.vehicleRegister(encodeURIComponent(registrationNumber))), {
    auth: true,
  });
}
