import type { Queryable } from '@bilmarknaden/db/database';
import type { ListQuery } from '../services/search-query.ts';

/** Deep windows of the plain listing (no filter, no search, sorted by date) from this start skip whole days. */
export const DAY_COUNTED_FROM = 5000;

/**
 * The SQL of a deep window of the plain listing (no filter, no search, sorted by date), newest or oldest first,
 * or null when the query is not such a listing. It skips whole days by the counts in `inventory.listing_days`,
 * then, when the window starts more than 250 ads into a day, that day's whole hours by the counts in
 * `inventory.listing_hours` (both kept exact by a trigger, migrations 006 and 011), and steps over the rest: at
 * most 250 ads or one hour's. The result is the same as `OFFSET start` over the listing (a test compares them
 * window by window).
 *
 * The window's rows come from `inventory.listing_window` (migration 008), which finds their ids with
 * `inventory.listing_window_ids` (migrations 007 and 011). The statements in both keep generic plans, where this
 * statement as one query was planned again on every request (decision 012); what is left to plan here is a
 * function scan and a sort of the window's rows. The functions are STABLE, so they read in this statement's
 * snapshot.
 */
export function dayCountedWindowSql(
  q: ListQuery,
  columns: string,
  minStart = DAY_COUNTED_FROM,
): { sql: string; params: unknown[] } | null {
  const plain =
    q.orderBy === 'created' &&
    q.words.length === 0 &&
    Object.values(q.filters).every((v) => v === undefined) &&
    Object.values(q.ranges).every((v) => v === undefined);
  if (!plain || q.window.start < minStart) return null;

  const dir = q.order === 'desc' ? 'DESC' : 'ASC';
  const sql = `SELECT ${columns} FROM inventory.listing_window($1, $2, $3, $4) c ORDER BY c.created ${dir}, c.id ${dir}`;
  const params = [q.asOf.toISOString(), q.window.start, q.window.end - q.window.start, q.order === 'desc'];
  return { sql, params };
}

/**
 * For bulk loads: stops the per-row counting of `inventory.listing_days` and `listing_hours` for the rest of the
 * transaction (a row trigger per inserted ad) and returns the step that counts every hour and day again in one
 * pass. Both must run in the same transaction as the load, so no reader ever sees counts that differ from the rows.
 */
export async function suspendDayCounting(tx: Queryable): Promise<() => Promise<void>> {
  await tx.exec('ALTER TABLE inventory.cars DISABLE TRIGGER cars_listing_days');
  return async () => {
    await tx.exec(`DELETE FROM inventory.listing_days`);
    await tx.exec(`DELETE FROM inventory.listing_hours`);
    await tx.exec(
      `INSERT INTO inventory.listing_hours (hour, active)
       SELECT date_trunc('hour', created AT TIME ZONE 'UTC'), count(*) FROM inventory.cars WHERE status = 'active'
       GROUP BY 1`,
    );
    await tx.exec(
      `INSERT INTO inventory.listing_days (day, active)
       SELECT hour::date, sum(active) FROM inventory.listing_hours GROUP BY 1`,
    );
    await tx.exec('ALTER TABLE inventory.cars ENABLE TRIGGER cars_listing_days');
  };
}
