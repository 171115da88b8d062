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

/** The catalogue's makes and models (`inventory.search_names`, a thousand short rows) against the search words. */
const CLOSE_NAMES_SQL = `
WITH asked AS (
  SELECT word, regexp_replace(word, '[^[:alnum:]]+', '', 'g') AS compact FROM unnest($1::text[]) AS word
)
SELECT a.word, n.name,
  bool_or(n.compact = a.compact) AS compact,
  bool_or(bool_or(strpos(n.part, a.word) > 0)) OVER (PARTITION BY a.word) AS known,
  (array_agg(n.part ORDER BY similarity(a.word, n.part) DESC, n.part))[1] AS part,
  max(similarity(a.word, n.part)) AS score
FROM asked a JOIN inventory.search_names n
  ON n.compact = a.compact OR strpos(n.part, a.word) > 0 OR similarity(a.word, n.part) >= $2
GROUP BY a.word, n.name`;

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
