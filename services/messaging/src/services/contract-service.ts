import { createHash } from 'node:crypto';
import type { Database } from '@bilmarknaden/db/database';
import {
  CHECKLIST_ITEMS,
  contractText,
  OWNER_CHANGE_REMINDER_DAYS_BEFORE,
  ownerChangeDeadline,
  ownerChangeReminder,
  addDays,
  type ContractParty,
} from '@bilmarknaden/shared/contract-text';
import type { ChecklistKey, ContractAnswer, ContractView } from '@bilmarknaden/shared/schemas/contract-schemas';
import {
  contractRules,
  contractTerms,
  normalizeContractTerms,
  swedishDay,
} from '@bilmarknaden/shared/validation/contract';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { DomainError, refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import type { AdLookup, AdSnapshot } from '../ad-lookup.ts';
import { MESSAGES } from '../errors.ts';
import { conversationsRepository } from '../repositories/conversations-repository.ts';
import { contractsRepository, type ContractContent, type ContractRow } from '../repositories/contracts-repository.ts';
import { contractPdf } from '../contract-pdf.ts';

/** The names on the accounts ('Förnamn Efternamn') by username; a name missing from the map is shown as its username. */
export type UserNames = (usernames: readonly string[]) => Promise<Map<string, string>>;

export interface ContractServiceDeps {
  db: Database;
  adLookup: AdLookup;
  userNames?: UserNames;
  /** Runs after a contract got its second signature: the default process wakes the sale relay at once. */
  onSigned?: () => void;
  now?: () => Date;
}

export const CONTRACT_MESSAGES = {
  none: 'Det finns inget köpekontrakt i den här konversationen',
  sellerOnly: 'Bara säljaren kan skapa och ändra köpekontraktet',
  otherClosed: 'Den andra parten har raderat sitt konto',
  adRemoved: 'Annonsen är borttagen. Ett köpekontrakt kan bara skrivas för en annons som finns.',
  adSold: 'Bilen är redan såld',
  signed: 'Kontraktet är signerat av båda och kan inte ändras',
  signedTwice: 'Du har redan signerat kontraktet',
  changedSince: 'Kontraktet har ändrats sedan du läste det. Läs igenom det igen och signera sedan.',
  notSigned: 'Kontraktet är inte signerat av båda ännu',
  otherPartysItem: 'Den punkten är den andra partens',
  changedNotice:
    'Säljaren har ändrat kontraktet efter en signatur. Signaturerna är borttagna: läs igenom det och signera igen.',
} as const;

/** JSON with keys in order: jsonb keeps its own key order, so a stored value is compared by this. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** When the seller is reminded: a few days before the deadline to report the change of owner, 08:00 Swedish winter time. */
export function reminderDue(handoverDate: string): Date {
  return new Date(`${addDays(ownerChangeDeadline(handoverDate), -OWNER_CHANGE_REMINDER_DAYS_BEFORE)}T07:00:00Z`);
}

/** The time as the contract shows it: ISO 8601. */
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The köpekontrakt of a conversation (issue 41, decision 055). Only the two participants see it (anyone else: 404);
 * only the seller makes and changes it; a change clears both signatures; the second signature freezes its text.
 */
export function contractService({
  db,
  adLookup,
  userNames = async () => new Map(),
  onSigned,
  now = () => new Date(),
}: ContractServiceDeps) {
  const conversations = conversationsRepository(db);
  const contracts = contractsRepository(db);

  async function member(username: string, id: number | null) {
    const me = id === null ? null : await conversations.participant(username, id);
    if (!me) throw new DomainError('not-found', MESSAGES.conversationNotFound);
    return me;
  }

  /** The ad now, for a contract: gone is 400, sold is 409. */
  async function adForSale(carId: number): Promise<AdSnapshot> {
    const ad = await adLookup(carId);
    if (!ad) throw new DomainError('invalid', CONTRACT_MESSAGES.adRemoved);
    if (ad.state === 'sold') throw new DomainError('conflict', CONTRACT_MESSAGES.adSold);
    return ad;
  }

  async function parties(seller: string, buyer: string): Promise<{ seller: ContractParty; buyer: ContractParty }> {
    const names = await userNames([seller, buyer]).catch(() => new Map<string, string>());
    return {
      seller: { username: seller, name: names.get(seller) ?? seller },
      buyer: { username: buyer, name: names.get(buyer) ?? buyer },
    };
  }

  function carOf(ad: AdSnapshot) {
    const sale = ad.sale;
    return {
      registrationNumber: sale?.registrationNumber ?? null,
      make: sale?.make ?? ad.title,
      model: sale?.model ?? '',
      year: sale?.year ?? 0,
    };
  }

  async function view(row: ContractRow, username: string, at: Date): Promise<ContractView> {
    const iAmSeller = row.seller === username;
    const notice = await contracts.unseenNotice(row.id, username);
    let checklist: ContractView['checklist'] = null;
    if (row.signedAt) {
      const deadline = ownerChangeDeadline(row.terms.handoverDate);
      const reported = 'reported' in row.checklist;
      checklist = {
        items: (Object.keys(CHECKLIST_ITEMS) as ChecklistKey[]).map((key) => ({
          key,
          label: CHECKLIST_ITEMS[key].label,
          party: CHECKLIST_ITEMS[key].party,
          done: key in row.checklist,
        })),
        deadline,
        reminder:
          iAmSeller && !reported && row.reminderDueAt && at >= row.reminderDueAt ? ownerChangeReminder(deadline) : null,
      };
    }
    return {
      id: row.id,
      conversationId: row.conversationId,
      carId: row.carId,
      version: row.version,
      car: row.car,
      seller: row.parties.seller,
      buyer: row.parties.buyer,
      terms: row.terms,
      iAmSeller,
      signatures: { seller: iso(row.sellerSignedAt), buyer: iso(row.buyerSignedAt) },
      signed: row.signedAt !== null,
      signedAt: iso(row.signedAt),
      text: row.signedText ?? contractText({ ...row.parties, car: row.car, terms: row.terms }),
      sha256: row.signedSha256,
      notice: notice === 'changed' && !row.signedAt ? CONTRACT_MESSAGES.changedNotice : null,
      checklist,
    };
  }

  async function current(conversationId: number): Promise<ContractRow> {
    const row = await contracts.find(conversationId);
    if (!row) throw new DomainError('not-found', CONTRACT_MESSAGES.none);
    return row;
  }

  return {
    /** The contract, or (for the seller, while there is none) the form prefilled from the ad and the accounts. */
    async get(username: string, id: number | null): Promise<ContractAnswer> {
      const me = await member(username, id);
      const row = await contracts.find(me.conversationId);
      if (row) return { contract: await view(row, username, now()), draft: null };
      if (!me.iAmSeller || me.otherUsername === null) return { contract: null, draft: null };
      const ad = await adLookup(me.car.carId).catch(() => null);
      if (!ad || ad.state !== 'active') return { contract: null, draft: null };
      return {
        contract: null,
        draft: {
          car: carOf(ad),
          ...(await parties(username, me.otherUsername)),
          terms: { price: ad.sale?.price ?? 0, milage: ad.sale?.milage ?? 0 },
        },
      };
    },

    /** Creates or changes the contract (the seller); a change after a signature clears both and tells the buyer. */
    async save(username: string, id: number | null, body: Record<string, unknown>): Promise<ContractView> {
      const me = await member(username, id);
      if (!me.iAmSeller) throw new DomainError('forbidden', CONTRACT_MESSAGES.sellerOnly);
      const buyer = me.otherUsername;
      if (buyer === null) throw new DomainError('conflict', CONTRACT_MESSAGES.otherClosed);
      const at = now();
      const input = normalizeContractTerms(
        typeof body.terms === 'object' && body.terms !== null ? (body.terms as Record<string, unknown>) : {},
      );
      refuseFailure(lastFailure(contractRules, { ...input, today: swedishDay(at) }));
      const existing = await contracts.find(me.conversationId);
      if (existing?.signedAt) throw new DomainError('conflict', CONTRACT_MESSAGES.signed);
      const ad = await adForSale(me.car.carId);
      const content: ContractContent = {
        car: carOf(ad),
        parties: await parties(username, buyer),
        terms: contractTerms(input),
      };
      await db.transaction(async (tx) => {
        const txContracts = contractsRepository(tx);
        const row = await txContracts.find(me.conversationId, true);
        if (!row) {
          const who = { carId: me.car.carId, seller: username, buyer };
          if (await txContracts.insert(me.conversationId, who, content)) return;
          // Made meanwhile by another request of the seller: this one is a change of it.
        }
        const locked = row ?? (await txContracts.find(me.conversationId, true))!;
        if (locked.signedAt) throw new DomainError('conflict', CONTRACT_MESSAGES.signed);
        const same = canonical({ car: locked.car, parties: locked.parties, terms: locked.terms });
        // Sent again unchanged (a second click): no new version, and the signatures stay.
        if (same === canonical(content)) return;
        await txContracts.change(locked.id, content);
        if (locked.sellerSignedAt || locked.buyerSignedAt) await txContracts.notify(locked.id, locked.buyer, 'changed');
      });
      return view(await current(me.conversationId), username, at);
    },

    /** 'Signera': the caller signs the version they read; the second signature freezes the contract. */
    async sign(username: string, id: number | null, version: number): Promise<ContractView> {
      const me = await member(username, id);
      const row = await current(me.conversationId);
      if (row.signedAt) throw new DomainError('conflict', CONTRACT_MESSAGES.signed);
      // Nobody signs for a car that is gone or already sold meanwhile.
      await adForSale(row.carId);
      const at = now();
      const party = me.iAmSeller ? 'seller' : 'buyer';
      const signed = await db.transaction(async (tx) => {
        const txContracts = contractsRepository(tx);
        const locked = (await txContracts.find(me.conversationId, true))!;
        if (locked.signedAt) throw new DomainError('conflict', CONTRACT_MESSAGES.signed);
        if ((party === 'seller' ? locked.sellerSignedAt : locked.buyerSignedAt) !== null) {
          throw new DomainError('conflict', CONTRACT_MESSAGES.signedTwice);
        }
        if (locked.version !== version) throw new DomainError('conflict', CONTRACT_MESSAGES.changedSince);
        await txContracts.sign(locked.id, party, at);
        await txContracts.seen(locked.id, username, at);
        const other = party === 'seller' ? locked.buyerSignedAt : locked.sellerSignedAt;
        if (other === null) return false;
        const text = contractText({ ...locked.parties, car: locked.car, terms: locked.terms });
        await txContracts.freeze(locked.id, at, text, sha256(text), reminderDue(locked.terms.handoverDate));
        // The party who signed first learns that the contract is signed.
        await txContracts.notify(locked.id, party === 'seller' ? locked.buyer : locked.seller, 'signed');
        return true;
      });
      if (signed) onSigned?.();
      return view(await current(me.conversationId), username, now());
    },

    /** Ticks or unticks one of the caller's own items of the 'Ägarbyte' checklist. */
    async tick(username: string, id: number | null, item: ChecklistKey, done: boolean): Promise<ContractView> {
      const me = await member(username, id);
      const row = await current(me.conversationId);
      if (!row.signedAt) throw new DomainError('conflict', CONTRACT_MESSAGES.notSigned);
      if (CHECKLIST_ITEMS[item].party !== (me.iAmSeller ? 'seller' : 'buyer')) {
        throw new DomainError('forbidden', CONTRACT_MESSAGES.otherPartysItem, { field: 'item' });
      }
      const at = now();
      await contracts.tick(row.id, item, done, at);
      return view(await current(me.conversationId), username, at);
    },

    /** The signed contract as a PDF, with the name of its file. */
    async pdf(username: string, id: number | null): Promise<{ bytes: Uint8Array; filename: string }> {
      const me = await member(username, id);
      const row = await current(me.conversationId);
      if (!row.signedAt || !row.signedText || !row.signedSha256) {
        throw new DomainError('conflict', CONTRACT_MESSAGES.notSigned);
      }
      const bytes = await contractPdf({
        text: row.signedText,
        sha256: row.signedSha256,
        signatures: { seller: row.sellerSignedAt!.toISOString(), buyer: row.buyerSignedAt!.toISOString() },
        title: `Köpekontrakt ${row.car.registrationNumber ?? row.carId}`,
      });
      return { bytes, filename: `kopekontrakt-${row.car.registrationNumber ?? row.carId}.pdf` };
    },
  };
}

export type ContractService = ReturnType<typeof contractService>;
