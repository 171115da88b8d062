import type { Queryable } from '@bilmarknaden/db/database';
import type { ListQuery } from '../services/search-query.ts';

/** Deep windows of the plain listing (no filter, no search, sorted by date) from this start skip whole days. */
export const DAY_COUNTED_FROM = 5000;

/**
 * The SQL of a deep window of the plain listing, newest or oldest first, that skips whole days by the counts
 * in `inventory.listing_days` (kept exact by a trigger, migration 006) and steps only over the ads of one day,
 * or null when the query is not such a listing. One statement, so the counts and the rows are read in the same
 * snapshot. The result is the same as `OFFSET start` over the listing (a test compares them window by window).
 *
 * Newest first: the ads of the snapshot's own day up to the snapshot are counted from the index (`head`);
 * the older days are summed newest first until the sum passes `start`; the window is read from that day down
 * with the remainder as offset. Oldest first: the days before the snapshot's day are summed oldest first;
 * when the window lies in the snapshot's day itself, nothing is skipped (the plain offset).
 *
 * Returns only the window's ids in order; the caller joins the list columns (as the deferred join does).
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

  const params = [q.asOf.toISOString(), q.window.start, q.window.end - q.window.start];
  // $1 the snapshot, $2 start, $3 the window's size. The snapshot's UTC day, as the trigger counts days.
  const asOfDay = `($1::timestamptz AT TIME ZONE 'UTC')::date`;
  const dayStart = (day: string) => `(${day})::timestamp AT TIME ZONE 'UTC'`;
  const visible = `c.status = 'active' AND c.created <= $1`;

  const cut =
    q.order === 'desc'
      ? `head AS (
           SELECT count(*)::int AS n FROM inventory.cars c WHERE ${visible} AND c.created >= ${dayStart(asOfDay)}
         ),
         days AS (
           SELECT d.day, d.active, sum(d.active) OVER (ORDER BY d.day DESC) AS through
           FROM inventory.listing_days d WHERE d.day < ${asOfDay}
         ),
         cut AS (
           SELECT ${dayStart('d.day + 1')} AS bound, h.n + d.through - d.active AS skipped
           FROM days d, head h WHERE h.n <= $2 AND h.n + d.through > $2
           ORDER BY d.day DESC LIMIT 1
         )`
      : `days AS (
           SELECT d.day, d.active, sum(d.active) OVER (ORDER BY d.day ASC) AS through
           FROM inventory.listing_days d WHERE d.day < ${asOfDay}
         ),
         cut AS (
           SELECT ${dayStart('d.day')} AS bound, d.through - d.active AS skipped
           FROM days d WHERE d.through > $2
           ORDER BY d.day ASC LIMIT 1
         )`;
  const bound =
    q.order === 'desc'
      ? `c.created < COALESCE((SELECT bound FROM cut), 'infinity')`
      : `c.created >= COALESCE((SELECT bound FROM cut), '-infinity')`;
  const dir = q.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy = `ORDER BY c.created ${dir}, c.id ${dir}`;
  const sql =
    `WITH ${cut}\n` +
    `SELECT ${columns} FROM inventory.cars c JOIN (` +
    `SELECT c.id FROM inventory.cars c WHERE ${visible} AND ${bound} ${orderBy} ` +
    `LIMIT $3 OFFSET $2 - COALESCE((SELECT skipped FROM cut), 0)` +
    `) w ON w.id = c.id ${orderBy}`;
  return { sql, params };
}

/**
 * For bulk loads: stops the per-row counting of `inventory.listing_days` for the rest of the transaction (a
 * row trigger per inserted ad) and returns the step that counts every day again in one pass. Both must run in
 * the same transaction as the load, so no reader ever sees counts that differ from the rows.
 */
export async function suspendDayCounting(tx: Queryable): Promise<() => Promise<void>> {
  await tx.exec('ALTER TABLE inventory.cars DISABLE TRIGGER cars_listing_days');
  return async () => {
    await tx.exec(`DELETE FROM inventory.listing_days`);
    await tx.exec(
      `INSERT INTO inventory.listing_days (day, active)
       SELECT (created AT TIME ZONE 'UTC')::date, count(*) FROM inventory.cars WHERE status = 'active' GROUP BY 1`,
    );
    await tx.exec('ALTER TABLE inventory.cars ENABLE TRIGGER cars_listing_days');
  };
}
