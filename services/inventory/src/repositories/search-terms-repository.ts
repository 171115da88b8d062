import type { Queryable } from '@bilmarknaden/db/database';

/** A catalogue spelling close to a search word (decision 043). */
export interface CloseName {
  /** The word or joined pair of words asked about. */
  word: string;
  /** A make or model as the search columns hold it (folded, lower-case). */
  name: string;
  /** The same letters and digits as `word`, spaces and hyphens aside ('xc90' for 'xc 90', 'cx-5' for 'cx5'). */
  compact: boolean;
  /** True when some word of a make or model contains `word` as it is (typed part of a name: no typo). */
  known: boolean;
  /** The word of `name` closest to `word` ('rover' of 'land rover' for 'rovr'). */
  part: string;
  /** pg_trgm similarity of `word` to `part`. */
  score: number;
}

/**
 * The catalogue's makes and models (`inventory.search_names`, a thousand short rows) close to the search words:
 * `inventory.close_names` (001-schema.sql) finds them through the view's indexes instead of comparing every word with
 * every row: the names with the word's letters and digits (`compact`, btree), the words of names containing it (LIKE
 * on the trigram index, the word's `\`, `%` and `_` escaped: every name `known` looks at), and the words sharing a
 * trigram with it (`show_trgm` overlap), the only ones whose similarity can reach a threshold above zero. A threshold
 * of zero or less takes every row. A function, so its plan is kept (decision 048).
 */
const CLOSE_NAMES_SQL = `SELECT word, name, compact, known, part, score FROM inventory.close_names($1::text[], $2::real)`;

export function searchTermsRepository(db: Queryable) {
  return {
    /** Makes and models spelled like these words, containing them, or similar by trigrams (`threshold`). */
    async closeNames(words: readonly string[], threshold: number): Promise<CloseName[]> {
      if (words.length === 0) return [];
      const r = await db.query<CloseName>(CLOSE_NAMES_SQL, [words, threshold]);
      return r.rows.map((row) => ({ ...row, score: Number(row.score) }));
    },
  };
}

export type SearchTermsRepository = ReturnType<typeof searchTermsRepository>;
