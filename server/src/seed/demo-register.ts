import type { VehicleFacts } from '@bilmarknaden/shared/api-types';
import type { ValidAd } from '@bilmarknaden/shared/validation/new-ad';
import {
  normalizeRegistrationNumber,
  registrationNumberAt,
  TEST_REGISTRATION_NUMBERS_FROM,
} from '@bilmarknaden/shared/validation/registration-number';
import { generateAd, type CatalogueEntry } from './demo-ads.ts';
import type { Random } from './random.ts';

// The local vehicle register's demo content (issue 40): every demo ad's car, a few hundred cars without an ad, and
// the named cars below, which the README lists for trying the new-ad form and the browser journeys use.

/** Cars without an ad beside the demo ads' own. */
export const EXTRA_REGISTER_CARS = 300;

/** Where each kind of generated data takes its numbers from (`seedRegistrationNumber`): never the same number. */
export const NUMBER_OFFSETS = { demoAds: 0, registerExtras: 500_000, bulkAds: 1_000_000 } as const;

// A multiplier prime to the count of numbers below the test range, so that index → number is one to one and
// consecutive ads get numbers that look unrelated.
const SCATTER = 7919;

/** The i-th generated car's number (scattered over A… to Y…; Z… is kept for tests). */
export function seedRegistrationNumber(i: number): string {
  return registrationNumberAt((i * SCATTER + 104_729) % TEST_REGISTRATION_NUMBERS_FROM);
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/** Named cars of the demo register: a free one to start an ad from, one for the mileage warning, avställd, stolen. */
export const NAMED_REGISTER_CARS: readonly VehicleFacts[] = [
  {
    registrationNumber: 'FYN123',
    make: 'Volvo',
    model: 'V60',
    year: 2019,
    hp: 190,
    fuel: 'diesel',
    transmission: 'automat',
    type: 'kombi',
    color: 'vit',
    inTraffic: true,
    stolen: false,
    inspectedUntil: '2027-05-31',
    lastInspection: { date: '2026-05-03', milage: 9_850 },
    owners: 2,
    firstRegistered: '2019-04-12',
    equipment: [
      'klimatanlaggning',
      'adaptiv-farthallare',
      'elstolar',
      'backkamera',
      'parkeringssensorer-bak',
      'led-stralkastare',
      'motorvarmare',
      'stolsvarme',
      'dragkrok',
      'navigation',
      'apple-carplay',
      'android-auto',
      'bluetooth',
    ],
  },
  {
    registrationNumber: 'GHJ456',
    make: 'Volkswagen',
    model: 'Golf',
    year: 2017,
    hp: 150,
    fuel: 'bensin',
    transmission: 'manuell',
    type: 'halvkombi',
    color: 'grå',
    inTraffic: true,
    stolen: false,
    inspectedUntil: '2027-05-31',
    lastInspection: { date: '2026-05-03', milage: 12_300 },
    owners: 3,
    firstRegistered: '2017-06-20',
    equipment: [
      'klimatanlaggning',
      'farthallare',
      'parkeringssensorer-bak',
      'apple-carplay',
      'android-auto',
      'bluetooth',
    ],
  },
  {
    registrationNumber: 'AST001',
    make: 'Saab',
    model: '9-5',
    year: 2008,
    hp: 180,
    fuel: 'bensin',
    transmission: 'automat',
    type: 'sedan',
    color: 'svart',
    inTraffic: false,
    stolen: false,
    inspectedUntil: null,
    lastInspection: { date: '2024-09-18', milage: 24_610 },
    owners: 5,
    firstRegistered: '2008-02-01',
    equipment: ['klimatanlaggning', 'farthallare', 'stolsvarme', 'dragkrok'],
  },
  {
    registrationNumber: 'STN123',
    make: 'Toyota',
    model: 'RAV4',
    year: 2021,
    hp: 222,
    fuel: 'el / hybrid',
    transmission: 'automat',
    type: 'suv',
    color: 'röd',
    inTraffic: true,
    stolen: true,
    inspectedUntil: '2027-03-31',
    lastInspection: { date: '2025-03-10', milage: 4_200 },
    owners: 1,
    firstRegistered: '2021-01-15',
    equipment: ['klimatanlaggning', 'backkamera', 'fyrhjulsdrift', 'apple-carplay', 'android-auto', 'bluetooth'],
  },
];
const NAMED = new Set(NAMED_REGISTER_CARS.map((c) => normalizeRegistrationNumber(c.registrationNumber)));

/** The i-th generated number that is not one of the named cars'. */
export function generatedNumber(i: number): string {
  const n = seedRegistrationNumber(i);
  return NAMED.has(n) ? seedRegistrationNumber(i + TEST_REGISTRATION_NUMBERS_FROM / 2) : n;
}

/**
 * What the register plausibly says about an ad's car on `now`: the ad's make, model, year, power, options and
 * equipment; a car three years or older was inspected in the last year at a reading a little below the ad's (now
 * and then above it: the mileage warning), a newer one not yet. Some are avställda.
 */
export function registerFactsOf(rnd: Random, ad: ValidAd, registrationNumber: string, now: Date): VehicleFacts {
  const age = Math.max(0, now.getUTCFullYear() - ad.year);
  const firstRegistered = new Date(Date.UTC(ad.year, rnd.int(0, 11), rnd.int(1, 28)));
  // Imported cars come to Sweden a few years after they were made.
  if (age > 4 && rnd.chance(0.08)) firstRegistered.setUTCFullYear(ad.year + rnd.int(1, 3));
  const inspected = age >= 3;
  const lastDate = inspected ? daysBefore(now, rnd.int(20, 360)) : null;
  const driven = rnd.int(0, Math.max(0, Math.min(900, ad.milage)));
  const reading = rnd.chance(0.05) ? ad.milage + rnd.int(300, 3000) : ad.milage - driven;
  const inTraffic = !rnd.chance(0.06);
  const until = lastDate
    ? new Date(lastDate.getTime() + 420 * 86_400_000)
    : new Date(Date.UTC(firstRegistered.getUTCFullYear() + 3, firstRegistered.getUTCMonth() + 2, 0));
  return {
    registrationNumber,
    make: ad.make,
    model: ad.model,
    year: ad.year,
    hp: ad.hp,
    fuel: ad.fuel,
    transmission: ad.transmission,
    type: ad.type,
    color: ad.color,
    inTraffic,
    stolen: false,
    inspectedUntil: inTraffic ? day(until) : null,
    lastInspection: lastDate ? { date: day(lastDate), milage: Math.max(0, reading) } : null,
    owners: Math.max(1, Math.min(9, 1 + Math.floor(age / rnd.int(3, 6)))),
    firstRegistered: day(firstRegistered),
    // The factory equipment: the ad's, but winter tyres, which the register does not record.
    equipment: ad.equipment.filter((code) => code !== 'vinterdack'),
  };
}

/** The register's cars without an ad: plausible cars of the catalogue, one in fifty reported stolen. */
export function extraRegisterCars(
  rnd: Random,
  catalogue: readonly CatalogueEntry[],
  now: Date,
  count = EXTRA_REGISTER_CARS,
): VehicleFacts[] {
  return Array.from({ length: count }, (_, j) => {
    const ad = generateAd(rnd, catalogue);
    const facts = registerFactsOf(rnd, ad, generatedNumber(NUMBER_OFFSETS.registerExtras + j), now);
    return { ...facts, stolen: j % 50 === 49 };
  });
}
