-- The rows of a deep window of the plain listing in one call (decision 012). The statement that read them
-- around listing_window_ids (a MATERIALIZED CTE joined to cars by primary key) was planned again for every
-- request: PostgreSQL, 100,000 ads, start 10,000: 0.043–0.057 ms of planning for 0.14 ms of execution. As the
-- body of this function its plan is kept (generic: one index scan of the primary key whatever the values), and
-- the caller's `SELECT … FROM inventory.listing_window(…)` plans in 0.011–0.014 ms.
--
-- STABLE, like listing_window_ids: it reads in the snapshot of the statement that calls it. The rows come in no
-- promised order; the caller sorts the window's 20 rows (ROWS 20 tells the planner how few they are).
CREATE FUNCTION inventory.listing_window(as_of timestamptz, start_at integer, size integer, newest_first boolean)
RETURNS SETOF inventory.cars
LANGUAGE plpgsql STABLE ROWS 20
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
    SELECT c.* FROM inventory.cars c
    WHERE c.id = ANY(inventory.listing_window_ids(as_of, start_at, size, newest_first));
END;
$$;
