-- The cards' price label kept on the ad (decision 064), and the upkeep of the price statistics that keeps it.
-- Every list shows each card's judgement; read from its cell on every request it cost the lists planned for their
-- values about a third of their time on PGlite. The label changes only when the ad's price, year, mileage, make or
-- model changes, or when its cell's range does, and both happen in the statements below.

-- Databases made before this file hold the upkeep without labels, then defined in 001-schema.sql.
DROP TRIGGER IF EXISTS cars_price_inserted ON inventory.cars;
DROP TRIGGER IF EXISTS cars_price_updated ON inventory.cars;
DROP TRIGGER IF EXISTS cars_price_deleted ON inventory.cars;
DROP FUNCTION IF EXISTS inventory.cars_price_inserted();
DROP FUNCTION IF EXISTS inventory.cars_price_updated();
DROP FUNCTION IF EXISTS inventory.cars_price_deleted();
DROP FUNCTION IF EXISTS inventory.rebuild_price_statistics();
DROP FUNCTION IF EXISTS inventory.apply_price_deltas(inventory.price_delta[]);
DROP FUNCTION IF EXISTS inventory.refresh_price_ranges(inventory.price_delta[]);

-- The ad's judgement from its cell's range (inventory.price_label): 'low', 'normal', 'high', or null with fewer than
-- 8 comparables (MIN_COMPARABLES in services/inventory/src/repositories/price-sql.ts) besides the ad. Kept for every
-- ad whatever its status, as the lists that show sold ads (the saved ads) judged them.
ALTER TABLE inventory.cars ADD COLUMN price_label text CHECK (price_label IN ('low', 'normal', 'high'));

-- The ads of a cell, for writing the labels of a cell whose range changed. One array, not four columns, so no list
-- query's filter on make, model or year can match it: their plans stay on their own indexes.
CREATE FUNCTION inventory.price_cell_key(make text, model text, year integer, milage integer) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN ARRAY[lower(make), lower(model), year::text, inventory.milage_band(milage)::text];

CREATE INDEX cars_price_cell_idx ON inventory.cars (inventory.price_cell_key(make, model, year, milage));

-- Computes again the range of every cell whose comparables include one of `cells` (their n is not read), and
-- returns the cells whose ads may be judged otherwise now: a range that came or went, moved a bound, or crossed the
-- 9 comparables a label needs (price_label_now). A new count alone changes no label.
CREATE FUNCTION inventory.refresh_price_ranges(cells inventory.price_delta[])
RETURNS TABLE (make_key text, model_key text, year integer, band integer)
LANGUAGE plpgsql
AS $$
BEGIN
  -- Planned for this call's deltas (EXECUTE): one ad's change probes the buckets' key, a bulk insert joins whole.
  -- The 15 cells of each target are listed first (MATERIALIZED), so the buckets are joined on their whole key.
  RETURN QUERY EXECUTE $q$
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
  ), kept AS (
    INSERT INTO inventory.price_ranges AS r (make_key, model_key, year, band, n, p25, p75)
      SELECT make_key, model_key, year, band, n, p25, p75 FROM ranges
    ON CONFLICT (make_key, model_key, year, band) DO UPDATE SET n = excluded.n, p25 = excluded.p25, p75 = excluded.p75
      WHERE (r.n, r.p25, r.p75) IS DISTINCT FROM (excluded.n, excluded.p25, excluded.p75)
  )
  -- Both writes run whether read or not; this reads the ranges as they were before them.
  SELECT t.make_key, t.model_key, t.year, t.band
  FROM targets t
  LEFT JOIN inventory.price_ranges r ON r.make_key = t.make_key AND r.model_key = t.model_key AND r.year = t.year
    AND r.band = t.band
  LEFT JOIN ranges x ON x.make_key = t.make_key AND x.model_key = t.model_key AND x.year = t.year AND x.band = t.band
  WHERE (r.p25, r.p75, r.n >= 9) IS DISTINCT FROM (x.p25, x.p75, x.n >= 9)
  $q$ USING cells;
END
$$;

-- An ad's judgement from its cell's range as it stands (9: the 8 comparables and the ad itself).
CREATE FUNCTION inventory.price_label_now(price integer, make text, model text, year integer, milage integer)
RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
RETURN (SELECT inventory.price_label(price_label_now.price, price_label_now.year, price_label_now.milage, pr.n, pr.p25,
    pr.p75, 9)
  FROM inventory.price_ranges pr
  WHERE pr.make_key = lower(price_label_now.make) AND pr.model_key = lower(price_label_now.model)
    AND pr.year = price_label_now.year AND pr.band = inventory.milage_band(price_label_now.milage));

-- Writes the label of the ads `ids` and of every ad in `cells` where it differs from their cell's range as it stands.
-- The ads of a cell are found through cars_price_cell_idx. It waits for no other transaction: an ad that another
-- one holds locked (it is changing that ad, under the lock of its make and model that the caller may hold) is left
-- to a 'price-labels' job, which writes it once that transaction has ended. Waiting would deadlock with it.
CREATE FUNCTION inventory.refresh_price_labels(ids integer[], cells inventory.price_delta[]) RETURNS void
LANGUAGE sql
AS $$
  -- The ads are found first (MATERIALIZED) and judged after: a judgement in the same WHERE would be pushed down to
  -- the scan of inventory.cars and made for every ad it reads.
  WITH found AS MATERIALIZED (
    SELECT a.id, a.price_label, a.price, a.make, a.model, a.year, a.milage FROM inventory.cars a
    WHERE a.id IN (
      SELECT unnest(ids)
      UNION
      SELECT b.id FROM (SELECT DISTINCT make_key, model_key, year, band FROM unnest(cells)) x
      JOIN inventory.cars b ON inventory.price_cell_key(b.make, b.model, b.year, b.milage)
        = ARRAY[x.make_key, x.model_key, x.year::text, x.band::text])
  ), judged AS (
    SELECT f.id FROM found f
    WHERE f.price_label IS DISTINCT FROM inventory.price_label_now(f.price, f.make, f.model, f.year, f.milage)
  ), locked AS (
    SELECT a.id, inventory.price_label_now(a.price, a.make, a.model, a.year, a.milage) AS label
    FROM inventory.cars a WHERE a.id IN (SELECT id FROM judged)
    FOR NO KEY UPDATE OF a SKIP LOCKED
  ), written AS (
    UPDATE inventory.cars c SET price_label = locked.label FROM locked
    WHERE c.id = locked.id AND c.price_label IS DISTINCT FROM locked.label
  )
  INSERT INTO inventory.jobs (kind, payload)
    SELECT 'price-labels', jsonb_build_object('cars', jsonb_agg(id ORDER BY id))
    FROM (SELECT id FROM judged EXCEPT SELECT id FROM locked) s
    HAVING count(*) > 0
$$;

-- Adds the deltas to the buckets, computes again the range of every cell whose comparables they touch, and writes
-- the labels of the ads `ids` (those whose price, year, mileage, make or model changed) and of the ads in a cell
-- whose judgement may have changed. Writes of one make and model's statistics take turns (an advisory lock), so no
-- two see each other's buckets half-changed.
CREATE FUNCTION inventory.apply_price_changes(d inventory.price_delta[], ids integer[]) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  changed inventory.price_delta[];
BEGIN
  IF coalesce(cardinality(d), 0) > 0 THEN
    PERFORM pg_advisory_xact_lock(hashtext('inventory.price/' || k))
      FROM (SELECT DISTINCT x.make_key || '/' || x.model_key AS k FROM unnest(d) x ORDER BY 1) s;
    INSERT INTO inventory.price_buckets AS b (make_key, model_key, year, band, bin, n)
      SELECT x.make_key, x.model_key, x.year, x.band, x.bin, sum(x.n)
      FROM unnest(d) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(x.n) <> 0
    ON CONFLICT (make_key, model_key, year, band, bin) DO UPDATE SET n = b.n + excluded.n;
    DELETE FROM inventory.price_buckets b
      USING (SELECT DISTINCT x.make_key, x.model_key, x.year, x.band, x.bin FROM unnest(d) x) x
      WHERE b.make_key = x.make_key AND b.model_key = x.model_key AND b.year = x.year AND b.band = x.band
        AND b.bin = x.bin AND b.n <= 0;
    changed := ARRAY(SELECT ROW(r.make_key, r.model_key, r.year, r.band, 0, 0)::inventory.price_delta
      FROM inventory.refresh_price_ranges(d) r);
  END IF;
  -- The statement's own ads, which it holds: one plain update by key.
  IF coalesce(cardinality(ids), 0) > 0 THEN
    UPDATE inventory.cars SET price_label = inventory.price_label_now(price, make, model, year, milage)
    WHERE id = ANY(ids) AND price_label IS DISTINCT FROM inventory.price_label_now(price, make, model, year, milage);
  END IF;
  IF coalesce(cardinality(changed), 0) > 0 THEN
    PERFORM inventory.refresh_price_labels(NULL, changed);
  END IF;
END
$$;

CREATE FUNCTION inventory.cars_price_inserted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  -- New ads are judged under their make and model's lock, also when they count in no range yet (pending): a range
  -- changed beside this insert could not see them to write their labels.
  PERFORM pg_advisory_xact_lock(hashtext('inventory.price/' || k))
    FROM (SELECT DISTINCT lower(make) || '/' || lower(model) AS k FROM new_rows ORDER BY 1) s;
  PERFORM inventory.apply_price_changes(ARRAY(
    SELECT c FROM (SELECT inventory.price_cell(status, price, make, model, year, milage, 1) AS c FROM new_rows) s
    WHERE c IS NOT NULL), ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;

CREATE FUNCTION inventory.cars_price_deleted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM inventory.apply_price_changes(ARRAY(
    SELECT c FROM (SELECT inventory.price_cell(status, price, make, model, year, milage, -1) AS c FROM old_rows) s
    WHERE c IS NOT NULL), NULL);
  RETURN NULL;
END
$$;

-- A lowered price of a visible ad for sale is mailed to those who saved it, by a job of the same transaction, and
-- the statistics and labels follow every change of status, price, make, model, year or mileage. Writing a label
-- fires this trigger again, with no such change: it then does nothing.
CREATE FUNCTION inventory.cars_price_updated() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO inventory.jobs (kind, payload)
    SELECT 'price-drop', jsonb_build_object('car', o.id, 'oldPrice', o.price, 'newPrice', n.price,
      'at', (extract(epoch FROM clock_timestamp()) * 1000000)::bigint)
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.price < o.price AND o.status = 'active' AND n.status = 'active';
  PERFORM inventory.apply_price_changes(ARRAY(
    SELECT x FROM (
      SELECT inventory.price_cell(o.status, o.price, o.make, o.model, o.year, o.milage, -1) AS was,
        inventory.price_cell(n.status, n.price, n.make, n.model, n.year, n.milage, 1) AS cur
      FROM old_rows o JOIN new_rows n ON n.id = o.id
    ) s, LATERAL (VALUES (s.was), (s.cur)) v (x)
    WHERE x IS NOT NULL
      AND (s.was IS NULL OR s.cur IS NULL OR (s.was).make_key <> (s.cur).make_key
        OR (s.was).model_key <> (s.cur).model_key OR (s.was).year <> (s.cur).year
        OR (s.was).band <> (s.cur).band OR (s.was).bin <> (s.cur).bin)),
    ARRAY(SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.price, o.year, o.milage, o.make, o.model) IS DISTINCT FROM (n.price, n.year, n.milage, n.make, n.model)));
  RETURN NULL;
END
$$;

CREATE TRIGGER cars_price_inserted AFTER INSERT ON inventory.cars
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory.cars_price_inserted();
CREATE TRIGGER cars_price_updated AFTER UPDATE ON inventory.cars
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION inventory.cars_price_updated();
CREATE TRIGGER cars_price_deleted AFTER DELETE ON inventory.cars
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory.cars_price_deleted();

-- The statistics and labels from scratch, for a bulk load that leaves the insert trigger off
-- (server/src/cli/bulk-seed.ts), and for the ads of a database made before this file.
CREATE FUNCTION inventory.rebuild_price_statistics() RETURNS void
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
  -- Every ad at once, as one plain update: a bulk load or a migration, which no other writer runs beside.
  UPDATE inventory.cars SET price_label = inventory.price_label_now(price, make, model, year, milage);
END
$$;

SELECT inventory.rebuild_price_statistics();
