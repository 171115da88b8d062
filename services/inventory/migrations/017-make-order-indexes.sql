-- A make sorted by year, milage or hp (browse a make, then change the order) walked that order's index over
-- every make's ads until it had a window of the one asked for. The orders run against the makes (a Volvo is not
-- among the strongest cars, a Porsche not among the weakest), so a first page could pass most of the table
-- (PostgreSQL, 1,000,000 ads: Porsche by hp ascending 740 ms, Volvo and Dacia by hp descending 230 ms, each
-- ad passed read from the table).
--
-- As `cars_make_price_idx` (migration 004) does for price, these read a make's ads in each order; they hold the
-- snapshot and visibility columns, so a deep window of a make skips its rows in the index alone. No predicate
-- (decision 014).
CREATE INDEX cars_make_year_idx ON inventory.cars (lower(make), year, id) INCLUDE (created, status);
CREATE INDEX cars_make_milage_idx ON inventory.cars (lower(make), milage, id) INCLUDE (created, status);
CREATE INDEX cars_make_hp_idx ON inventory.cars (lower(make), hp, id) INCLUDE (created, status);
