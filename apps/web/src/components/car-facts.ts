import { fuelOptions, optionLabel, transmissionOptions } from '@bilmarknaden/shared/options';
import { FIXED_LOCATION } from '@bilmarknaden/shared/constants';
import { findKommun, findLan, placeName } from '@bilmarknaden/shared/places';
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
    // The ad's kommun; 'Stockholm' (the specification's fixed text) for an ad posted without one.
    location: placeName(car.kommun, FIXED_LOCATION),
    price: formatPrice(car.price),
    created: formatCreated(car.created),
  };
}

/** The ad page's place: the kommun and its county ('Göteborg, Västra Götaland'), or 'Stockholm' without one. */
export function placeWithCounty(kommun: string | null): string {
  const k = kommun ? findKommun(kommun) : undefined;
  return k ? `${k.name}, ${findLan(k.lan)!.shortName}` : FIXED_LOCATION;
}
