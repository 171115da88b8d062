-- The typo lookup (decision 043, amended) finds a search word's close names through indexes instead of comparing
-- the word with every row of inventory.search_names: the names with the word's letters and digits through the btree
-- on `compact`, the words of names containing the word (LIKE) through the trigram index on `part`, and those
-- sharing a trigram with it (the only ones with a similarity above zero) through the index of their trigrams. The
-- `%` operator is not used: on PGlite with btree_gin loaded it can stall the database. Indexes of a materialized view
-- are kept by REFRESH MATERIALIZED VIEW.
CREATE INDEX search_names_compact_idx ON inventory.search_names (compact);
CREATE INDEX search_names_part_trgm_idx ON inventory.search_names USING gin (part gin_trgm_ops);
CREATE INDEX search_names_trigrams_idx ON inventory.search_names USING gin (show_trgm(part));
ANALYZE inventory.search_names;

-- The lookup itself, as a function whose plan PL/pgSQL keeps for the session: it runs on every search, and PGlite
-- plans every statement it is sent (decision 048). The rows are CloseName's (search-terms-repository.ts).
CREATE FUNCTION inventory.close_names(p_words text[], p_threshold real)
RETURNS TABLE (word text, name text, compact boolean, known boolean, part text, score real)
LANGUAGE plpgsql STABLE
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY  WITH asked AS (
    SELECT word, regexp_replace(word, '[^[:alnum:]]+', '', 'g') AS compact,
      '%' || regexp_replace(word, '([\\%_])', '\\\1', 'g') || '%' AS containing, show_trgm(word) AS trigrams
    FROM unnest(p_words) AS word
  ), candidates AS (
    SELECT a.word, a.compact AS asked, n.name, n.part, n.compact
    FROM asked a JOIN inventory.search_names n ON n.compact = a.compact
    UNION
    SELECT a.word, a.compact, n.name, n.part, n.compact
    FROM asked a JOIN inventory.search_names n ON n.part LIKE a.containing
    UNION
    SELECT a.word, a.compact, n.name, n.part, n.compact
    FROM asked a JOIN inventory.search_names n ON show_trgm(n.part) && a.trigrams AND similarity(a.word, n.part) >= p_threshold
    UNION
    SELECT a.word, a.compact, n.name, n.part, n.compact
    FROM asked a CROSS JOIN inventory.search_names n WHERE p_threshold <= 0
  )
  SELECT word, name,
    bool_or(compact = asked) AS compact,
    bool_or(bool_or(strpos(part, word) > 0)) OVER (PARTITION BY word) AS known,
    (array_agg(part ORDER BY similarity(word, part) DESC, part))[1] AS part,
    max(similarity(word, part)) AS score
  FROM candidates
  GROUP BY word, name
  ORDER BY word, name;
END
$$;
