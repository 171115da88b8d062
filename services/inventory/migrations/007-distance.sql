-- Avstånd (issue 44, decision 058): a bevakning keeps the list's distance filter, so its matching is the list's
-- answer. The list measures from a kommun's seat (packages/shared/src/kommun-points.ts): given a kommun, it keeps
-- the ads with a place; given a radius too, the ads of the kommuner within it. The bevakning stores both as the
-- list reads them: the kommun, and the kommuner within the radius (computed from the shared table when saved; the
-- table is fixed data, so the set does not go stale).
ALTER TABLE inventory.watches
  ADD COLUMN near text CONSTRAINT watches_near_code CHECK (near ~ '^[0-9]{4}$'),
  ADD COLUMN near_kommuner text[];
