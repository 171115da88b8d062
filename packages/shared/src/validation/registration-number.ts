import type { Rule } from './rules.ts';

// Swedish registration numbers (registreringsnummer): three letters, two digits and a digit or a letter,
// 'ABC 123' or 'ABC 12A'. The letters I, Q and V are not used (too like 1, O and U), nor Å, Ä and Ö.
const LETTER = '[A-HJ-PR-UW-Z]';
const PATTERN = new RegExp(`^${LETTER}{3}[0-9]{2}(?:[0-9]|${LETTER})$`);

/** What the database's check holds too (inventory's 001-schema.sql): the stored form, without the space. */
export const REGISTRATION_NUMBER_SQL_PATTERN = '^[A-HJ-PR-UW-Z]{3}[0-9]{2}[0-9A-HJ-PR-UW-Z]$';

export const REGISTRATION_NUMBER_MESSAGES = {
  missing: 'Ange bilens registreringsnummer',
  invalid: 'Ange registreringsnumret som ABC 123 eller ABC 12A',
  /** 409: an ad for sale (or being published, or hidden) already has the number. */
  taken: (n: string) => `Det finns redan en annons för ${formatRegistrationNumber(n)}`,
  /** The register knows nothing of the number: the seller fills the form in. */
  notFound: (n: string) => `Vi hittade inga uppgifter om ${formatRegistrationNumber(n)}. Fyll i dem själv.`,
  stolen: (n: string) =>
    `${formatRegistrationNumber(n)} är anmäld som stulen i fordonsregistret och kan inte annonseras`,
  /** The edit form shows the number but cannot change it. */
  unchangeable: 'Registreringsnumret kan inte ändras. Ta bort annonsen och lägg in en ny för en annan bil.',
  /** 503: the configured register did not answer. */
  unavailable: 'Fordonsregistret svarar inte just nu. Försök igen om en stund.',
} as const;

/** As typed: spaces (any kind) dropped, upper case. 'abc 12a' → 'ABC12A'. Not a check: see `isRegistrationNumber`. */
export function normalizeRegistrationNumber(value: unknown): string {
  return typeof value === 'string' ? value.replace(/[\s\u00A0\u202F-]+/g, '').toUpperCase() : '';
}

/** True for a normalized number of the Swedish format. */
export function isRegistrationNumber(normalized: string): boolean {
  return PATTERN.test(normalized);
}

/** The number as people write it: 'ABC123' → 'ABC 123'. Anything else is answered as it is. */
export function formatRegistrationNumber(value: string): string {
  const n = normalizeRegistrationNumber(value);
  return isRegistrationNumber(n) ? `${n.slice(0, 3)} ${n.slice(3)}` : value;
}

export interface RegistrationNumberInput {
  registrationNumber: string;
}

/** The new-ad form's first field (the server answers field 'registrationNumber' with these messages). */
export const registrationNumberRules: readonly Rule<RegistrationNumberInput>[] = [
  {
    field: 'registrationNumber',
    message: REGISTRATION_NUMBER_MESSAGES.missing,
    fails: (a) => normalizeRegistrationNumber(a.registrationNumber) === '',
  },
  {
    field: 'registrationNumber',
    message: REGISTRATION_NUMBER_MESSAGES.invalid,
    fails: (a) => {
      const n = normalizeRegistrationNumber(a.registrationNumber);
      return n !== '' && !isRegistrationNumber(n);
    },
  },
];

/** The letters a number may use, in order. */
export const REGISTRATION_NUMBER_LETTERS = 'ABCDEFGHJKLMNOPRSTUWXYZ';
const L = REGISTRATION_NUMBER_LETTERS.length;
/** How many numbers `registrationNumberAt` numbers (letters, letters, letters, three digits). */
export const REGISTRATION_NUMBER_COUNT = L * L * L * 1000;
/** Numbers from here on start with Z: kept for tests and benchmarks, never given to demo or seeded cars. */
export const TEST_REGISTRATION_NUMBERS_FROM = (L - 1) * L * L * 1000;

/** The n-th number of the form 'ABC123' (0 → 'AAA000'), for generated data; n wraps at REGISTRATION_NUMBER_COUNT. */
export function registrationNumberAt(n: number): string {
  const i = ((Math.floor(n) % REGISTRATION_NUMBER_COUNT) + REGISTRATION_NUMBER_COUNT) % REGISTRATION_NUMBER_COUNT;
  const k = Math.floor(i / 1000);
  const letter = (j: number) => REGISTRATION_NUMBER_LETTERS[j % L]!;
  return `${letter(Math.floor(k / (L * L)))}${letter(Math.floor(k / L))}${letter(k)}${String(i % 1000).padStart(3, '0')}`;
}
