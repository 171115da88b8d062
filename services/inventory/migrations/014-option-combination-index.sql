-- Transmission, fuel, type, colour and drivetrain each come from a short option list, and no index led with any
-- of them: a list filtered by several was found by walking the date (or price, …) index and testing every ad,
-- and when the filters matched few ads, or the window started past their end, the planner read the whole table
-- (PostgreSQL, 1,000,000 ads, all five filtered, start 1,000: a parallel scan of the table, 246 ms).
--
-- An ad's combination of the five is one number, 0–1679: each value's position in its list (the lists of
-- packages/shared/src/options.ts, in that order) times the product of the lengths of the lists before it. A
-- filtered list asks for the combinations that pass (all five filtered: one) and can read them from this index,
-- by date within each. The number is stored: computed from the five on every test instead, it made walks over
-- many ads up to four times slower.
CREATE FUNCTION inventory.option_combination(transmission text, fuel text, type text, color text, drivetrain text)
RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT (array_position(ARRAY['manuell', 'automat'], transmission) - 1)
    + 2 * (array_position(ARRAY['bensin', 'diesel', 'miljöbränsle', 'el / hybrid'], fuel) - 1)
    + 8 * (array_position(ARRAY['sedan', 'kombi', 'halvkombi', 'småbil', 'coupé', 'cab', 'suv', 'familjebuss',
                                'pickup', 'yrkesfordon'], type) - 1)
    + 80 * (array_position(ARRAY['vit', 'grå', 'svart', 'brun', 'blå', 'röd', 'gul'], color) - 1)
    + 560 * (array_position(ARRAY['fwd', 'awd', 'rwd'], drivetrain) - 1)
$$;

ALTER TABLE inventory.cars ADD COLUMN option_combination integer
  GENERATED ALWAYS AS (inventory.option_combination(transmission, fuel, type, color, drivetrain)) STORED;

CREATE INDEX cars_option_combination_idx ON inventory.cars (option_combination, created, id);
