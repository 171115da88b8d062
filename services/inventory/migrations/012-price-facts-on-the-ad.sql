-- The ad's page reads its price facts from the ad's own row and one key lookup, with nothing built per read (decision
-- 038, second amendment): price_history holds the history as the page shows it from the moment the row is written
-- (the publishing date and price, then each change), price_cut what the last change took off the price (NULL when it
-- raised it or there was none), and price_cell the key of the ad's cell in inventory.price_ranges, whose `figures`
-- are what the server judges the price by.
ALTER TABLE inventory.cars ADD COLUMN price_cut integer;

-- A cell's key as one value: the make's length first, so that no two cells share a key whatever their names hold.
CREATE FUNCTION inventory.price_cell_key(make_key text, model_key text, year integer, band integer) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT length(make_key)::text || ':' || make_key || model_key || ':' || year::text || ':' || band::text $$;

ALTER TABLE inventory.price_ranges
  ADD COLUMN cell text COLLATE "C" GENERATED ALWAYS AS (inventory.price_cell_key(make_key, model_key, year, band))
    STORED,
  ADD COLUMN figures text GENERATED ALWAYS AS (n::text || ',' || p25::text || ',' || p75::text) STORED;
CREATE UNIQUE INDEX price_ranges_cell ON inventory.price_ranges (cell);

-- Until a change is recorded, the history is the ad as it stands: its price at its publishing date (an ad edited
-- while pending or hidden, or made visible, keeps that one entry current). A visible ad for sale that changes its
-- price appends the change; with more than 20 the oldest is dropped and the price before the oldest kept change
-- stands at the publishing date.
CREATE OR REPLACE FUNCTION inventory.keep_price_history() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  h jsonb;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.price <> NEW.price AND OLD.status = 'active' AND NEW.status = 'active' THEN
    h := coalesce(OLD.price_history,
      jsonb_build_array(jsonb_build_object('date', inventory.json_time(OLD.created), 'price', OLD.price)))
      || jsonb_build_array(jsonb_build_object('date', inventory.json_time(clock_timestamp()), 'price', NEW.price));
    IF jsonb_array_length(h) > 21 THEN
      h := jsonb_set(h - 1, '{0,price}', h -> 1 -> 'price');
    END IF;
    NEW.price_history := h;
    NEW.price_cut := nullif(greatest(OLD.price - NEW.price, 0), 0);
  ELSIF NEW.price_history IS NULL OR jsonb_array_length(NEW.price_history) = 1 THEN
    NEW.price_history := jsonb_build_array(jsonb_build_object('date', inventory.json_time(NEW.created),
      'price', NEW.price));
  END IF;
  RETURN NEW;
END
$$;

DROP TRIGGER price_history_kept ON inventory.cars;
CREATE TRIGGER price_history_started BEFORE INSERT ON inventory.cars
FOR EACH ROW EXECUTE FUNCTION inventory.keep_price_history();
CREATE TRIGGER price_history_kept BEFORE UPDATE OF price, created ON inventory.cars
FOR EACH ROW
WHEN (OLD.price IS DISTINCT FROM NEW.price OR OLD.created IS DISTINCT FROM NEW.created)
EXECUTE FUNCTION inventory.keep_price_history();

-- The ads written before this migration: the one-entry history of those never changed, the last cut of the others
-- from their kept history, and every ad's cell.
ALTER TABLE inventory.cars ADD COLUMN price_cell text COLLATE "C" GENERATED ALWAYS AS
  (inventory.price_cell_key(lower(make), lower(model), year, inventory.milage_band(milage))) STORED;
UPDATE inventory.cars SET
  price_history = coalesce(price_history,
    jsonb_build_array(jsonb_build_object('date', inventory.json_time(created), 'price', price))),
  price_cut = nullif(greatest((price_history -> -2 ->> 'price')::integer - (price_history -> -1 ->> 'price')::integer,
    0), 0);
