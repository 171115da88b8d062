import { Type, type Static } from '@sinclair/typebox';
import { CONTRACT_LIMITS, PAYMENT_METHODS } from '../validation/contract.ts';

// The köpekontrakt of a conversation (issue 41, decision 055), under MESSAGING_BASE.

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const day = (description: string) => Type.String({ format: 'date', description });
const time = (description: string) => nullable(Type.String({ format: 'date-time', description }));

export const ContractTermsSchema = Type.Object({
  price: Type.Integer({ description: `Kronor, ${CONTRACT_LIMITS.priceMin}–${CONTRACT_LIMITS.priceMax}` }),
  milage: Type.Integer({ description: 'Mätarställning, Swedish miles (mil)' }),
  handoverDate: day('Datum för tillträde; not in the past when set'),
  handoverPlace: Type.String(),
  payment: Type.Union(
    PAYMENT_METHODS.map((m) => Type.Literal(m)),
    { description: "'swish', 'bank' (banköverföring) or 'cash' (kontant)" },
  ),
  knownDefects: Type.String({ description: "'Kända fel och brister'; '' when noKnownDefects" }),
  noKnownDefects: Type.Boolean({ description: "'Inga kända fel' ticked" }),
  serviceHistory: Type.String(),
  keys: Type.Integer({ description: `Antal nycklar, ${CONTRACT_LIMITS.keysMin}–${CONTRACT_LIMITS.keysMax}` }),
});

/** The PUT body as the server reads it: any object; the shared rules give each wrong field its Swedish message. */
export const ContractBodySchema = Type.Object(
  { terms: Type.Record(Type.String(), Type.Unknown()) },
  {
    description:
      `terms: price (${CONTRACT_LIMITS.priceMin}–${CONTRACT_LIMITS.priceMax} kr), milage, handoverDate ` +
      "('ÅÅÅÅ-MM-DD', today or later), handoverPlace, payment ('swish', 'bank', 'cash'), knownDefects (required " +
      'unless noKnownDefects), serviceHistory, keys. Refused input stores nothing (400 with the field).',
  },
);

export const ContractCarSchema = Type.Object({
  registrationNumber: nullable(Type.String({ description: "Stored form, 'ABC123'" })),
  make: Type.String(),
  model: Type.String(),
  year: Type.Integer({ description: 'Årsmodell' }),
});

export const ContractPartySchema = Type.Object({
  username: Type.String(),
  name: Type.String({ description: "The account's name; the username when it is not known" }),
});

export const ChecklistItemSchema = Type.Object({
  key: Type.String(),
  label: Type.String(),
  /** The party who ticks it: the seller's items and the buyer's. */
  party: Type.Union([Type.Literal('seller'), Type.Literal('buyer')]),
  done: Type.Boolean(),
});

export const ContractSchema = Type.Object({
  id: Type.Integer(),
  conversationId: Type.Integer(),
  carId: Type.Integer(),
  /** Grows with every change; a signature names the version it signs. */
  version: Type.Integer(),
  car: ContractCarSchema,
  seller: ContractPartySchema,
  buyer: ContractPartySchema,
  terms: ContractTermsSchema,
  iAmSeller: Type.Boolean(),
  signatures: Type.Object({
    seller: time('When the seller signed this version'),
    buyer: time('When the buyer signed this version'),
  }),
  /** Both signed: the contract can no longer change. */
  signed: Type.Boolean(),
  signedAt: time('When the second signature froze it'),
  /** The text both signed (after signing, the stored text) and its SHA-256 in hex once signed. */
  text: Type.String(),
  sha256: nullable(Type.String()),
  /** A notice for the caller ('Kontraktet har ändrats …'); null when there is none. */
  notice: nullable(Type.String()),
  /** After signing: the 'Ägarbyte' checklist, the deadline to report to Transportstyrelsen and whether it is near. */
  checklist: nullable(
    Type.Object({
      items: Type.Array(ChecklistItemSchema),
      deadline: day('The last day to report the change of owner'),
      reminder: nullable(Type.String({ description: "The seller's reminder while unreported near the deadline" })),
    }),
  ),
});

/** The seller's form before any contract: prefilled from the ad, the register and the accounts. */
export const ContractDraftSchema = Type.Object({
  car: ContractCarSchema,
  seller: ContractPartySchema,
  buyer: ContractPartySchema,
  terms: Type.Object({ price: Type.Integer(), milage: Type.Integer() }),
});

export const ContractAnswerSchema = Type.Object({
  contract: nullable(ContractSchema),
  /** The seller's prefilled draft while there is no contract; null otherwise (and for the buyer). */
  draft: nullable(ContractDraftSchema),
});

export const SignBodySchema = Type.Object({
  version: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version the caller read and signs' }),
});

export const CHECKLIST_KEYS = ['reported', 'keysHanded', 'insured', 'keysReceived'] as const;
export type ChecklistKey = (typeof CHECKLIST_KEYS)[number];

export const ChecklistBodySchema = Type.Object({
  item: Type.Union(
    CHECKLIST_KEYS.map((k) => Type.Literal(k)),
    { description: "Seller: 'reported', 'keysHanded'; buyer: 'insured', 'keysReceived'" },
  ),
  done: Type.Boolean(),
});

export type ContractView = Static<typeof ContractSchema>;
export type ContractDraft = Static<typeof ContractDraftSchema>;
export type ContractAnswer = Static<typeof ContractAnswerSchema>;
