-- The ids of a deep window of the plain listing (decision 008), found by a function whose statements keep one
-- generic plan per connection. As one SQL statement (a CTE over listing_days with a running sum, the head count,
-- the window and the deferred join) it was planned again for every request (custom plans, decision 010), and the
-- planning cost more than running it: PostgreSQL, 100,000 ads, start 10,000: planning 0.25 ms, execution 0.20 ms;
-- with this function 0.05 ms and 0.20 ms (decision 012). Its statements have one sensible plan whatever the
-- values (index ranges on created and on listing_days' key), so a generic plan loses nothing here.
--
-- STABLE: every statement in it sees the snapshot of the statement that calls it, so the counts and the window
-- are read in the same snapshot. The result equals OFFSET start_at LIMIT size over the listing of the ads visible
-- at as_of (active, created <= as_of), newest or oldest first by (created, id).
CREATE FUNCTION inventory.listing_window_ids(as_of timestamptz, start_at integer, size integer, newest_first boolean)
RETURNS integer[]
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  as_of_day date := (as_of AT TIME ZONE 'UTC')::date;
  head integer := 0;
  skipped integer;
  cut_day date;
BEGIN
  IF newest_first THEN
    -- The snapshot's own day: its count in listing_days less the ads made visible after the snapshot (few: those
    -- published since the listing began), so today's ads, whose pages are rarely all-visible yet, are not
    -- counted one by one from the table. The older days are summed newest first until the sum passes start_at:
    -- the window starts in that day. The running sum streams from the key's index and stops at that day.
    SELECT COALESCE((SELECT l.active FROM inventory.listing_days l WHERE l.day = as_of_day), 0)
      - (SELECT count(*)::integer FROM inventory.cars c
         WHERE c.status = 'active' AND c.created > as_of
           AND c.created < (as_of_day + 1)::timestamp AT TIME ZONE 'UTC')
    INTO head;
    IF head <= start_at THEN
      SELECT x.day, head + x.through - x.active INTO cut_day, skipped
      FROM (
        SELECT l.day, l.active, sum(l.active) OVER (ORDER BY l.day DESC) AS through
        FROM inventory.listing_days l WHERE l.day < as_of_day
      ) x
      WHERE head + x.through > start_at
      ORDER BY x.day DESC LIMIT 1;
    END IF;
    -- Within the snapshot's own day, or past the end: the plain offset.
    RETURN ARRAY(
      SELECT c.id FROM inventory.cars c
      WHERE c.status = 'active' AND c.created <= as_of
        AND c.created < COALESCE((cut_day + 1)::timestamp AT TIME ZONE 'UTC', 'infinity')
      ORDER BY c.created DESC, c.id DESC
      LIMIT size OFFSET start_at - COALESCE(skipped, 0));
  END IF;

  -- Oldest first: the days before the snapshot's day, summed oldest first.
  SELECT x.day, x.through - x.active INTO cut_day, skipped
  FROM (
    SELECT l.day, l.active, sum(l.active) OVER (ORDER BY l.day ASC) AS through
    FROM inventory.listing_days l WHERE l.day < as_of_day
  ) x
  WHERE x.through > start_at
  ORDER BY x.day ASC LIMIT 1;
  RETURN ARRAY(
    SELECT c.id FROM inventory.cars c
    WHERE c.status = 'active' AND c.created <= as_of
      AND c.created >= COALESCE(cut_day::timestamp AT TIME ZONE 'UTC', '-infinity')
    ORDER BY c.created ASC, c.id ASC
    LIMIT size OFFSET start_at - COALESCE(skipped, 0));
END;
$$;
