import type { Queryable } from '@bilmarknaden/db/database';
import type { PriceRange, SoldCarListItem } from '@bilmarknaden/shared/api-types';
import { LIST_COLUMNS, toListItem, type ListRow } from './car-list-sql.ts';
import { iso } from './json-sql.ts';
import { PRICE_RANGE_SQL } from './price-sql.ts';

export function priceRepository(db: Queryable) {
  return {
    /** The seller's sold ads, newest sale first (at most 100), in list shape with the sold time. */
    async soldBy(username: string): Promise<SoldCarListItem[]> {
      const r = await db.query<ListRow & { sold_at: Date | string }>(
        `SELECT ${LIST_COLUMNS}, c.sold_at FROM inventory.cars c
         WHERE lower(c.username) = lower($1) AND c.status = 'sold' ORDER BY c.sold_at DESC, c.id DESC LIMIT 100`,
        [username],
      );
      return r.rows.map((row) => ({ ...toListItem(row), soldAt: iso(row.sold_at) }));
    },

    /** Writes the price labels of the ads `ids` from their cells' ranges as they stand (inventory's 001-schema.sql). */
    async refreshLabels(ids: number[]): Promise<void> {
      await db.query('SELECT inventory.refresh_price_labels($1::integer[], NULL)', [ids]);
    },

    /** The range a seller sees for an ad not yet counted: its cell's comparables as they stand. */
    async range(make: string, model: string, year: number, milage: number): Promise<PriceRange> {
      const r = await db.query<PriceRange>(PRICE_RANGE_SQL, [make, model, year, milage], { genericPlan: true });
      return r.rows[0]!;
    },

    /**
     * Marks the owner's ad for sale as sold and records how long it was for sale; the sold time, or null when
     * no such ad of the user's is for sale.
     */
    async markSold(id: number, username: string): Promise<string | null> {
      const r = await db.query<{ sold_at: Date | string }>(
        `WITH sold AS (
           UPDATE inventory.cars SET status = 'sold', sold_at = now(), updated = now()
           WHERE id = $1 AND username = $2 AND status = 'active'
           RETURNING id, make, model, year, milage, price, created, sold_at
         ), recorded AS (
           INSERT INTO inventory.sales (car_id, make, model, year, milage, price, listed_at, sold_at)
           SELECT id, make, model, year, milage, price, created, sold_at FROM sold
           ON CONFLICT (car_id) DO UPDATE SET sold_at = excluded.sold_at, price = excluded.price
         )
         SELECT sold_at FROM sold`,
        [id, username],
      );
      return r.rows[0] ? iso(r.rows[0].sold_at) : null;
    },

    /** Puts the owner's sold ad back for sale and forgets the sale; false when no such sold ad is the user's. */
    async undoSold(id: number, username: string): Promise<boolean> {
      const r = await db.query<{ id: number }>(
        `WITH back AS (
           UPDATE inventory.cars SET status = 'active', sold_at = NULL, updated = now()
           WHERE id = $1 AND username = $2 AND status = 'sold'
           RETURNING id
         ), forgotten AS (
           DELETE FROM inventory.sales WHERE car_id IN (SELECT id FROM back)
         )
         SELECT id FROM back`,
        [id, username],
      );
      return r.rows.length === 1;
    },
  };
}

export type PriceRepository = ReturnType<typeof priceRepository>;
