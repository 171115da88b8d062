-- Search forgives spacing and small typos in makes and models (decision 043): the search words are compared with
-- the catalogue's names, word by word, through pg_trgm's similarity. The names as the search columns hold them
-- (folded), each word of a name on a row of its own ('mercedes' and 'benz') and the name without spaces and hyphens ('xc90', 'cx5'):
-- computed once here, so a search compares a few words with a thousand short rows and nothing else. The catalogue
-- changes only in migrations: one that adds makes or models refreshes this view.
CREATE MATERIALIZED VIEW inventory.search_names AS
  SELECT DISTINCT n.name, p.part, regexp_replace(n.name, '[^[:alnum:]]+', '', 'g') AS compact
  FROM (
    SELECT inventory.search_fold(name) AS name FROM inventory.makes
    UNION SELECT inventory.search_fold(name) FROM inventory.models
  ) n, regexp_split_to_table(n.name, '[^[:alnum:]]+') AS p(part)
  WHERE p.part <> '';

-- 'Liknande bilar': the ads of a make and model nearest an ad's price, read as two short walks of this index (the
-- nearest cheaper and the nearest dearer) however many ads the model has.
CREATE INDEX cars_make_model_price_idx ON inventory.cars (lower(make), lower(model), price, id);
