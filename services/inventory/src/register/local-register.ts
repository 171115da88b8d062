import type { Queryable } from '@bilmarknaden/db/database';
import { vehicleRegisterRepository } from '../repositories/vehicle-register-repository.ts';
import type { VehicleRegister } from './vehicle-register.ts';

/** The default register: the table `inventory.vehicle_register`, which works offline and in tests. */
export function localVehicleRegister(db: Queryable): VehicleRegister {
  const table = vehicleRegisterRepository(db);
  return { lookup: (number) => table.find(number) };
}
