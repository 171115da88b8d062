// One list per attribute: the union of the specification's filter and new-ad lists (DESIGN.md).
// `value` is what is stored and sent; `label` is what the screens show.
export interface Option {
  readonly value: string;
  readonly label: string;
}

export const transmissionOptions = [
  { value: 'manuell', label: 'Manuell' },
  { value: 'automat', label: 'Automat' },
] as const satisfies readonly Option[];

export const fuelOptions = [
  { value: 'bensin', label: 'Bensin' },
  { value: 'diesel', label: 'Diesel' },
  { value: 'miljöbränsle', label: 'Miljöbränsle' },
  { value: 'el / hybrid', label: 'El / hybrid' },
] as const satisfies readonly Option[];

export const typeOptions = [
  { value: 'sedan', label: 'Sedan' },
  { value: 'kombi', label: 'Kombi' },
  { value: 'halvkombi', label: 'Halvkombi' },
  { value: 'småbil', label: 'Småbil' },
  { value: 'coupé', label: 'Coupé' },
  { value: 'cab', label: 'Cab' },
  { value: 'suv', label: 'SUV' },
  { value: 'familjebuss', label: 'Familjebuss' },
  { value: 'pickup', label: 'Pickup' },
  { value: 'yrkesfordon', label: 'Yrkesfordon' },
] as const satisfies readonly Option[];

export const colorOptions = [
  { value: 'vit', label: 'Vit' },
  { value: 'grå', label: 'Grå' },
  { value: 'svart', label: 'Svart' },
  { value: 'brun', label: 'Brun' },
  { value: 'blå', label: 'Blå' },
  { value: 'röd', label: 'Röd' },
  { value: 'gul', label: 'Gul' },
] as const satisfies readonly Option[];

export const drivetrainOptions = [
  { value: 'fwd', label: 'FWD' },
  { value: 'awd', label: 'AWD' },
  { value: 'rwd', label: 'RWD' },
] as const satisfies readonly Option[];

/** The attributes whose values come only from the lists above (decision 004): a filter outside them matches no ad. */
export const optionAttributes = [
  ['transmission', transmissionOptions],
  ['fuel', fuelOptions],
  ['type', typeOptions],
  ['color', colorOptions],
  ['drivetrain', drivetrainOptions],
] as const;

/** Field labels as the screens show them. */
export const attributeLabels = {
  make: 'Märke',
  model: 'Modell',
  transmission: 'Växellåda',
  fuel: 'Bränsle',
  type: 'Typ',
  color: 'Färg',
  drivetrain: 'Drivlina',
} as const;

export type Transmission = (typeof transmissionOptions)[number]['value'];
export type Fuel = (typeof fuelOptions)[number]['value'];
export type CarType = (typeof typeOptions)[number]['value'];
export type Color = (typeof colorOptions)[number]['value'];
export type Drivetrain = (typeof drivetrainOptions)[number]['value'];

/** Finds the option whose value matches case-insensitively (filters are case-insensitive). */
export function findOption(options: readonly Option[], value: string): Option | undefined {
  const wanted = value.trim().toLocaleLowerCase('sv-SE');
  return options.find((o) => o.value === wanted);
}

/** The label for a stored value, or the value itself when it is not in the list. */
export function optionLabel(options: readonly Option[], value: string): string {
  return findOption(options, value)?.label ?? value;
}
