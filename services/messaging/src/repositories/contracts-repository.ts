import type { Queryable } from '@bilmarknaden/db/database';
import type { ContractCar, ContractParty } from '@bilmarknaden/shared/contract-text';
import type { ContractTerms } from '@bilmarknaden/shared/validation/contract';
import { toDateOrNull } from '@bilmarknaden/db/timestamps';

/** A row of `messaging.contracts` as the service reads it. */
export interface ContractRow {
  id: number;
  conversationId: number;
  carId: number;
  seller: string;
  buyer: string;
  car: ContractCar;
  parties: { seller: ContractParty; buyer: ContractParty };
  terms: ContractTerms;
  version: number;
  sellerSignedAt: Date | null;
  buyerSignedAt: Date | null;
  signedAt: Date | null;
  signedText: string | null;
  signedSha256: string | null;
  checklist: Record<string, string>;
  reminderDueAt: Date | null;
}

/** What a change writes: the terms and what they were prefilled from. */
export interface ContractContent {
  car: ContractCar;
  parties: { seller: ContractParty; buyer: ContractParty };
  terms: ContractTerms;
}

const COLUMNS = `id, conversation_id, car_id, seller, buyer, car, parties, terms, version, seller_signed_at,
  buyer_signed_at, signed_at, signed_text, signed_sha256, checklist, reminder_due_at`;

interface Row {
  id: number;
  conversation_id: number;
  car_id: number;
  seller: string;
  buyer: string;
  car: ContractCar | string;
  parties: ContractContent['parties'] | string;
  terms: ContractTerms | string;
  version: number;
  seller_signed_at: Date | string | null;
  buyer_signed_at: Date | string | null;
  signed_at: Date | string | null;
  signed_text: string | null;
  signed_sha256: string | null;
  checklist: Record<string, string> | string;
  reminder_due_at: Date | string | null;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function toContract(row: Row): ContractRow {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    carId: row.car_id,
    seller: row.seller,
    buyer: row.buyer,
    car: json(row.car),
    parties: json(row.parties),
    terms: json(row.terms),
    version: row.version,
    sellerSignedAt: toDateOrNull(row.seller_signed_at),
    buyerSignedAt: toDateOrNull(row.buyer_signed_at),
    signedAt: toDateOrNull(row.signed_at),
    signedText: row.signed_text,
    signedSha256: row.signed_sha256,
    checklist: json(row.checklist),
    reminderDueAt: toDateOrNull(row.reminder_due_at),
  };
}

/** `messaging.contracts` and its notices (decision 055). Writes that must not interleave lock the row first. */
export function contractsRepository(db: Queryable) {
  return {
    /** The conversation's contract, or null; `lock` takes the row for the rest of the transaction. */
    async find(conversationId: number, lock = false): Promise<ContractRow | null> {
      const r = await db.query<Row>(
        `SELECT ${COLUMNS} FROM messaging.contracts WHERE conversation_id = $1${lock ? ' FOR UPDATE' : ''}`,
        [conversationId],
      );
      return r.rows[0] ? toContract(r.rows[0]) : null;
    },

    /** A new contract, version 1; null when the conversation got one meanwhile (the caller reads it again). */
    async insert(
      conversationId: number,
      who: { carId: number; seller: string; buyer: string },
      content: ContractContent,
    ): Promise<boolean> {
      const r = await db.query(
        `INSERT INTO messaging.contracts (conversation_id, car_id, seller, buyer, car, parties, terms)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb)
         ON CONFLICT (conversation_id) DO NOTHING RETURNING id`,
        [
          conversationId,
          who.carId,
          who.seller,
          who.buyer,
          JSON.stringify(content.car),
          JSON.stringify(content.parties),
          JSON.stringify(content.terms),
        ],
      );
      return r.rows.length === 1;
    },

    /** A change of an unsigned contract: the next version, with both signatures cleared. */
    async change(id: number, content: ContractContent): Promise<void> {
      await db.query(
        `UPDATE messaging.contracts
            SET car = $2::jsonb, parties = $3::jsonb, terms = $4::jsonb, version = version + 1,
                seller_signed_at = NULL, buyer_signed_at = NULL, updated_at = now()
          WHERE id = $1 AND signed_at IS NULL`,
        [id, JSON.stringify(content.car), JSON.stringify(content.parties), JSON.stringify(content.terms)],
      );
    },

    /** One party's signature of the current version. */
    async sign(id: number, party: 'seller' | 'buyer', at: Date): Promise<void> {
      const column = party === 'seller' ? 'seller_signed_at' : 'buyer_signed_at';
      await db.query(`UPDATE messaging.contracts SET ${column} = $2, updated_at = $2 WHERE id = $1`, [id, at]);
    },

    /** Both signed: keeps the text and its hash for good, and when the seller's reminder is due. */
    async freeze(id: number, at: Date, text: string, sha256: string, reminderDueAt: Date): Promise<void> {
      await db.query(
        `UPDATE messaging.contracts
            SET signed_at = $2, signed_text = $3, signed_sha256 = $4, reminder_due_at = $5, updated_at = $2
          WHERE id = $1 AND signed_at IS NULL`,
        [id, at, text, sha256, reminderDueAt],
      );
    },

    /** Ticks or unticks an item of the checklist of a signed contract. */
    async tick(id: number, item: string, done: boolean, at: Date): Promise<void> {
      await db.query(
        done
          ? `UPDATE messaging.contracts SET checklist = checklist || jsonb_build_object($2::text, $3::text)
              WHERE id = $1 AND signed_at IS NOT NULL AND NOT (checklist ? $2::text)`
          : `UPDATE messaging.contracts SET checklist = checklist - $2::text WHERE id = $1 AND signed_at IS NOT NULL`,
        done ? [id, item, at.toISOString()] : [id, item],
      );
    },

    /** A notice for a party: shown on the contract until seen, and mailed once by the sweep. */
    async notify(contractId: number, username: string, kind: 'changed' | 'signed' | 'reminder'): Promise<void> {
      await db.query(`INSERT INTO messaging.contract_notices (contract_id, username, kind) VALUES ($1, $2, $3)`, [
        contractId,
        username,
        kind,
      ]);
    },

    /** The newest notice the user has not seen of a kind, or null. */
    async unseenNotice(contractId: number, username: string): Promise<'changed' | 'signed' | 'reminder' | null> {
      const r = await db.query<{ kind: 'changed' | 'signed' | 'reminder' }>(
        `SELECT kind FROM messaging.contract_notices
          WHERE contract_id = $1 AND username = $2 AND seen_at IS NULL ORDER BY id DESC LIMIT 1`,
        [contractId, username],
      );
      return r.rows[0]?.kind ?? null;
    },

    /** The user has seen their notices (they signed, or the contract was signed by both). */
    async seen(contractId: number, username: string, at: Date): Promise<void> {
      await db.query(
        `UPDATE messaging.contract_notices SET seen_at = $3
          WHERE contract_id = $1 AND username = $2 AND seen_at IS NULL AND kind = 'changed'`,
        [contractId, username, at],
      );
    },
  };
}

export type ContractsRepository = ReturnType<typeof contractsRepository>;

/** A signed contract whose sale inventory has not recorded yet: the outbox the server's relay reads (decision 055). */
export interface PendingContractSale {
  id: number;
  /** The seller: the ad's owner, whose ad is marked sold. */
  username: string;
  carId: number;
}

/** `messaging.contracts` as the sale relay's outbox, read by a process that shares the database. */
export function contractSalesOutbox(db: Queryable) {
  return {
    async pending(limit: number): Promise<PendingContractSale[]> {
      // Inventory alone may start on a database messaging has not yet migrated.
      const exists = await db.query<{ t: string | null }>(`SELECT to_regclass('messaging.contracts')::text AS t`);
      if (exists.rows[0]?.t == null) return [];
      const r = await db.query<{ id: number; seller: string; car_id: number }>(
        `SELECT id, seller, car_id FROM messaging.contracts
          WHERE signed_at IS NOT NULL AND sale_relayed_at IS NULL ORDER BY id LIMIT $1`,
        [limit],
      );
      return r.rows.map((row) => ({ id: row.id, username: row.seller, carId: row.car_id }));
    },

    async markRelayed(id: number, at: Date): Promise<void> {
      await db.query(
        'UPDATE messaging.contracts SET sale_relayed_at = $2::timestamptz WHERE id = $1 AND sale_relayed_at IS NULL',
        [id, at.toISOString()],
      );
    },
  };
}

/** A contract notice due to be mailed to one party. */
export interface DueContractNotice {
  id: number;
  username: string;
  kind: 'changed' | 'signed' | 'reminder';
  conversationId: number;
  title: string;
  terms: ContractTerms;
}

/**
 * `messaging.contract_notices` as the contract sweep's mail queue (decision 055): the seller's reminders are queued
 * when due, then every notice not yet mailed is claimed, asked for, and recorded.
 */
export function contractNoticesOutbox(db: Queryable) {
  return {
    /** Queues the seller's reminder of each signed contract whose change of owner is due and not ticked reported. */
    async queueReminders(at: Date): Promise<void> {
      await db.query(
        `WITH due AS (
           UPDATE messaging.contracts SET reminder_queued_at = $1
            WHERE reminder_queued_at IS NULL AND reminder_due_at <= $1 AND signed_at IS NOT NULL
              AND NOT (checklist ? 'reported')
           RETURNING id, seller
         )
         INSERT INTO messaging.contract_notices (contract_id, username, kind) SELECT id, seller, 'reminder' FROM due`,
        [at],
      );
    },

    async claim(at: Date, claimUntil: Date, limit: number): Promise<DueContractNotice[]> {
      const r = await db.query<{
        id: number;
        username: string;
        kind: DueContractNotice['kind'];
        conversation_id: number;
        title: string;
        terms: ContractTerms | string;
      }>(
        `WITH due AS (
           SELECT n.id FROM messaging.contract_notices n
            WHERE n.mailed_at IS NULL AND (n.mail_claimed_until IS NULL OR n.mail_claimed_until <= $1)
            ORDER BY n.id LIMIT $3
            FOR UPDATE SKIP LOCKED
         )
         UPDATE messaging.contract_notices n SET mail_claimed_until = $2
           FROM due, messaging.contracts k, messaging.conversations c
          WHERE n.id = due.id AND k.id = n.contract_id AND c.id = k.conversation_id
         RETURNING n.id, n.username, n.kind, k.conversation_id, c.car_title AS title, k.terms`,
        [at, claimUntil, limit],
      );
      return r.rows.map((row) => ({
        id: Number(row.id),
        username: row.username,
        kind: row.kind,
        conversationId: row.conversation_id,
        title: row.title,
        terms: json(row.terms),
      }));
    },

    /** A reminder ticked away in the meantime is not sent; other notices always are. */
    async stillDue(notice: DueContractNotice): Promise<boolean> {
      if (notice.kind !== 'reminder') return true;
      const r = await db.query(
        `SELECT 1 FROM messaging.contract_notices n JOIN messaging.contracts k ON k.id = n.contract_id
          WHERE n.id = $1 AND NOT (k.checklist ? 'reported')`,
        [notice.id],
      );
      return r.rows.length > 0;
    },

    async recordMailed(notice: DueContractNotice, at: Date): Promise<void> {
      await db.query('UPDATE messaging.contract_notices SET mailed_at = $2, mail_claimed_until = NULL WHERE id = $1', [
        notice.id,
        at,
      ]);
    },
  };
}
