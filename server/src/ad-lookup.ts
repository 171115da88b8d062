import type { Database } from '@bilmarknaden/db/database';
import { carDetailsRepository } from '@bilmarknaden/inventory/repositories/car-details-repository';
import { adSnapshot, type AdLookup, type AdStates } from '@bilmarknaden/messaging/ad-lookup';

/** Messaging's ad lookup in the default process: inventory's own read of a visible ad, no HTTP in between. */
export function inventoryAdLookup(db: Database): AdLookup {
  const cars = carDetailsRepository(db);
  return async (carId) => {
    const car = await cars.findActive(carId);
    return car ? adSnapshot(car) : null;
  };
}

/** The inbox's ad states in the default process: one read of inventory for the whole page. */
export function inventoryAdStates(db: Database): AdStates {
  const cars = carDetailsRepository(db);
  return (carIds) => cars.shownStates(carIds);
}
