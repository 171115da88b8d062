-- How many visible ads each (UTC) day of `created` holds, kept exact by a trigger in the same transaction as
-- every change of an ad. A deep window of the newest-first (or oldest-first) listing skips whole days by
-- these counts and reads only the rest of one day, instead of stepping over every skipped ad in the index
-- (bench, PGlite, 100,000 ads, start 10,000: about 10,000 index entries → a few hundred).
CREATE TABLE inventory.listing_days (
  day date PRIMARY KEY,
  active integer NOT NULL CHECK (active >= 0)
);

CREATE FUNCTION inventory.count_listing_days() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM inventory.listing_days;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' THEN
    UPDATE inventory.listing_days SET active = active - 1 WHERE day = (OLD.created AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'active' THEN
    INSERT INTO inventory.listing_days AS d (day, active) VALUES ((NEW.created AT TIME ZONE 'UTC')::date, 1)
    ON CONFLICT (day) DO UPDATE SET active = d.active + 1;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER cars_listing_days
AFTER INSERT OR DELETE OR UPDATE OF status, created ON inventory.cars
FOR EACH ROW EXECUTE FUNCTION inventory.count_listing_days();

CREATE TRIGGER cars_listing_days_truncate
AFTER TRUNCATE ON inventory.cars
FOR EACH STATEMENT EXECUTE FUNCTION inventory.count_listing_days();

INSERT INTO inventory.listing_days (day, active)
SELECT (created AT TIME ZONE 'UTC')::date, count(*) FROM inventory.cars WHERE status = 'active' GROUP BY 1;
