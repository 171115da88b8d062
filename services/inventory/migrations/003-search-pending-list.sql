-- GIN indexes buffer new entries in a pending list until vacuum; every search scans that list linearly and
-- the planner, costing it, skips the index. Ads are written rarely and searched constantly, so keep the
-- list at its minimum (64 kB): bulk inserts still batch, and searches keep using the indexes.
ALTER INDEX inventory.cars_search_idx SET (gin_pending_list_limit = 64);
ALTER INDEX inventory.cars_search_text_trgm_idx SET (gin_pending_list_limit = 64);
