import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { VehicleFactsSchema } from '@bilmarknaden/shared/schemas/vehicle-schemas';
import type { VehicleRegister } from './vehicle-register.ts';

// The formats of VehicleFactsSchema, for checking an answer (TypeBox refuses a format it does not know).
const DAY = /^\d{4}-\d{2}-\d{2}$/;
if (!FormatRegistry.Has('date')) FormatRegistry.Set('date', (v) => DAY.test(v) && !Number.isNaN(Date.parse(v)));
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => !Number.isNaN(Date.parse(v)));

export interface HttpVehicleRegisterOptions {
  /** `GET {baseUrl}/{number}` answers the facts as VehicleFactsSchema (200) or 404 for an unknown car. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A register reached over HTTP (VEHICLE_REGISTER=http): an adapter in front of the real register answers our
 * shape. Anything but a well-formed 200 or a 404 throws, so no car is published unchecked.
 */
export function httpVehicleRegister({
  baseUrl,
  timeoutMs = 5000,
  fetch: fetchFn = fetch,
}: HttpVehicleRegisterOptions): VehicleRegister {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async lookup(number) {
      const res = await fetchFn(`${base}/${encodeURIComponent(number)}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`the vehicle register answered ${res.status}`);
      const body: unknown = await res.json();
      if (!Value.Check(VehicleFactsSchema, body)) throw new Error('the vehicle register answered an unknown shape');
      return body.registrationNumber === number ? body : { ...body, registrationNumber: number };
    },
  };
}
