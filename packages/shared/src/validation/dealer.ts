import Organisationsnummer from 'organisationsnummer';
import { findKommun } from '../places.ts';
import { forbiddenCharactersMessage, hasForbiddenCharacters, hasVisibleCharacter } from './hidden-characters.ts';
import { invalidEmailAddress } from './email-address.ts';
import { charLength, text, type Rule } from './rules.ts';

// Issue 45: a dealer's application and company profile ('Bli handlare', 'Mitt företag'). ONE set of rules for the
// form and identity's routes; each message names the field.

export const DEALER_LIMITS = {
  nameMax: 100,
  streetMax: 100,
  cityMax: 60,
  presentationMax: 2000,
  openingHoursLines: 7,
  openingHoursText: 40,
  rejectReasonMax: 500,
  keyNameMax: 60,
  /** The logo's bytes at most. */
  logoBytes: 1024 * 1024,
} as const;

/**
 * The organisationsnummer of nine digits and their Luhn check digit, as NNNNNN-NNNN: how tests and journeys make
 * numbers of their own that the rules accept.
 */
export function orgNumberWithCheckDigit(nine: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i += 1) {
    let d = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return `${nine.slice(0, 6)}-${nine.slice(6)}${(10 - (sum % 10)) % 10}`;
}

export const DEALER_MESSAGES = {
  orgNumber: 'Ange organisationsnummer',
  orgNumberInvalid: 'Ange ett giltigt organisationsnummer, NNNNNN-NNNN',
  name: 'Ange företagets namn',
  nameLong: `Företagets namn får vara högst ${DEALER_LIMITS.nameMax} tecken`,
  street: 'Ange gatuadress',
  streetLong: `Gatuadressen får vara högst ${DEALER_LIMITS.streetMax} tecken`,
  postalCode: 'Ange ett postnummer med fem siffror, t.ex. 123 45',
  city: 'Ange postort',
  cityLong: `Postorten får vara högst ${DEALER_LIMITS.cityMax} tecken`,
  kommun: 'Välj kommun',
  phone: 'Ange ett telefonnummer med 8 till 12 siffror, t.ex. 08-123 456 78',
  openingHours: `Ange öppettider som dagar och tider, högst ${DEALER_LIMITS.openingHoursLines} rader`,
  openingHoursLong: `Dagar och tider i öppettiderna får vara högst ${DEALER_LIMITS.openingHoursText} tecken var`,
  presentationLong: `Presentationen får vara högst ${DEALER_LIMITS.presentationMax} tecken`,
  rejectReason: 'Ange varför ansökan avslås',
  rejectReasonLong: `Skälet får vara högst ${DEALER_LIMITS.rejectReasonMax} tecken`,
  inviteEmail: 'Ange en giltig e-postadress till den du vill bjuda in',
  keyName: 'Ge nyckeln ett namn, t.ex. lagersystemet',
  keyNameLong: `Nyckelns namn får vara högst ${DEALER_LIMITS.keyNameMax} tecken`,
} as const;

export interface OpeningHoursLine {
  days: string;
  hours: string;
}

/** The form as typed and the request as read: text trimmed. */
export interface DealerInput {
  orgNumber: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  kommun: string;
  phone: string;
  /** null when the request's value was not a list of {days, hours}. */
  openingHours: OpeningHoursLine[] | null;
  presentation: string;
}

/** 'NNNNNN-NNNN' of a valid organisationsnummer written in any usual way (with or without century or dash), else null. */
export function normalizeOrgNumber(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const typed = value.trim();
  if (!/^(\d{2})?\d{6}-?\d{4}$/.test(typed)) return null;
  try {
    return Organisationsnummer.parse(typed).format(true);
  } catch {
    return null;
  }
}

/** 'NNN NN' of a five-digit postal code, else null. */
export function normalizePostalCode(value: string): string | null {
  const digits = value.replace(/\s/g, '');
  return /^\d{5}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3)}` : null;
}

/** A phone number as written ('08-123 456 78', '+46 70 123 45 67'): 8 to 12 digits and only these signs. */
export function invalidPhone(value: string): boolean {
  if (!/^\+?[\d\s\-()]+$/.test(value)) return true;
  const digits = value.replace(/\D/g, '').length;
  return digits < 8 || digits > 12;
}

const longer = (value: string, max: number) => charLength(value) > max;

type DealerText = 'name' | 'street' | 'city';

function lineRules(field: DealerText, max: number, missing: string, long: string, label: string): Rule<DealerInput>[] {
  return [
    { field, message: missing, fails: (d) => !hasVisibleCharacter(d[field]) },
    { field, message: long, fails: (d) => longer(d[field], max) },
    {
      field,
      message: forbiddenCharactersMessage(label, 'single-line'),
      fails: (d) => hasForbiddenCharacters(d[field], 'single-line'),
    },
  ];
}

const badHoursLine = (l: OpeningHoursLine) =>
  !hasVisibleCharacter(l.days) ||
  !hasVisibleCharacter(l.hours) ||
  hasForbiddenCharacters(l.days, 'single-line') ||
  hasForbiddenCharacters(l.hours, 'single-line');

export const dealerRules: readonly Rule<DealerInput>[] = [
  {
    field: 'orgNumber',
    message: DEALER_MESSAGES.orgNumberInvalid,
    fails: (d) => d.orgNumber !== '' && normalizeOrgNumber(d.orgNumber) === null,
  },
  { field: 'orgNumber', message: DEALER_MESSAGES.orgNumber, fails: (d) => d.orgNumber === '' },
  ...lineRules('name', DEALER_LIMITS.nameMax, DEALER_MESSAGES.name, DEALER_MESSAGES.nameLong, 'Företagets namn'),
  ...lineRules('street', DEALER_LIMITS.streetMax, DEALER_MESSAGES.street, DEALER_MESSAGES.streetLong, 'Gatuadressen'),
  {
    field: 'postalCode',
    message: DEALER_MESSAGES.postalCode,
    fails: (d) => normalizePostalCode(d.postalCode) === null,
  },
  ...lineRules('city', DEALER_LIMITS.cityMax, DEALER_MESSAGES.city, DEALER_MESSAGES.cityLong, 'Postorten'),
  { field: 'kommun', message: DEALER_MESSAGES.kommun, fails: (d) => !findKommun(d.kommun) },
  { field: 'phone', message: DEALER_MESSAGES.phone, fails: (d) => invalidPhone(d.phone) },
  {
    field: 'openingHours',
    message: DEALER_MESSAGES.openingHours,
    fails: (d) =>
      d.openingHours === null ||
      d.openingHours.length > DEALER_LIMITS.openingHoursLines ||
      d.openingHours.some(badHoursLine),
  },
  {
    field: 'openingHours',
    message: DEALER_MESSAGES.openingHoursLong,
    fails: (d) =>
      (d.openingHours ?? []).some(
        (l) => longer(l.days, DEALER_LIMITS.openingHoursText) || longer(l.hours, DEALER_LIMITS.openingHoursText),
      ),
  },
  {
    field: 'presentation',
    message: DEALER_MESSAGES.presentationLong,
    fails: (d) => longer(d.presentation, DEALER_LIMITS.presentationMax),
  },
  {
    field: 'presentation',
    message: forbiddenCharactersMessage('Presentationen', 'multi-line'),
    fails: (d) => hasForbiddenCharacters(d.presentation, 'multi-line'),
  },
];

/** The opening hours of a request: lines of {days, hours} trimmed, null for anything else. */
function openingHoursOf(value: unknown): OpeningHoursLine[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return null;
  const lines: OpeningHoursLine[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { days, hours } = item as Record<string, unknown>;
    const line = { days: text(days), hours: text(hours) };
    // A line left empty in the form is no line.
    if (line.days !== '' || line.hours !== '') lines.push(line);
  }
  return lines;
}

/** The request's or form's fields as the rules see them: text trimmed, anything else ''. */
export function normalizeDealer(body: Record<string, unknown>): DealerInput {
  return {
    orgNumber: text(body.orgNumber),
    name: text(body.name),
    street: text(body.street),
    postalCode: text(body.postalCode),
    city: text(body.city),
    kommun: text(body.kommun),
    phone: text(body.phone),
    openingHours: openingHoursOf(body.openingHours),
    presentation: typeof body.presentation === 'string' ? body.presentation.trim() : '',
  };
}

/** Valid input as stored: the organisationsnummer and postal code in their one written form. */
export function dealerFields(input: DealerInput) {
  return {
    ...input,
    orgNumber: normalizeOrgNumber(input.orgNumber)!,
    postalCode: normalizePostalCode(input.postalCode)!,
    openingHours: input.openingHours ?? [],
  };
}
export type DealerFields = ReturnType<typeof dealerFields>;

export interface RejectInput {
  reason: string;
}

export const rejectRules: readonly Rule<RejectInput>[] = [
  { field: 'reason', message: DEALER_MESSAGES.rejectReason, fails: (r) => !hasVisibleCharacter(r.reason) },
  {
    field: 'reason',
    message: DEALER_MESSAGES.rejectReasonLong,
    fails: (r) => longer(r.reason, DEALER_LIMITS.rejectReasonMax),
  },
  {
    field: 'reason',
    message: forbiddenCharactersMessage('Skälet', 'multi-line'),
    fails: (r) => hasForbiddenCharacters(r.reason, 'multi-line'),
  },
];

export interface InviteInput {
  email: string;
}

export const inviteRules: readonly Rule<InviteInput>[] = [
  { field: 'email', message: DEALER_MESSAGES.inviteEmail, fails: (i) => invalidEmailAddress(i.email) },
];

export interface ApiKeyInput {
  name: string;
}

export const apiKeyRules: readonly Rule<ApiKeyInput>[] = [
  { field: 'name', message: DEALER_MESSAGES.keyName, fails: (k) => !hasVisibleCharacter(k.name) },
  { field: 'name', message: DEALER_MESSAGES.keyNameLong, fails: (k) => longer(k.name, DEALER_LIMITS.keyNameMax) },
  {
    field: 'name',
    message: forbiddenCharactersMessage('Nyckelns namn', 'single-line'),
    fails: (k) => hasForbiddenCharacters(k.name, 'single-line'),
  },
];

/**
 * The page address made from a company name: lower case, å/ä → a, ö → o, other signs as dashes, at most 50
 * characters; 'handlare' when nothing is left.
 */
export function slugOf(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return slug || 'handlare';
}
