-- Dealers' ads and their import feeds (issue 45, decision 060). Identity owns the dealers (organisations, members,
-- API keys); an ad keeps the dealer it was published for by slug and company name as the ad shows it, so lists and
-- the ad's page need no call to identity. A private seller's ad has neither.

-- `dealer_slug`: the dealer page's address part ('/handlare/{slug}'), null for a private seller. `dealer_name`: the
-- company name on the ad, set with the slug. `external_id`: the dealer's own id of the car in its stock system, the
-- first key an import matches on; unique per dealer, whatever the ad's status (a car marked sold by absence that
-- comes back in the feed is the same ad again).
ALTER TABLE inventory.cars
  ADD COLUMN dealer_slug text CHECK (length(dealer_slug) BETWEEN 1 AND 100),
  ADD COLUMN dealer_name text CHECK (length(dealer_name) BETWEEN 1 AND 120),
  ADD COLUMN external_id text CHECK (length(external_id) BETWEEN 1 AND 100),
  -- The feed's photos of the car as last imported (URLs or zip names, one a line): a change queues their fetch.
  ADD COLUMN import_photos text,
  ADD CONSTRAINT cars_dealer_together CHECK ((dealer_slug IS NULL) = (dealer_name IS NULL)),
  ADD CONSTRAINT cars_external_id_of_dealer CHECK (external_id IS NULL OR dealer_slug IS NOT NULL);

-- An import's first match; the registration number within the dealer is its second (cars_registration_number_key).
CREATE UNIQUE INDEX cars_dealer_external_id_key ON inventory.cars (dealer_slug, external_id)
  WHERE external_id IS NOT NULL;
-- The dealer page's list in the default order, and a dealer's ads for the import and the removal by absence.
CREATE INDEX cars_dealer_created_idx ON inventory.cars (dealer_slug, created, id) WHERE dealer_slug IS NOT NULL;

-- A bevakning's 'Privat / Handlare' (null for either) and its dealer (null for any), compared as the list compares.
ALTER TABLE inventory.watches
  ADD COLUMN seller text CHECK (seller IN ('privat', 'handlare')),
  ADD COLUMN dealer text;

-- An edit that changes the dealer or the company name can make an ad match a bevakning too: the baseline's and
-- decision 053's function with the two fields among the compared ones.
CREATE OR REPLACE FUNCTION inventory.cars_watch_updated() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO inventory.jobs (kind, payload)
    SELECT 'match', jsonb_build_object('cars', jsonb_agg(n.id))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status = 'active' AND (o.status <> 'active' OR (o.title, o.description, o.price, o.make, o.model, o.year,
      o.milage, o.color, o.type, o.transmission, o.drivetrain, o.fuel, o.kommun, o.equipment, o.dealer_slug)
      IS DISTINCT FROM (n.title, n.description, n.price, n.make, n.model, n.year, n.milage, n.color, n.type,
      n.transmission, n.drivetrain, n.fuel, n.kommun, n.equipment, n.dealer_slug))
    HAVING count(*) > 0;
  RETURN NULL;
END
$$;

-- One import of a dealer's feed: who and how it came, its progress, its counts and its row errors (the report).
-- The feed's rows are kept in import_rows until it is done; `cursor` is the number of rows applied, committed with
-- each chunk's ads, so a run resumed after a crash starts where the last commit left it and applies no row twice.
CREATE TABLE inventory.import_runs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dealer_slug text NOT NULL,
  dealer_name text NOT NULL,
  -- The seller of the imported ads: the dealer's owner when the run was queued.
  owner text NOT NULL,
  source text NOT NULL CHECK (source IN ('upload', 'api-key', 'schedule')),
  -- The member who uploaded it; null for a key or the schedule.
  started_by text,
  format text NOT NULL CHECK (format IN ('csv', 'json')),
  -- A full feed lists the dealer's whole stock: its imported cars absent from it are marked sold.
  full_feed boolean NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  created timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  total integer NOT NULL CHECK (total >= 0),
  cursor integer NOT NULL DEFAULT 0 CHECK (cursor BETWEEN 0 AND total),
  created_count integer NOT NULL DEFAULT 0,
  updated_count integer NOT NULL DEFAULT 0,
  unchanged_count integer NOT NULL DEFAULT 0,
  sold_count integer NOT NULL DEFAULT 0,
  error_count integer NOT NULL DEFAULT 0,
  -- [{row, field?, message}], at most the first 1,000; error_count counts them all.
  errors jsonb NOT NULL DEFAULT '[]',
  -- Why a whole run failed (the feed's file, not a row).
  failure text
);
CREATE INDEX import_runs_dealer_idx ON inventory.import_runs (dealer_slug, id DESC);

-- A queued run's rows as read from the feed: `n` is the row number the report names (a CSV's header is row 1, its
-- first car row 2; a JSON array's first car row 1). `photos`: the row's photos from the zip, keyed by file name.
CREATE TABLE inventory.import_rows (
  run_id integer NOT NULL REFERENCES inventory.import_runs (id) ON DELETE CASCADE,
  n integer NOT NULL,
  fields jsonb NOT NULL,
  PRIMARY KEY (run_id, n)
);

-- Photos that came in a run's zip, until the run is done.
CREATE TABLE inventory.import_photos (
  run_id integer NOT NULL REFERENCES inventory.import_runs (id) ON DELETE CASCADE,
  name text NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (run_id, name)
);

-- A dealer's feed fetched on a schedule from its URL through the job queue: the next fetch is due at `next_at`.
CREATE TABLE inventory.dealer_feeds (
  dealer_slug text PRIMARY KEY,
  dealer_name text NOT NULL,
  owner text NOT NULL,
  kommun text CHECK (kommun ~ '^[0-9]{4}$'),
  url text NOT NULL CHECK (url ~ '^https?://' AND length(url) <= 2000),
  interval_minutes integer NOT NULL DEFAULT 1440 CHECK (interval_minutes BETWEEN 15 AND 10080),
  next_at timestamptz NOT NULL DEFAULT now(),
  updated timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dealer_feeds_due_idx ON inventory.dealer_feeds (next_at);
