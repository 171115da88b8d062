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
 * The catalogue's makes and models (`inventory.search_names`, a thousand short rows) close to the search words,
 * found through the view's indexes (migration 010) instead of comparing every word with every row: the names with
 * the word's letters and digits (`compact`, btree), the words of names containing it (LIKE on the trigram index,
 * the word's `\`, `%` and `_` escaped: every name `known` looks at), and the words sharing a trigram with it
 * (`show_trgm` overlap), the only ones whose similarity can reach a threshold above zero. A threshold of zero or less
 * takes every row, as comparing every pair did: only then does the last branch run.
 */
const CLOSE_NAMES_SQL = `
WITH asked AS (
  SELECT word, regexp_replace(word, '[^[:alnum:]]+', '', 'g') AS compact,
    '%' || regexp_replace(word, '([\\\\%_])', '\\\\\\1', 'g') || '%' AS containing, show_trgm(word) AS trigrams
  FROM unnest($1::text[]) AS word
), candidates AS (
  SELECT a.word, a.compact AS asked, n.name, n.part, n.compact
  FROM asked a JOIN inventory.search_names n ON n.compact = a.compact
  UNION
  SELECT a.word, a.compact, n.name, n.part, n.compact
  FROM asked a JOIN inventory.search_names n ON n.part LIKE a.containing
  UNION
  SELECT a.word, a.compact, n.name, n.part, n.compact
  FROM asked a JOIN inventory.search_names n ON show_trgm(n.part) && a.trigrams AND similarity(a.word, n.part) >= $2
  UNION
  SELECT a.word, a.compact, n.name, n.part, n.compact
  FROM asked a CROSS JOIN inventory.search_names n WHERE $2::real <= 0
)
SELECT word, name,
  bool_or(compact = asked) AS compact,
  bool_or(bool_or(strpos(part, word) > 0)) OVER (PARTITION BY word) AS known,
  (array_agg(part ORDER BY similarity(word, part) DESC, part))[1] AS part,
  max(similarity(word, part)) AS score
FROM candidates
GROUP BY word, name
ORDER BY word, name`;

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
