-- Search (docs/decisions/024) also finds an ad by its option fields, and folds accents on both sides.
--
-- A buyer types 'diesel', 'automat', 'kombi' or 'röd' and expects the ads whose fuel, gearbox, type or colour is
-- that, whatever their title says. The stored values are the Swedish words (packages/shared/src/options.ts: each
-- label is its value capitalised), so they are indexed as they are, with the lowest weight; a drivetrain is
-- stored as fwd, awd or rwd, so its Swedish words are indexed beside the code.
--
-- 'citroen' finds Citroën and 'skoda' Škoda: the text of both columns is composed (NFC), lower-cased and folded
-- by `search_fold`, and the search words by `foldForSearch` (services/inventory/src/services/search-folding.ts,
-- the same two strings). å, ä and ö are letters of their own in Swedish and stay; æ and ø become ä and ö.
-- Plain built-in functions (no unaccent extension), so PGlite and PostgreSQL fold alike. The columns store what
-- it returned when the ad was written: change it only in a migration that computes the columns again.
--
-- translate() compares each letter with every letter of its list: skipped when there is nothing to fold, and so
-- is composing text that is composed already (PostgreSQL, 100,000 ads' descriptions: 144 ms per 1,000 as one
-- expression, 30 ms this way).
CREATE FUNCTION inventory.search_fold(value text)
RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  composed text := lower(CASE WHEN value IS NFC NORMALIZED THEN value ELSE normalize(value, NFC) END);
BEGIN
  IF composed ~ '[àáâãāăąæçćĉċčďđðèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõōŏőøŕŗřśŝşšșţťŧțùúûüũūŭůűųŵýÿŷźżž]' THEN
    RETURN translate(composed,
      'àáâãāăąæçćĉċčďđðèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõōŏőøŕŗřśŝşšșţťŧțùúûüũūŭůűųŵýÿŷźżž',
      'aaaaaaaäcccccdddeeeeeeeeegggghhiiiiiiiiijklllllnnnnoooooooörrrsssssttttuuuuuuuuuuwyyyzzz');
  END IF;
  RETURN composed;
END;
$$;

-- The words of an ad's option fields, as a buyer types them.
CREATE FUNCTION inventory.search_option_words(fuel text, transmission text, type text, color text, drivetrain text)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT fuel || ' ' || transmission || ' ' || type || ' ' || color || ' ' ||
    CASE drivetrain
      WHEN 'fwd' THEN 'fwd framhjulsdrift framhjulsdriven'
      WHEN 'awd' THEN 'awd 4wd 4x4 fyrhjulsdrift fyrhjulsdriven'
      WHEN 'rwd' THEN 'rwd bakhjulsdrift bakhjulsdriven'
      ELSE drivetrain
    END
$$;

-- The option values the Swedish stop list drops ('sedan' is also the word 'since'): no search word can find them
-- in the tsvector, so they join the partial-word column, where 'sedan' matches them.
CREATE FUNCTION inventory.search_stop_option_words(fuel text, transmission text, type text, color text,
  drivetrain text)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT concat(
    CASE WHEN to_tsvector('swedish', fuel) = ''::tsvector THEN ' ' || fuel END,
    CASE WHEN to_tsvector('swedish', transmission) = ''::tsvector THEN ' ' || transmission END,
    CASE WHEN to_tsvector('swedish', type) = ''::tsvector THEN ' ' || type END,
    CASE WHEN to_tsvector('swedish', color) = ''::tsvector THEN ' ' || color END,
    CASE WHEN to_tsvector('swedish', drivetrain) = ''::tsvector THEN ' ' || drivetrain END)
$$;

-- Dropping the columns drops their indexes; the table is written once for both new columns.
ALTER TABLE inventory.cars
  DROP COLUMN search,
  DROP COLUMN search_text,
  ADD COLUMN search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('swedish', inventory.search_fold(make || ' ' || model)), 'A') ||
    setweight(to_tsvector('swedish', inventory.search_fold(title)), 'B') ||
    setweight(to_tsvector('swedish', inventory.search_fold(description)), 'C') ||
    setweight(to_tsvector('swedish', inventory.search_fold(
      inventory.search_option_words(fuel, transmission, type, color, drivetrain))), 'D')
  ) STORED,
  -- Partial words ('volv', 'citro') over the short fields, as before (make, model and title), and the values above.
  ADD COLUMN search_text text GENERATED ALWAYS AS (inventory.search_fold(make || ' ' || model || ' ' || title ||
    inventory.search_stop_option_words(fuel, transmission, type, color, drivetrain))) STORED;

-- The GIN options of migration 003: the pending list at its minimum, so searches keep using the indexes.
CREATE INDEX cars_search_idx ON inventory.cars USING gin (search) WITH (gin_pending_list_limit = 64);
CREATE INDEX cars_search_text_trgm_idx ON inventory.cars USING gin (search_text gin_trgm_ops)
  WITH (gin_pending_list_limit = 64);

-- The new columns have no statistics until the table is analysed again: without them the planner would guess
-- how many ads a word matches.
ANALYZE inventory.cars;
