import type { VehicleFacts } from '@bilmarknaden/shared/api-types';

/**
 * The vehicle register behind one interface (decision 051): the local table by default, another provider chosen by
 * VEHICLE_REGISTER. `number` is normalized ('ABC123'); null when the register knows no such car. A provider that
 * cannot answer throws: the caller answers 503 rather than publish a car it could not check.
 */
export interface VehicleRegister {
  lookup(number: string): Promise<VehicleFacts | null>;
}
