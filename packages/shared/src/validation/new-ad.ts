import { lengthOutside, charLength, numberOutside, parseWholeNumber, text, type Rule } from './rules.ts';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from './hidden-characters.ts';
import {
  colorOptions,
  drivetrainOptions,
  findOption,
  fuelOptions,
  transmissionOptions,
  typeOptions,
  type Option,
} from '../options.ts';
import { findKommun, PLACE_MESSAGES } from '../places.ts';
import { allKnownEquipment, EQUIPMENT_MESSAGES, sortEquipment, splitEquipment } from '../equipment.ts';

/** The new-ad form as typed: every field a string, as in a multipart form, but the equipment's list of codes. */
export interface NewAdInput {
  title: string;
  description: string;
  price: string;
  make: string;
  model: string;
  year: string;
  milage: string;
  hp: string;
  color: string;
  type: string;
  transmission: string;
  drivetrain: string;
  fuel: string;
  /** The place: a kommun code (packages/shared/src/places.ts), or '' for none. */
  kommun: string;
  /** Codes of packages/shared/src/equipment.ts (sent as repeated `equipment` fields). */
  equipment: readonly string[];
}

/** The text fields of the form (the equipment is a list, sent as repeated `equipment` fields). */
export const NEW_AD_FIELDS = [
  'title',
  'description',
  'price',
  'make',
  'model',
  'year',
  'milage',
  'hp',
  'color',
  'type',
  'transmission',
  'drivetrain',
  'fuel',
  'kommun',
] as const satisfies readonly (keyof NewAdInput)[];

export const AD_LIMITS = {
  titleMin: 4,
  titleMax: 60,
  descriptionMin: 4,
  descriptionMax: 2500,
  priceMax: 50_000_000,
  yearMin: 1885,
  yearMax: 2026,
  milageMax: 100_000,
  hpMax: 3000,
  makeMax: 50,
  modelMax: 50,
} as const;

const notOption = (options: readonly Option[]) => (v: string) => v === '' || findOption(options, v) === undefined;

export const newAdRules: readonly Rule<NewAdInput>[] = [
  { field: 'title', message: 'Din rubrik är för kort', fails: (a) => charLength(a.title) < AD_LIMITS.titleMin },
  { field: 'title', message: 'Din rubrik är för lång', fails: (a) => charLength(a.title) > AD_LIMITS.titleMax },
  {
    field: 'title',
    message: forbiddenCharactersMessage('Din rubrik', 'single-line'),
    fails: (a) => hasForbiddenCharacters(a.title, 'single-line'),
  },
  {
    field: 'description',
    message: 'Din beskrivning är för kort',
    fails: (a) => charLength(a.description) < AD_LIMITS.descriptionMin,
  },
  {
    field: 'description',
    message: 'Din beskrivning är för lång',
    fails: (a) => charLength(a.description) > AD_LIMITS.descriptionMax,
  },
  {
    field: 'description',
    message: forbiddenCharactersMessage('Din beskrivning', 'multi-line'),
    fails: (a) => hasForbiddenCharacters(a.description, 'multi-line'),
  },
  { field: 'price', message: 'Ange ett giltigt pris', fails: (a) => numberOutside(a.price, 0, AD_LIMITS.priceMax) },
  { field: 'make', message: 'Ange ett märke', fails: (a) => lengthOutside(a.make, 1, AD_LIMITS.makeMax) },
  { field: 'model', message: 'Ange en modell', fails: (a) => lengthOutside(a.model, 1, AD_LIMITS.modelMax) },
  {
    field: 'year',
    message: 'Ange ett giltigt årtal',
    fails: (a) => numberOutside(a.year, AD_LIMITS.yearMin, AD_LIMITS.yearMax),
  },
  {
    field: 'milage',
    message: 'Ange ett giltigt miltal',
    fails: (a) => numberOutside(a.milage, 0, AD_LIMITS.milageMax),
  },
  { field: 'hp', message: 'Ange ett giltigt hästkraftsantal', fails: (a) => numberOutside(a.hp, 0, AD_LIMITS.hpMax) },
  { field: 'color', message: 'Ange en färg', fails: (a) => notOption(colorOptions)(a.color) },
  { field: 'type', message: 'Ange en biltyp', fails: (a) => notOption(typeOptions)(a.type) },
  { field: 'transmission', message: 'Ange växellåda', fails: (a) => notOption(transmissionOptions)(a.transmission) },
  { field: 'drivetrain', message: 'Ange drivlina', fails: (a) => notOption(drivetrainOptions)(a.drivetrain) },
  { field: 'fuel', message: 'Ange bränsle', fails: (a) => notOption(fuelOptions)(a.fuel) },
  // Optional: an ad posted with the specification's fields alone has no place and shows 'Stockholm'.
  { field: 'kommun', message: PLACE_MESSAGES.kommun, fails: (a) => !!a.kommun && !findKommun(a.kommun) },
  // The form offers only the list's items: an unknown code comes from another client.
  { field: 'equipment', message: EQUIPMENT_MESSAGES.unknown, fails: (a) => !allKnownEquipment(a.equipment) },
];

/**
 * Untrusted fields to the form's shape: strings trimmed (numbers accepted), unknown fields dropped; `equipment`
 * one value or several, each a code or codes joined by commas.
 */
export function normalizeNewAd(body: Record<string, unknown>): NewAdInput {
  const field = (k: (typeof NEW_AD_FIELDS)[number]) => {
    const v = body[k];
    return typeof v === 'number' ? String(v) : text(v);
  };
  const fields = Object.fromEntries(NEW_AD_FIELDS.map((k) => [k, field(k)])) as Omit<NewAdInput, 'equipment'>;
  return { ...fields, equipment: splitEquipment(body.equipment) };
}

/** A valid ad with numbers parsed and option values in their stored form. */
export interface ValidAd {
  title: string;
  description: string;
  price: number;
  make: string;
  model: string;
  year: number;
  milage: number;
  hp: number;
  color: string;
  type: string;
  transmission: string;
  drivetrain: string;
  fuel: string;
  kommun: string | null;
  /** Codes of the equipment list, once each, in list order. */
  equipment: readonly string[];
}

/** Converts an input that passed `newAdRules`; call only after validation. */
export function toValidAd(a: NewAdInput): ValidAd {
  const value = (options: readonly Option[], v: string) => findOption(options, v)?.value ?? v;
  return {
    title: a.title,
    description: a.description,
    price: parseWholeNumber(a.price),
    make: a.make,
    model: a.model,
    year: parseWholeNumber(a.year),
    milage: parseWholeNumber(a.milage),
    hp: parseWholeNumber(a.hp),
    color: value(colorOptions, a.color),
    type: value(typeOptions, a.type),
    transmission: value(transmissionOptions, a.transmission),
    drivetrain: value(drivetrainOptions, a.drivetrain),
    fuel: value(fuelOptions, a.fuel),
    kommun: a.kommun === '' ? null : a.kommun,
    equipment: sortEquipment(a.equipment),
  };
}
