import type { Queryable } from '@bilmarknaden/db/database';
import type { AdVehicleFacts } from '@bilmarknaden/shared/api-types';
import { AD_LIFETIME_DAYS } from '@bilmarknaden/shared/ad-lifecycle';
import type { ValidAd } from '@bilmarknaden/shared/validation/new-ad';
import type { DealerRef } from '@bilmarknaden/service-kit/dealer-directory';
import { closedSellerSql } from './closed-sellers-repository.ts';
import type { PhotoVersion } from './file-removals-repository.ts';

/** What owner actions need to know about an ad. */
export interface CarOwnership {
  id: number;
  username: string;
  status: 'pending' | 'active' | 'sold' | 'hidden' | 'expired';
  imageCount: number;
  imageVersion: number;
  /** Null for an ad published before numbers were asked for. */
  registrationNumber: string | null;
}

/** A new ad's car: its number (normalized) and the register's facts, when it knew the car. */
export interface AdVehicle {
  registrationNumber: string;
  facts: AdVehicleFacts | null;
}

/** The unique index that keeps one ad per car at a time (inventory's 001-schema.sql). */
const REGISTRATION_NUMBER_KEY = 'cars_registration_number_key';

/** True for the unique violation of that index: another ad of the number is pending, for sale or hidden. */
export function registrationNumberTaken(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || (err as { code?: unknown }).code !== '23505') return false;
  const detail = `${(err as { constraint?: unknown }).constraint ?? ''} ${(err as { message?: unknown }).message ?? ''}`;
  return detail.includes(REGISTRATION_NUMBER_KEY);
}

/** An edit's fields: `equipment` null keeps the ad's (an edit that sent none). */
export type AdUpdate = Omit<ValidAd, 'equipment'> & { equipment: readonly string[] | null };

/**
 * An ad's 15 fields in the order of the column lists of `insertPending` (from $1) and `update` (from $3):
 * title, description, price, make, model, year, milage, hp, color, type, transmission, drivetrain, fuel, kommun,
 * equipment.
 */
export const adValues = (ad: AdUpdate): unknown[] => [
  ad.title,
  ad.description,
  ad.price,
  ad.make,
  ad.model,
  ad.year,
  ad.milage,
  ad.hp,
  ad.color,
  ad.type,
  ad.transmission,
  ad.drivetrain,
  ad.fuel,
  ad.kommun,
  ad.equipment === null ? null : [...ad.equipment],
];

/** An ad's row as its seller writes it: created pending, published, edited, removed, and erased with the account. */
export function carsRepository(db: Queryable) {
  return {
    /**
     * The seller of that name as inventory knows them (an ad shown or hidden, the account not closed), spelled as
     * their ads are, or null.
     */
    async findSeller(username: string): Promise<string | null> {
      const r = await db.query<{ username: string }>(
        `SELECT c.username FROM inventory.cars c
        WHERE lower(c.username) = lower($1) AND c.status IN ('active', 'sold', 'hidden')
          AND NOT EXISTS (SELECT 1 FROM inventory.closed_sellers cs WHERE cs.username_lower = lower($1))
        LIMIT 1`,
        [username],
      );
      return r.rows[0]?.username ?? null;
    },

    /** `forUpdate`: locks the row until the transaction ends (a photo switch, decision 028). */
    async findOwnership(id: number, forUpdate = false): Promise<CarOwnership | null> {
      const r = await db.query<{
        id: number;
        username: string;
        status: 'pending' | 'active' | 'sold' | 'hidden' | 'expired';
        image_count: number;
        image_version: number;
        registration_number: string | null;
      }>(
        `SELECT id, username, status, image_count, image_version, registration_number FROM inventory.cars WHERE id = $1${
          forUpdate ? ' FOR UPDATE' : ''
        }`,
        [id],
      );
      const row = r.rows[0];
      return row
        ? {
            id: row.id,
            username: row.username,
            status: row.status,
            imageCount: row.image_count,
            imageVersion: row.image_version,
            registrationNumber: row.registration_number,
          }
        : null;
    },

    /**
     * Stores a new ad as 'pending': invisible until its photos are stored. A number another ad holds fails with the
     * unique violation `registrationNumberTaken` recognizes, and nothing is stored.
     */
    async insertPending(
      ad: ValidAd,
      username: string,
      vehicle: AdVehicle,
      dealer: Pick<DealerRef, 'slug' | 'name'> | null = null,
    ): Promise<number> {
      const r = await db.query<{ id: number }>(
        `INSERT INTO inventory.cars
           (title, description, price, make, model, year, milage, hp, color, type, transmission, drivetrain, fuel, kommun,
            equipment, username, registration_number, vehicle_facts, dealer_slug, dealer_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::text[], $16, $17, $18::jsonb, $19, $20)
         RETURNING id`,
        [
          ...adValues(ad),
          username,
          vehicle.registrationNumber,
          vehicle.facts === null ? null : JSON.stringify(vehicle.facts),
          dealer?.slug ?? null,
          dealer?.name ?? null,
        ],
        { genericPlan: true },
      );
      return r.rows[0]!.id;
    },

    /**
     * Makes a pending ad visible with its photo count; `created` is the moment it became visible, and it runs
     * AD_LIFETIME_DAYS from then (issue 43). False when the
     * row is gone or its seller's account is closed: checked in this statement, so an upload that began before
     * the closure cannot publish after it (see `adService.create`).
     */
    async activate(id: number, imageCount: number): Promise<boolean> {
      const r = await db.query(
        // A seller blocked while the photos were stored publishes hidden (decision 041).
        `UPDATE inventory.cars c SET image_count = $2, created = now(), updated = now(),
           expires_at = now() + interval '${AD_LIFETIME_DAYS * 24} hours',
           status = CASE WHEN EXISTS (SELECT 1 FROM inventory.blocked_sellers b
                                       WHERE b.username_lower = lower(c.username)) THEN 'hidden' ELSE 'active' END
         WHERE c.id = $1 AND c.status = 'pending' AND NOT ${closedSellerSql('c.username')}`,
        [id, imageCount],
      );
      return r.rowCount === 1;
    },

    /** Replaces the fields of the owner's ad; with `photos`, the row points at that stored photo version. */
    async update(
      id: number,
      username: string,
      ad: AdUpdate,
      photos?: { count: number; version: number },
    ): Promise<boolean> {
      const params: unknown[] = [id, username, ...adValues(ad)];
      if (photos) params.push(photos.count, photos.version);
      const r = await db.query(
        `UPDATE inventory.cars SET title = $3, description = $4, price = $5, make = $6, model = $7, year = $8,
           milage = $9, hp = $10, color = $11, type = $12, transmission = $13, drivetrain = $14, fuel = $15,
           kommun = $16, equipment = coalesce($17::text[], equipment),
           updated = now()${photos ? ', image_count = $18, image_version = $19' : ''}
         WHERE id = $1 AND username = $2 AND status = 'active'`,
        params,
      );
      return r.rowCount === 1;
    },

    /**
     * Removes an ad; its saved entries go with it (foreign key ON DELETE CASCADE). Answers its photo version,
     * null when there was no such ad.
     */
    async delete(id: number, username?: string): Promise<number | null> {
      const r =
        username === undefined
          ? await db.query<VersionRow>('DELETE FROM inventory.cars WHERE id = $1 RETURNING id, image_version', [id])
          : await db.query<VersionRow>(
              'DELETE FROM inventory.cars WHERE id = $1 AND username = $2 RETURNING id, image_version',
              [id, username],
            );
      return r.rows[0]?.image_version ?? null;
    },

    /**
     * Ids of a seller's ads in every state, in id order after `afterId`: matched by lower(username) as the seller's
     * list matches them (cars_username_idx), for the erasure of a closed account.
     */
    async sellerAdIds(username: string, afterId: number, limit: number): Promise<number[]> {
      const r = await db.query<{ id: number }>(
        `SELECT id FROM inventory.cars WHERE lower(username) = lower($1) AND id > $2 ORDER BY id LIMIT $3`,
        [username, afterId, limit],
      );
      return r.rows.map((x) => x.id);
    },

    /** Removes those of these ads that are the seller's (lower(username)); answers their photo versions. */
    async deleteOfSeller(ids: readonly number[], username: string): Promise<PhotoVersion[]> {
      if (ids.length === 0) return [];
      const r = await db.query<VersionRow>(
        `DELETE FROM inventory.cars WHERE id = ANY($1::int[]) AND lower(username) = lower($2)
         RETURNING id, image_version`,
        [ids, username],
      );
      return r.rows.map(toPhotoVersion);
    },

    /** Pending ads created before `before` (all when absent): removed, their photo versions answered. */
    async deletePending(before?: Date): Promise<PhotoVersion[]> {
      const r =
        before === undefined
          ? await db.query<VersionRow>(
              `DELETE FROM inventory.cars WHERE status = 'pending' RETURNING id, image_version`,
            )
          : await db.query<VersionRow>(
              `DELETE FROM inventory.cars WHERE status = 'pending' AND created < $1 RETURNING id, image_version`,
              [before],
            );
      return r.rows.map(toPhotoVersion);
    },
  };
}

interface VersionRow {
  id: number;
  image_version: number;
}
const toPhotoVersion = (r: VersionRow): PhotoVersion => ({ carId: r.id, version: r.image_version });

export type CarsRepository = ReturnType<typeof carsRepository>;
