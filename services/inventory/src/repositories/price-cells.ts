import type { Database, Queryable } from '@bilmarknaden/db/database';

// The figures of the cells of inventory.price_ranges (count, 25th and 75th percentile bin), which the ad's page judges
// its price by. A Database keeps those it has read: the detail then costs the database the ad's row alone, where a
// lookup of the cell beside it cost a tenth of the read (decision 038, third amendment). Migration 013 tells every
// change of a cell on PRICE_CELLS_CHANNEL, and each connection of the Database listens (Database.subscribe), so a
// write of this process is seen by the next read, and another process's as soon as its notification arrives.

const PRICE_CELLS_CHANNEL = 'price_cells';

/** The figures of a cell with no ad for sale. */
const NO_FIGURES = '0,0,0';

/** Cells kept per Database (about 60 bytes each); past that the longest kept is dropped. */
const KEPT_CELLS_LIMIT = 100_000;

export interface PriceCells {
  /** The cell's figures as text, `n,p25,p75` (NO_FIGURES for a cell without ads). */
  figures(cell: string): Promise<string>;
}

const readFigures = async (db: Queryable, cell: string): Promise<string> => {
  const r = await db.query<{ figures: string }>('SELECT figures FROM inventory.price_ranges WHERE cell = $1', [cell]);
  return r.rows[0]?.figures ?? NO_FIGURES;
};

const kept = new WeakMap<Database, PriceCells>();

const isDatabase = (db: Queryable): db is Database => 'subscribe' in db;

/**
 * The cells as `db` sees them: kept per Database, read each time inside a transaction (which may have changed them
 * itself).
 */
export function priceCells(db: Queryable): PriceCells {
  if (!isDatabase(db)) return { figures: (cell) => readFigures(db, cell) };
  let cells = kept.get(db);
  if (cells === undefined) kept.set(db, (cells = keptPriceCells(db)));
  return cells;
}

function keptPriceCells(db: Database): PriceCells {
  const figures = new Map<string, string>();
  // Bumped by every notification: a read that began before one does not keep what it read, which may be older.
  let generation = 0;
  // At the first read, so a Database that never shows an ad (a CLI) does not listen; false when it cannot, and every
  // read then goes to the database, as inside a transaction.
  let listening: Promise<boolean> | null = null;
  const forget = (payload: string) => {
    generation++;
    if (payload === '*') figures.clear();
    else for (const cell of payload.split('\n')) figures.delete(cell);
  };
  return {
    async figures(cell) {
      const known = figures.get(cell);
      if (known !== undefined) return known;
      listening ??= db.subscribe(PRICE_CELLS_CHANNEL, forget, { onGap: () => forget('*') }).then(
        () => true,
        () => false,
      );
      const keep = await listening;
      const seen = generation;
      const read = await readFigures(db, cell);
      if (keep && seen === generation) {
        if (figures.size >= KEPT_CELLS_LIMIT) figures.delete(figures.keys().next().value!);
        figures.set(cell, read);
      }
      return read;
    },
  };
}
