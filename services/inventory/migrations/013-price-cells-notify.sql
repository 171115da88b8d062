-- The server keeps the cells' figures it has read (decision 038, third amendment) and drops a cell when its range
-- changes: every change of inventory.price_ranges is told on the channel `price_cells`, the changed cells' keys one
-- per line, or '*' (drop every cell) when they are too many for one notification or a key holds a line break.
CREATE FUNCTION inventory.notify_price_cells(cells text[]) RETURNS void
LANGUAGE sql
AS $$
  SELECT pg_notify('price_cells', CASE
    WHEN octet_length(k) > 7000 OR EXISTS (SELECT 1 FROM unnest(cells) c WHERE c LIKE '%' || chr(10) || '%') THEN '*'
    ELSE k END)
  FROM (SELECT array_to_string(cells, chr(10)) AS k) s
  WHERE cardinality(cells) > 0
$$;

-- As migration 003's, but the cells it removes or changes are told.
CREATE OR REPLACE FUNCTION inventory.refresh_price_ranges(cells inventory.price_delta[]) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  changed text[];
BEGIN
  -- Planned for this call's deltas (EXECUTE): one ad's change probes the buckets' key, a bulk insert joins whole.
  -- The 15 cells of each target are listed first (MATERIALIZED), so the buckets are joined on their whole key.
  EXECUTE $q$
  WITH targets AS (
    SELECT DISTINCT x.make_key, x.model_key, x.year + o.dy AS year, x.band + o.db AS band
    FROM (SELECT DISTINCT make_key, model_key, year, band FROM unnest($1::inventory.price_delta[])) x,
      inventory.price_offsets() o
  ), sources AS MATERIALIZED (
    SELECT t.*, t.year + o.dy AS src_year, t.band + o.db AS src_band FROM targets t, inventory.price_offsets() o
  ), counted AS (
    SELECT s.make_key, s.model_key, s.year, s.band, b.bin, sum(b.n) AS n
    FROM sources s
    JOIN inventory.price_buckets b ON b.make_key = s.make_key AND b.model_key = s.model_key AND b.year = s.src_year
      AND b.band = s.src_band
    GROUP BY 1, 2, 3, 4, 5
  ), running AS (
    SELECT c.*, sum(c.n) OVER (PARTITION BY c.make_key, c.model_key, c.year, c.band ORDER BY c.bin) AS run,
      sum(c.n) OVER (PARTITION BY c.make_key, c.model_key, c.year, c.band) AS total
    FROM counted c
  ), ranges AS (
    SELECT make_key, model_key, year, band, max(total)::integer AS n,
      min(bin) FILTER (WHERE run >= 0.25 * total) AS p25, min(bin) FILTER (WHERE run >= 0.75 * total) AS p75
    FROM running GROUP BY make_key, model_key, year, band
  ), emptied AS (
    DELETE FROM inventory.price_ranges r USING targets t
    WHERE r.make_key = t.make_key AND r.model_key = t.model_key AND r.year = t.year AND r.band = t.band
      AND NOT EXISTS (SELECT 1 FROM ranges x WHERE x.make_key = t.make_key AND x.model_key = t.model_key
        AND x.year = t.year AND x.band = t.band)
    RETURNING r.cell
  ), kept AS (
    INSERT INTO inventory.price_ranges AS r (make_key, model_key, year, band, n, p25, p75)
      SELECT make_key, model_key, year, band, n, p25, p75 FROM ranges
    ON CONFLICT (make_key, model_key, year, band) DO UPDATE SET n = excluded.n, p25 = excluded.p25,
      p75 = excluded.p75
      WHERE (r.n, r.p25, r.p75) IS DISTINCT FROM (excluded.n, excluded.p25, excluded.p75)
    RETURNING r.cell
  )
  SELECT ARRAY(SELECT cell FROM emptied UNION ALL SELECT cell FROM kept)
  $q$ INTO changed USING cells;
  PERFORM inventory.notify_price_cells(changed);
END
$$;

-- As migration 003's, and every kept cell is dropped.
CREATE OR REPLACE FUNCTION inventory.rebuild_price_statistics() RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM inventory.price_ranges;
  DELETE FROM inventory.price_buckets;
  INSERT INTO inventory.price_buckets (make_key, model_key, year, band, bin, n)
    SELECT (c).make_key, (c).model_key, (c).year, (c).band, (c).bin, count(*)
    FROM (SELECT inventory.price_cell(status, price, make, model, year, milage, 1) AS c FROM inventory.cars) s
    WHERE c IS NOT NULL GROUP BY 1, 2, 3, 4, 5;
  PERFORM inventory.refresh_price_ranges(ARRAY(
    SELECT ROW(make_key, model_key, year, band, 0, 0)::inventory.price_delta
    FROM inventory.price_buckets GROUP BY make_key, model_key, year, band));
  PERFORM pg_notify('price_cells', '*');
END
$$;
