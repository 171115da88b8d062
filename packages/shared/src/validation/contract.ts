import { charLength, numberOutside, parseWholeNumber, text, type Rule } from './rules.ts';
import { forbiddenCharactersMessage, hasForbiddenCharacters, hasVisibleCharacter } from './hidden-characters.ts';

// Issue 41: the köpekontrakt's terms as the seller fills them in. ONE rule for the form and the messaging service.

export const CONTRACT_LIMITS = {
  priceMin: 1,
  priceMax: 100_000_000,
  milageMax: 100_000,
  placeMax: 100,
  textMax: 2000,
  keysMin: 1,
  keysMax: 10,
} as const;

/** Above this price the form warns against cash ('kontant'): shown, never refused. */
export const CASH_WARNING_FROM = 20_000;

export const PAYMENT_METHODS = ['swish', 'bank', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  swish: 'Swish',
  bank: 'Banköverföring',
  cash: 'Kontant',
};

export const CASH_WARNING =
  'Undvik kontanter för stora belopp: det är lätt att råna eller lura någon med falska sedlar, och det finns inget ' +
  'spår av betalningen. Välj hellre banköverföring eller Swish och lämna över bilen när pengarna syns på kontot.';

/** The form as typed: the numbers as strings (grouped thousands allowed), the date 'ÅÅÅÅ-MM-DD'. */
export interface ContractTermsInput {
  price: string;
  milage: string;
  handoverDate: string;
  handoverPlace: string;
  payment: string;
  knownDefects: string;
  noKnownDefects: boolean;
  serviceHistory: string;
  keys: string;
}

/** The terms as stored, valid. */
export interface ContractTerms {
  price: number;
  milage: number;
  handoverDate: string;
  handoverPlace: string;
  payment: PaymentMethod;
  knownDefects: string;
  noKnownDefects: boolean;
  serviceHistory: string;
  keys: number;
}

/** The rules' input: the terms and the day it is in Sweden ('ÅÅÅÅ-MM-DD'), so a date in the past is refused. */
export type ContractRuleInput = ContractTermsInput & { today: string };

export const CONTRACT_MESSAGES = {
  price: `Ange ett pris mellan 1 och 100 000 000 kr`,
  milage: `Ange mätarställningen i mil (0–100 000)`,
  handoverDate: 'Ange datum för tillträde (ÅÅÅÅ-MM-DD)',
  handoverPast: 'Datum för tillträde kan inte ha passerat',
  handoverPlace: 'Ange plats för tillträde',
  handoverPlaceLong: `Platsen får vara högst ${CONTRACT_LIMITS.placeMax} tecken`,
  payment: 'Välj betalningssätt',
  knownDefects: "Beskriv kända fel och brister, eller kryssa i 'Inga kända fel'",
  knownDefectsLong: `Kända fel och brister får vara högst ${CONTRACT_LIMITS.textMax} tecken`,
  serviceHistoryLong: `Servicehistoriken får vara högst ${CONTRACT_LIMITS.textMax} tecken`,
  keys: 'Ange antal nycklar (1–10)',
} as const;

/** A real calendar day written 'ÅÅÅÅ-MM-DD'. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The day it is in Sweden at `at`, 'ÅÅÅÅ-MM-DD' (the handover date is a Swedish day, whatever the server's zone). */
export function swedishDay(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(at);
}

const longer = (value: string, max: number) => charLength(value) > max;

type ContractText = 'handoverPlace' | 'knownDefects' | 'serviceHistory';

/** A free text's two limits, in the order the form shows them: its length, then no forbidden characters. */
function textRules(
  field: ContractText,
  max: number,
  longMessage: string,
  label: string,
  kind: 'single-line' | 'multi-line',
): Rule<ContractRuleInput>[] {
  return [
    { field, message: longMessage, fails: (c) => longer(c[field], max) },
    { field, message: forbiddenCharactersMessage(label, kind), fails: (c) => hasForbiddenCharacters(c[field], kind) },
  ];
}

export const contractRules: readonly Rule<ContractRuleInput>[] = [
  {
    field: 'price',
    message: CONTRACT_MESSAGES.price,
    fails: (c) => numberOutside(c.price, CONTRACT_LIMITS.priceMin, CONTRACT_LIMITS.priceMax),
  },
  {
    field: 'milage',
    message: CONTRACT_MESSAGES.milage,
    fails: (c) => numberOutside(c.milage, 0, CONTRACT_LIMITS.milageMax),
  },
  { field: 'handoverDate', message: CONTRACT_MESSAGES.handoverDate, fails: (c) => !isCalendarDay(c.handoverDate) },
  {
    field: 'handoverDate',
    message: CONTRACT_MESSAGES.handoverPast,
    fails: (c) => isCalendarDay(c.handoverDate) && c.handoverDate < c.today,
  },
  {
    field: 'handoverPlace',
    message: CONTRACT_MESSAGES.handoverPlace,
    fails: (c) => !hasVisibleCharacter(c.handoverPlace),
  },
  ...textRules(
    'handoverPlace',
    CONTRACT_LIMITS.placeMax,
    CONTRACT_MESSAGES.handoverPlaceLong,
    'Platsen',
    'single-line',
  ),
  {
    field: 'payment',
    message: CONTRACT_MESSAGES.payment,
    fails: (c) => !(PAYMENT_METHODS as readonly string[]).includes(c.payment),
  },
  {
    field: 'knownDefects',
    message: CONTRACT_MESSAGES.knownDefects,
    fails: (c) => !c.noKnownDefects && !hasVisibleCharacter(c.knownDefects),
  },
  ...textRules('knownDefects', CONTRACT_LIMITS.textMax, CONTRACT_MESSAGES.knownDefectsLong, 'Texten', 'multi-line'),
  ...textRules(
    'serviceHistory',
    CONTRACT_LIMITS.textMax,
    CONTRACT_MESSAGES.serviceHistoryLong,
    'Servicehistoriken',
    'multi-line',
  ),
  {
    field: 'keys',
    message: CONTRACT_MESSAGES.keys,
    fails: (c) => numberOutside(c.keys, CONTRACT_LIMITS.keysMin, CONTRACT_LIMITS.keysMax),
  },
];

const numberText = (value: unknown) => (typeof value === 'number' ? String(value) : text(value));

/** The request's or form's terms as the rules see them: text trimmed, anything else ''. */
export function normalizeContractTerms(body: Record<string, unknown>): ContractTermsInput {
  return {
    price: numberText(body.price),
    milage: numberText(body.milage),
    handoverDate: text(body.handoverDate),
    handoverPlace: text(body.handoverPlace),
    payment: text(body.payment),
    knownDefects: text(body.knownDefects),
    noKnownDefects: body.noKnownDefects === true,
    serviceHistory: text(body.serviceHistory),
    keys: numberText(body.keys),
  };
}

/** Valid input as stored: numbers as numbers; no defects text once 'Inga kända fel' is ticked. */
export function contractTerms(input: ContractTermsInput): ContractTerms {
  return {
    price: parseWholeNumber(input.price),
    milage: parseWholeNumber(input.milage),
    handoverDate: input.handoverDate,
    handoverPlace: input.handoverPlace,
    payment: input.payment as PaymentMethod,
    knownDefects: input.noKnownDefects ? '' : input.knownDefects,
    noKnownDefects: input.noKnownDefects,
    serviceHistory: input.serviceHistory,
    keys: parseWholeNumber(input.keys),
  };
}

/** Whether the form should warn against cash for this price. */
export function cashWarned(payment: string, price: string | number): boolean {
  const n = typeof price === 'number' ? price : parseWholeNumber(price);
  return payment === 'cash' && !Number.isNaN(n) && n >= CASH_WARNING_FROM;
}
