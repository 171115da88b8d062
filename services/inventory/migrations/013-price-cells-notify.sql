-- The server keeps the cells' figures it has read (decision 038, third amendment) and drops a cell when its range
-- changes: every statement that inserts, changes or removes rows of inventory.price_ranges tells their keys on the
-- channel `price_cells`, one per line, or '*' (drop every cell) when they are too many for one notification or a
-- key holds a line break. Told at commit, whoever wrote: the statistics' triggers, a rebuild, a test.
CREATE FUNCTION inventory.price_ranges_told() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  k text;
BEGIN
  SELECT CASE WHEN octet_length(s.k) > 7000 OR s.broken THEN '*' ELSE s.k END
    INTO k
    FROM (SELECT string_agg(cell, chr(10)) AS k, bool_or(strpos(cell, chr(10)) > 0) AS broken FROM changed_cells) s;
  IF k IS NOT NULL THEN
    PERFORM pg_notify('price_cells', k);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER price_ranges_inserted AFTER INSERT ON inventory.price_ranges
  REFERENCING NEW TABLE AS changed_cells FOR EACH STATEMENT EXECUTE FUNCTION inventory.price_ranges_told();
CREATE TRIGGER price_ranges_updated AFTER UPDATE ON inventory.price_ranges
  REFERENCING NEW TABLE AS changed_cells FOR EACH STATEMENT EXECUTE FUNCTION inventory.price_ranges_told();
CREATE TRIGGER price_ranges_deleted AFTER DELETE ON inventory.price_ranges
  REFERENCING OLD TABLE AS changed_cells FOR EACH STATEMENT EXECUTE FUNCTION inventory.price_ranges_told();
