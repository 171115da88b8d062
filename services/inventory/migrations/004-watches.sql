-- Issue 26: bevakningar (saved searches), their new ads, and the durable job queue that mails them (decisions 039,
-- 040).

-- Work that runs later, queued in the transaction of the change that causes it. A runner claims due rows with
-- FOR UPDATE SKIP LOCKED and moves run_at ahead as a lease; a done job is deleted, a failed one is due again later.
CREATE TABLE inventory.jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX jobs_due_idx ON inventory.jobs (run_at, id);

-- A saved search: the list query as the search page sends it (`query`, for its link and chips) and the same query
-- parsed into columns that the matching compares (null = any). `words`/`patterns`: the search term's words as
-- the list's search reads them (a pattern is null for a word too short for partial matching).
CREATE TABLE inventory.watches (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  name text NOT NULL,
  notify text NOT NULL CHECK (notify IN ('instant', 'daily', 'site')),
  paused boolean NOT NULL DEFAULT false,
  query jsonb NOT NULL,
  make text,
  model text,
  transmission text,
  fuel text,
  type text,
  color text,
  drivetrain text,
  price_min integer,
  price_max integer,
  year_min integer,
  year_max integer,
  milage_max integer,
  lan text,
  kommun text,
  words text[] NOT NULL DEFAULT '{}',
  patterns text[] NOT NULL DEFAULT '{}',
  -- Each word's corrected spelling (decision 043: 'volvp' also finds Volvo) and its pattern, NULL where none.
  alt_words text[] NOT NULL DEFAULT '{}',
  alt_patterns text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When the user last opened it: its hits since are 'nya'.
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX watches_user_idx ON inventory.watches (lower(username), id);
-- The matching of a new ad reads the running bevakningar of its make and those of any make.
CREATE INDEX watches_make_idx ON inventory.watches ((coalesce(make, ''))) WHERE NOT paused;

-- Each ad a bevakning matched, once ever (the key). `digest_pending`: a daily bevakning's hit not yet mailed.
CREATE TABLE inventory.watch_hits (
  watch_id integer NOT NULL REFERENCES inventory.watches (id) ON DELETE CASCADE,
  car_id integer NOT NULL REFERENCES inventory.cars (id) ON DELETE CASCADE,
  matched_at timestamptz NOT NULL DEFAULT now(),
  digest_pending boolean NOT NULL DEFAULT false,
  PRIMARY KEY (watch_id, car_id)
);
CREATE INDEX watch_hits_car_idx ON inventory.watch_hits (car_id);
CREATE INDEX watch_hits_digest_idx ON inventory.watch_hits (watch_id) WHERE digest_pending;

-- The days whose digest was queued (one row per Swedish date, whichever replica got there first).
CREATE TABLE inventory.digest_days (
  day date PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT now()
);

-- The key that signs unsubscribe links, made once and shared by every replica.
CREATE TABLE inventory.signing_keys (
  name text PRIMARY KEY,
  secret text NOT NULL
);
INSERT INTO inventory.signing_keys (name, secret)
  VALUES ('unsubscribe', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

-- An ad made visible, or a visible ad edited, is matched against the bevakningar by a job queued in the same
-- statement's transaction (the hits' key keeps an edited ad from being announced twice).
CREATE FUNCTION inventory.cars_watch_inserted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO inventory.jobs (kind, payload)
    SELECT 'match', jsonb_build_object('cars', jsonb_agg(id)) FROM new_rows WHERE status = 'active'
    HAVING count(*) > 0;
  RETURN NULL;
END
$$;

CREATE FUNCTION inventory.cars_watch_updated() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO inventory.jobs (kind, payload)
    SELECT 'match', jsonb_build_object('cars', jsonb_agg(n.id))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status = 'active' AND (o.status <> 'active' OR (o.title, o.description, o.price, o.make, o.model, o.year,
      o.milage, o.color, o.type, o.transmission, o.drivetrain, o.fuel, o.kommun) IS DISTINCT FROM (n.title,
      n.description, n.price, n.make, n.model, n.year, n.milage, n.color, n.type, n.transmission, n.drivetrain,
      n.fuel, n.kommun))
    HAVING count(*) > 0;
  RETURN NULL;
END
$$;

CREATE TRIGGER cars_watch_inserted AFTER INSERT ON inventory.cars
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory.cars_watch_inserted();
CREATE TRIGGER cars_watch_updated AFTER UPDATE ON inventory.cars
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION inventory.cars_watch_updated();

-- A lowered price (recorded by 003's trigger) is mailed to those who saved the ad, by a job of the same transaction.
CREATE FUNCTION inventory.price_drop_queued() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO inventory.jobs (kind, payload)
    SELECT 'price-drop', jsonb_build_object('car', car_id, 'oldPrice', old_price, 'newPrice', new_price,
      'at', (extract(epoch FROM changed_at) * 1000000)::bigint)
    FROM new_rows WHERE new_price < old_price;
  RETURN NULL;
END
$$;

CREATE TRIGGER price_drop_queued AFTER INSERT ON inventory.price_changes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory.price_drop_queued();

-- A saved ad that is removed stays in its savers' list, marked removed, until they dismiss it: the title it had
-- and when it went. Written before the ad's row (and with it the saved entries) is deleted.
CREATE TABLE inventory.saved_removed (
  username text NOT NULL,
  car_id integer NOT NULL,
  title text NOT NULL,
  removed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (username, car_id)
);
CREATE INDEX saved_removed_username_lower_idx ON inventory.saved_removed (lower(username));

CREATE FUNCTION inventory.cars_saved_removed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO inventory.saved_removed (username, car_id, title)
    SELECT s.username, OLD.id, OLD.title FROM inventory.saved_cars s WHERE s.car_id = OLD.id
  ON CONFLICT DO NOTHING;
  RETURN OLD;
END
$$;

CREATE TRIGGER cars_saved_removed BEFORE DELETE ON inventory.cars
  FOR EACH ROW WHEN (OLD.status IN ('active', 'sold')) EXECUTE FUNCTION inventory.cars_saved_removed();
