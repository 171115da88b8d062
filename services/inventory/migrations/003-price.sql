-- Issue 28: time for sale, price history, sold ads and the fair-price judgement (decision 038).

-- A sold ad leaves every list and search (they read status = 'active') and its page still answers, marked sold.
ALTER TABLE inventory.cars DROP CONSTRAINT cars_status_check;
ALTER TABLE inventory.cars ADD CONSTRAINT cars_status_check CHECK (status IN ('pending', 'active', 'sold'));
ALTER TABLE inventory.cars ADD COLUMN sold_at timestamptz;

-- Every price change of a visible ad (the owner's edit), written by the trigger below in the edit's statement.
CREATE TABLE inventory.price_changes (
  car_id integer NOT NULL REFERENCES inventory.cars (id) ON DELETE CASCADE,
  changed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  old_price integer NOT NULL,
  new_price integer NOT NULL
);
CREATE INDEX price_changes_car_idx ON inventory.price_changes (car_id, changed_at DESC);

-- How long sold ads were for sale, for the statistics; kept when the ad is removed later, gone when the sale is
-- taken back ('Ångra').
CREATE TABLE inventory.sales (
  car_id integer PRIMARY KEY,
  make text NOT NULL,
  model text NOT NULL,
  year integer NOT NULL,
  milage integer NOT NULL,
  price integer NOT NULL,
  listed_at timestamptz NOT NULL,
  sold_at timestamptz NOT NULL
);

-- The judgement. An ad's price is normalised to model year 2000 and 0 mil: each model year newer is worth 8 %
-- more, each 1,000 mil (10,000 km) driven 3 % less, so a comparable's normalised price times the factor of the
-- ad's own year and mileage is its price adjusted to the ad. Normalised prices are counted in bins of 1 %
-- (natural log × 100) per make, model, model year and mileage band (2,500 mil).
CREATE FUNCTION inventory.milage_band(milage integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT milage / 2500 $$;

CREATE FUNCTION inventory.price_bin(price integer, year integer, milage integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT round((ln(price::float8) - ln(1.08::float8) * (year - 2000) - ln(0.97::float8) * milage / 1000.0) * 100)::integer
$$;

-- A bin's price adjusted to an ad's year and mileage, in whole thousands of kronor (what the page shows).
CREATE FUNCTION inventory.price_bound(bin integer, year integer, milage integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT (round(exp(bin / 100.0::float8 + ln(1.08::float8) * (year - 2000) + ln(0.97::float8) * milage / 1000.0)
    / 1000) * 1000)::integer
$$;

CREATE TABLE inventory.price_buckets (
  make_key text NOT NULL,
  model_key text NOT NULL,
  year integer NOT NULL,
  band integer NOT NULL,
  bin integer NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (make_key, model_key, year, band, bin)
);

-- Per cell (make, model, year, band): the comparable ads of an ad in that cell, those of its make and model with
-- a model year within ±2 and the same or a neighbouring mileage band: how many, and the bins of the 25th and
-- 75th percentile of their normalised prices. Reading an ad's range is one primary-key lookup here.
CREATE TABLE inventory.price_ranges (
  make_key text NOT NULL,
  model_key text NOT NULL,
  year integer NOT NULL,
  band integer NOT NULL,
  n integer NOT NULL,
  p25 integer NOT NULL,
  p75 integer NOT NULL,
  PRIMARY KEY (make_key, model_key, year, band)
);

-- An ad's judgement from its cell's range: 'low' (below the range), 'normal', 'high' (above), or null with fewer
-- than `needed` comparables (8, and 9 when the ad counts itself among them).
CREATE FUNCTION inventory.price_label(price integer, year integer, milage integer, n integer, p25 integer,
  p75 integer, needed integer)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE
    WHEN n IS NULL OR n < needed OR price <= 0 THEN NULL
    WHEN price < inventory.price_bound(p25, year, milage) THEN 'low'
    WHEN price > inventory.price_bound(p75, year, milage) THEN 'high'
    ELSE 'normal'
  END
$$;

-- The 15 offsets (model year ±2, mileage band ±1) from a cell to the cells of its comparables.
CREATE FUNCTION inventory.price_offsets() RETURNS TABLE (dy integer, db integer)
LANGUAGE sql IMMUTABLE PARALLEL SAFE ROWS 15
AS $$ SELECT dy, db FROM generate_series(-2, 2) dy, generate_series(-1, 1) db $$;

CREATE TYPE inventory.price_delta AS (make_key text, model_key text, year integer, band integer, bin integer,
  n integer);

-- The cell an ad counts in, or null: only visible ads for sale with a price count.
CREATE FUNCTION inventory.price_cell(status text, price integer, make text, model text, year integer,
  milage integer, n integer)
RETURNS inventory.price_delta
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN status = 'active' AND price > 0 THEN
    ROW(lower(make), lower(model), year, inventory.milage_band(milage), inventory.price_bin(price, year, milage),
      n)::inventory.price_delta
  END
$$;

-- Computes again the range of every cell whose comparables include one of `cells` (their n is not read).
CREATE FUNCTION inventory.refresh_price_ranges(cells inventory.price_delta[]) RETURNS void
LANGUAGE plpgsql
AS $$
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
  )
  INSERT INTO inventory.price_ranges AS r (make_key, model_key, year, band, n, p25, p75)
    SELECT make_key, model_key, year, band, n, p25, p75 FROM ranges
  ON CONFLICT (make_key, model_key, year, band) DO UPDATE SET n = excluded.n, p25 = excluded.p25, p75 = excluded.p75
    WHERE (r.n, r.p25, r.p75) IS DISTINCT FROM (excluded.n, excluded.p25, excluded.p75)
  $q$ USING cells;
END
$$;

-- Adds the deltas to the buckets and computes again the range of every cell whose comparables they touch. Writes
-- of one make and model take turns (an advisory lock), so no two see each other's buckets half-changed.
CREATE FUNCTION inventory.apply_price_deltas(d inventory.price_delta[]) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  IF d IS NULL OR cardinality(d) = 0 THEN
    RETURN;
  END IF;
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

  PERFORM inventory.refresh_price_ranges(d);
END
$$;

CREATE FUNCTION inventory.cars_price_inserted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM inventory.apply_price_deltas(ARRAY(
    SELECT c FROM (SELECT inventory.price_cell(status, price, make, model, year, milage, 1) AS c FROM new_rows) s
    WHERE c IS NOT NULL));
  RETURN NULL;
END
$$;

CREATE FUNCTION inventory.cars_price_deleted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM inventory.apply_price_deltas(ARRAY(
    SELECT c FROM (SELECT inventory.price_cell(status, price, make, model, year, milage, -1) AS c FROM old_rows) s
    WHERE c IS NOT NULL));
  RETURN NULL;
END
$$;

-- An edit's price change is recorded (only while the ad is visible and for sale), and the statistics follow
-- every change of status, price, make, model, year or mileage.
CREATE FUNCTION inventory.cars_price_updated() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO inventory.price_changes (car_id, old_price, new_price)
    SELECT o.id, o.price, n.price FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.price <> n.price AND o.status = 'active' AND n.status = 'active';
  PERFORM inventory.apply_price_deltas(ARRAY(
    SELECT x FROM (
      SELECT inventory.price_cell(o.status, o.price, o.make, o.model, o.year, o.milage, -1) AS was,
        inventory.price_cell(n.status, n.price, n.make, n.model, n.year, n.milage, 1) AS cur
      FROM old_rows o JOIN new_rows n ON n.id = o.id
    ) s, LATERAL (VALUES (s.was), (s.cur)) v (x)
    WHERE x IS NOT NULL
      AND (s.was IS NULL OR s.cur IS NULL OR (s.was).make_key <> (s.cur).make_key
        OR (s.was).model_key <> (s.cur).model_key OR (s.was).year <> (s.cur).year
        OR (s.was).band <> (s.cur).band OR (s.was).bin <> (s.cur).bin)));
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

-- The statistics from scratch, for a bulk load that leaves the insert trigger off (server/src/cli/bulk-seed.ts).
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
END
$$;
