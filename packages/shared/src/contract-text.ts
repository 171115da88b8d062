import { PAYMENT_LABELS, type ContractTerms } from './validation/contract.ts';

// Issue 41: the köpekontrakt's text. The page shows it, both parties sign it, and once signed this text (with its
// SHA-256) is what is kept and what the PDF holds: ONE rendering for the web and the messaging service.

/** The car as the ad and the vehicle register name it; registrationNumber null for an ad published without one. */
export interface ContractCar {
  registrationNumber: string | null;
  make: string;
  model: string;
  year: number;
}

export interface ContractParty {
  username: string;
  /** The name on the account ('Förnamn Efternamn'); the username when it is not known. */
  name: string;
}

export interface ContractDocument {
  car: ContractCar;
  seller: ContractParty;
  buyer: ContractParty;
  terms: ContractTerms;
}

/** Days the seller has to report the change of owner to Transportstyrelsen, from the handover. */
export const OWNER_CHANGE_DAYS = 7;
/** The seller is reminded this many days before that deadline while 'Anmält ägarbytet' is not ticked. */
export const OWNER_CHANGE_REMINDER_DAYS_BEFORE = 2;

export const AS_IS_CLAUSE = 'Bilen säljs i befintligt skick.';

export const AS_IS_EXPLANATION =
  'Det betyder att köparen köper bilen som den är, efter att ha haft möjlighet att undersöka och provköra den. ' +
  'Vid köp mellan privatpersoner gäller köplagen. Även när bilen säljs i befintligt skick ansvarar säljaren om ' +
  'säljaren har lämnat felaktiga uppgifter om bilen, har förtigit fel som säljaren kände till, eller om bilen är i ' +
  'väsentligt sämre skick än köparen med hänsyn till priset och omständigheterna hade skäl att räkna med (köplagen ' +
  '19 §). Fel som köparen borde ha upptäckt vid en undersökning kan köparen inte klaga på i efterhand. Skriv därför ' +
  'in alla fel och brister du känner till.';

/** 'ABC123' as shown, 'ABC 123'. */
export function shownRegistrationNumber(value: string | null): string {
  if (!value) return 'Saknas';
  return /^[A-Z]{3}\w{3}$/.test(value) ? `${value.slice(0, 3)} ${value.slice(3)}` : value;
}

/** '125 000 kr', grouped with ordinary spaces so that the text is the same everywhere (and in the PDF's font). */
export function contractPrice(price: number): string {
  return `${String(price).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} kr`;
}

/** The day `days` after a day 'ÅÅÅÅ-MM-DD'. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last day the seller may report the change of owner. */
export function ownerChangeDeadline(handoverDate: string): string {
  return addDays(handoverDate, OWNER_CHANGE_DAYS);
}

/** The contract's text, line by line: what both parties read and sign, the same on the page, in the hash and the PDF. */
export function contractLines(doc: ContractDocument): string[] {
  const { car, seller, buyer, terms } = doc;
  const defects = terms.noKnownDefects ? 'Inga kända fel.' : terms.knownDefects;
  return [
    'KÖPEKONTRAKT – BEGAGNAD BIL MELLAN PRIVATPERSONER',
    '',
    'Bil',
    `Registreringsnummer: ${shownRegistrationNumber(car.registrationNumber)}`,
    `Märke: ${car.make}`,
    `Modell: ${car.model}`,
    `Årsmodell: ${car.year}`,
    `Mätarställning: ${String(terms.milage).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} mil`,
    '',
    'Parter',
    `Säljare: ${seller.name} (${seller.username})`,
    `Köpare: ${buyer.name} (${buyer.username})`,
    '',
    'Pris och betalning',
    `Pris: ${contractPrice(terms.price)}`,
    `Betalningssätt: ${PAYMENT_LABELS[terms.payment]}`,
    '',
    'Tillträde',
    `Datum: ${terms.handoverDate}`,
    `Plats: ${terms.handoverPlace}`,
    `Antal nycklar: ${terms.keys}`,
    '',
    'Kända fel och brister',
    ...defects.split('\n'),
    '',
    'Servicehistorik',
    ...(terms.serviceHistory ? terms.serviceHistory.split('\n') : ['Ingen uppgift.']),
    '',
    'Skick',
    AS_IS_CLAUSE,
    AS_IS_EXPLANATION,
    '',
    'Ägarbyte',
    `Säljaren anmäler ägarbytet till Transportstyrelsen senast ${ownerChangeDeadline(terms.handoverDate)} ` +
      `(inom ${OWNER_CHANGE_DAYS} dagar från tillträdet). Köparen ansvarar för att bilen är försäkrad från och ` +
      'med tillträdesdagen.',
    '',
    'Parterna har läst kontraktet och signerat det på Bilmarknaden.',
  ];
}

export function contractText(doc: ContractDocument): string {
  return contractLines(doc).join('\n');
}

/** The 'Ägarbyte' checklist after signing: what each party ticks. */
export const CHECKLIST_ITEMS = {
  reported: { party: 'seller', label: 'Jag har anmält ägarbytet till Transportstyrelsen' },
  keysHanded: { party: 'seller', label: 'Jag har lämnat över nycklar och papper (registreringsbevis del 2)' },
  insured: { party: 'buyer', label: 'Jag har försäkrat bilen från och med tillträdesdagen' },
  keysReceived: { party: 'buyer', label: 'Jag har fått nycklar och papper' },
} as const satisfies Record<string, { party: 'seller' | 'buyer'; label: string }>;

/** The seller's reminder on the site and in the mail. */
export function ownerChangeReminder(deadline: string): string {
  return `Kom ihåg att anmäla ägarbytet till Transportstyrelsen senast ${deadline}.`;
}
