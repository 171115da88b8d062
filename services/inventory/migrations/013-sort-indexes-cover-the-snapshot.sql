-- A deep window of a list sorted by price, year, milage or hp finds its ids first (a deferred join) by walking
-- that order's index past `start` rows. The index held only (column, id), so each skipped row was read from the
-- table to check that it is visible (status) and inside the listing's snapshot (created): PostgreSQL, 100,000
-- ads, price order at start 10,000: 10,020 rows read from the table and 10.3 ms. With both columns in the index
-- the walk is an index-only scan: 2.8 ms. The rows of the window itself are still read from the table.
--
-- The indexes stay without a predicate (decision 014): a query that neither filters nor sorts by a column does
-- not cost that column's index when planning.
DROP INDEX inventory.cars_price_idx;
CREATE INDEX cars_price_idx ON inventory.cars (price, id) INCLUDE (created, status);
DROP INDEX inventory.cars_year_idx;
CREATE INDEX cars_year_idx ON inventory.cars (year, id) INCLUDE (created, status);
DROP INDEX inventory.cars_milage_idx;
CREATE INDEX cars_milage_idx ON inventory.cars (milage, id) INCLUDE (created, status);
DROP INDEX inventory.cars_hp_idx;
CREATE INDEX cars_hp_idx ON inventory.cars (hp, id) INCLUDE (created, status);
