import type { Queryable } from '@bilmarknaden/db/database';
import { httpVehicleRegister } from './http-register.ts';
import { localVehicleRegister } from './local-register.ts';
import type { VehicleRegister } from './vehicle-register.ts';

export interface VehicleRegisterSettings {
  /** 'local' (default): the table `inventory.vehicle_register`; 'http': the provider at `url`. */
  provider: 'local' | 'http';
  url?: string | undefined;
}

export function createVehicleRegister(db: Queryable, settings: VehicleRegisterSettings): VehicleRegister {
  if (settings.provider === 'http') {
    if (!settings.url) throw new Error('VEHICLE_REGISTER=http needs VEHICLE_REGISTER_URL');
    return httpVehicleRegister({ baseUrl: settings.url });
  }
  return localVehicleRegister(db);
}
