-- A deep window of a filtered list finds its ids by walking its order's index past `start` matching ads. Each
-- order index held only the order, the visibility and the snapshot (migration 013), so every ad walked past was
-- read from the table to test the filters, and when a filter runs against the order, that is most of them
-- (PostgreSQL, 1,000,000 ads, start 9,980: `fuel=el / hybrid` by hp, ascending, read 334,768 ads from the table
-- in 443 ms; `priceMax=20000` by year, descending, 380,831 in 490 ms; `color=gul` by hp 70,286 in 106 ms).
--
-- Each order index now also holds what a list filters on besides make, model and words: the option combination
-- (migration 014) and the other range columns. A deep window's walk tests its filters in the index alone, an
-- index-only scan (the first: 443 → 28 ms), and the rows of the window itself are still read from the table.
-- Windows near the top walk few ads and keep their plain comparisons (cars-repository.ts).
DROP INDEX inventory.cars_created_idx;
CREATE INDEX cars_created_idx ON inventory.cars (created, id) INCLUDE (option_combination, price, year, milage)
  WHERE status = 'active';
DROP INDEX inventory.cars_price_idx;
CREATE INDEX cars_price_idx ON inventory.cars (price, id) INCLUDE (created, status, option_combination, year, milage);
DROP INDEX inventory.cars_year_idx;
CREATE INDEX cars_year_idx ON inventory.cars (year, id) INCLUDE (created, status, option_combination, price, milage);
DROP INDEX inventory.cars_milage_idx;
CREATE INDEX cars_milage_idx ON inventory.cars (milage, id) INCLUDE (created, status, option_combination, price, year);
DROP INDEX inventory.cars_hp_idx;
CREATE INDEX cars_hp_idx ON inventory.cars (hp, id)
  INCLUDE (created, status, option_combination, price, year, milage);
