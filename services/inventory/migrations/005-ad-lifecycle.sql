-- The life of an ad (issue 43, decision 054): an ad runs AD_LIFETIME_DAYS from publishing or its last renewal, then
-- is 'expired'. Every list, search, bevakning and 'Liknande bilar' reads status = 'active', so an expired ad leaves
-- them with no change to their SQL or plans; its page answers through its own route ('Annonsen har gått ut').
ALTER TABLE inventory.cars DROP CONSTRAINT cars_status_check;
ALTER TABLE inventory.cars ADD CONSTRAINT cars_status_check
  CHECK (status IN ('pending', 'active', 'sold', 'hidden', 'expired'));

-- `expires_at`: publishing (or the last renewal) plus 60 days; ads published before this migration run 60 days from
-- it. `warned_for`: the expires_at whose seven-day warning was queued (once per expiry). `asked_for`: the start of
-- the quiet period whose 'Är bilen fortfarande till salu?' was queued, `answered_for` the one a link answered (a
-- link works once).
ALTER TABLE inventory.cars
  ADD COLUMN expires_at timestamptz NOT NULL DEFAULT (now() + interval '1440 hours'),
  ADD COLUMN warned_for timestamptz,
  ADD COLUMN asked_for timestamptz,
  ADD COLUMN answered_for timestamptz;

-- The hourly sweep finds ads to expire and warn, and expired ones a year old to remove, by their end. Not led by
-- status: the list queries' status = 'active' must not make it a candidate for them (decision 014). The question
-- after 30 quiet days reads the table once an hour.
CREATE INDEX cars_expires_idx ON inventory.cars (expires_at);

-- A saved ad that expired and is removed a year later is marked removed in its savers' lists, as a deleted one is.
DROP TRIGGER cars_saved_removed ON inventory.cars;
CREATE TRIGGER cars_saved_removed BEFORE DELETE ON inventory.cars
  FOR EACH ROW WHEN (OLD.status IN ('active', 'sold', 'expired')) EXECUTE FUNCTION inventory.cars_saved_removed();

-- The hours whose sweep was queued (whichever replica got there first); rows older than a week are dropped.
CREATE TABLE inventory.lifecycle_sweeps (
  hour timestamptz PRIMARY KEY
);

-- Views of an ad's page per Swedish day, not counting its owner, robots or a visitor's repeats within an hour.
-- Written in batches from each process's buffer (services/inventory/src/services/view-counter.ts).
CREATE TABLE inventory.ad_views (
  car_id integer NOT NULL REFERENCES inventory.cars (id) ON DELETE CASCADE,
  day date NOT NULL,
  views integer NOT NULL CHECK (views > 0),
  PRIMARY KEY (car_id, day)
);

-- The key that signs the one-click answers of 'Är bilen fortfarande till salu?'.
INSERT INTO inventory.signing_keys (name, secret)
  VALUES ('ad-answers', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
