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
