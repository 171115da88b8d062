-- The ad's page reads its price history from its own row, written as the API shows it (decision 038, amended):
-- [{date, price}, …], the publishing date and first price, then each change, oldest first; with more than 20
-- changes the oldest is dropped and the price before the oldest kept change stands at the publishing date. NULL
-- while the price never changed. Kept by a row trigger that fires only when a visible ad for sale changes its
-- price: the changes the statement trigger also records in inventory.price_changes, which the cards' 'Sänkt', the
-- saved list and the bevakningar read.
ALTER TABLE inventory.cars ADD COLUMN price_history jsonb;

-- A time as the API writes it (UTC, the milliseconds cut).
CREATE FUNCTION inventory.json_time(t timestamptz) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

CREATE FUNCTION inventory.keep_price_history() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  h jsonb := coalesce(OLD.price_history,
    jsonb_build_array(jsonb_build_object('date', inventory.json_time(OLD.created), 'price', OLD.price)))
    || jsonb_build_array(jsonb_build_object('date', inventory.json_time(clock_timestamp()), 'price', NEW.price));
BEGIN
  IF jsonb_array_length(h) > 21 THEN
    h := jsonb_set(h - 1, '{0,price}', h -> 1 -> 'price');
  END IF;
  NEW.price_history := h;
  RETURN NEW;
END
$$;

CREATE TRIGGER price_history_kept BEFORE UPDATE OF price ON inventory.cars
FOR EACH ROW
WHEN (OLD.price <> NEW.price AND OLD.status = 'active' AND NEW.status = 'active')
EXECUTE FUNCTION inventory.keep_price_history();

-- The ads changed before this migration, from their recorded changes.
UPDATE inventory.cars c SET price_history = h.history
FROM (
  SELECT car_id,
    jsonb_build_array(jsonb_build_object('date', inventory.json_time(min(created)),
      'price', (array_agg(old_price ORDER BY changed_at))[1]))
    || jsonb_agg(jsonb_build_object('date', inventory.json_time(changed_at), 'price', new_price) ORDER BY changed_at)
      AS history
  FROM (
    SELECT pc.car_id, pc.changed_at, pc.old_price, pc.new_price, a.created,
      row_number() OVER (PARTITION BY pc.car_id ORDER BY pc.changed_at DESC) AS n
    FROM inventory.price_changes pc JOIN inventory.cars a ON a.id = pc.car_id
  ) newest
  WHERE n <= 20
  GROUP BY car_id
) h
WHERE c.id = h.car_id;
