import { fuelOptions, optionLabel, transmissionOptions } from '@bilmarknaden/shared/options';
import { FIXED_LOCATION } from '@bilmarknaden/shared/constants';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { formatCreated, formatHp, formatMil, formatPrice } from '../lib/format.ts';

/** The list-shape facts every card and row shows, as the screens write them. */
export function carFacts(car: CarListItem) {
  return {
    year: String(car.year),
    fuel: optionLabel(fuelOptions, car.fuel),
    milage: formatMil(car.milage),
    transmission: optionLabel(transmissionOptions, car.transmission),
    hp: formatHp(car.hp),
    location: FIXED_LOCATION,
    price: formatPrice(car.price),
    created: formatCreated(car.created),
  };
}
