-- The inventory's schema in one readable file (decisions in docs/decisions/). Later changes add files after this one.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE SCHEMA IF NOT EXISTS inventory;

-- Makes and models of the catalogue; lookups are case-insensitive (unique on lower(name)).
CREATE TABLE inventory.makes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL
);
CREATE UNIQUE INDEX makes_name_lower_key ON inventory.makes (lower(name));

CREATE TABLE inventory.models (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  make_id integer NOT NULL REFERENCES inventory.makes (id) ON DELETE CASCADE,
  name text NOT NULL
);
CREATE UNIQUE INDEX models_make_name_lower_key ON inventory.models (make_id, lower(name));

-- Search (decision 024) finds an ad by its words and its option fields, and folds accents on both sides.
--
-- A buyer types 'diesel', 'automat', 'kombi' or 'röd' and expects the ads whose fuel, gearbox, type or colour is
-- that, whatever their title says. The stored values are the Swedish words (packages/shared/src/options.ts), so
-- they are indexed as they are, with the lowest weight; a drivetrain's Swedish words are indexed beside its code.
--
-- 'citroen' finds Citroën and 'skoda' Škoda: text is composed (NFC), lower-cased and folded by `search_fold`, and
-- the search words by `foldForSearch` (services/inventory/src/services/search-folding.ts, the same two strings).
-- å, ä and ö are letters of their own in Swedish and stay; æ and ø become ä and ö. Plain built-in functions (no
-- unaccent extension), so PGlite and PostgreSQL fold alike. The columns store what it returned when the ad was
-- written: change it only in a migration that computes the columns again. translate() is skipped when there is
-- nothing to fold, and so is composing text that is composed already.
CREATE FUNCTION inventory.search_fold(value text)
RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  composed text := lower(CASE WHEN value IS NFC NORMALIZED THEN value ELSE normalize(value, NFC) END);
BEGIN
  IF composed ~ '[àáâãāăąæçćĉċčďđðèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõōŏőøŕŗřśŝşšșţťŧțùúûüũūŭůűųŵýÿŷźżž]' THEN
    RETURN translate(composed,
      'àáâãāăąæçćĉċčďđðèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõōŏőøŕŗřśŝşšșţťŧțùúûüũūŭůűųŵýÿŷźżž',
      'aaaaaaaäcccccdddeeeeeeeeegggghhiiiiiiiiijklllllnnnnoooooooörrrsssssttttuuuuuuuuuuwyyyzzz');
  END IF;
  RETURN composed;
END;
$$;

-- The words of an ad's option fields, as a buyer types them.
CREATE FUNCTION inventory.search_option_words(fuel text, transmission text, type text, color text, drivetrain text)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT fuel || ' ' || transmission || ' ' || type || ' ' || color || ' ' ||
    CASE drivetrain
      WHEN 'fwd' THEN 'fwd framhjulsdrift framhjulsdriven'
      WHEN 'awd' THEN 'awd 4wd 4x4 fyrhjulsdrift fyrhjulsdriven'
      WHEN 'rwd' THEN 'rwd bakhjulsdrift bakhjulsdriven'
      ELSE drivetrain
    END
$$;

-- The option values the Swedish stop list drops ('sedan' is also the word 'since'): no search word can find them
-- in the tsvector, so they join the partial-word column, where 'sedan' matches them.
CREATE FUNCTION inventory.search_stop_option_words(fuel text, transmission text, type text, color text,
  drivetrain text)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT concat(
    CASE WHEN to_tsvector('swedish', fuel) = ''::tsvector THEN ' ' || fuel END,
    CASE WHEN to_tsvector('swedish', transmission) = ''::tsvector THEN ' ' || transmission END,
    CASE WHEN to_tsvector('swedish', type) = ''::tsvector THEN ' ' || type END,
    CASE WHEN to_tsvector('swedish', color) = ''::tsvector THEN ' ' || color END,
    CASE WHEN to_tsvector('swedish', drivetrain) = ''::tsvector THEN ' ' || drivetrain END)
$$;

-- Utrustning (issue 44, decision 053): an ad lists its equipment as codes of the fixed list in
-- packages/shared/src/equipment.ts; the list filter asks for ads having ALL chosen codes (`equipment @> $1`), and a
-- bevakning with equipment matches by the same condition.

-- The codes of the list, in its order. The server refuses an unknown code with its Swedish message before any row is
-- written; these checks keep the stored codes to the list whatever writes them (a seed, a script, an old server).
-- Adding an item to the list replaces this function in a new migration (existing rows stay valid).
CREATE FUNCTION inventory.equipment_codes() RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY[
    'klimatanlaggning', 'farthallare', 'adaptiv-farthallare', 'elstolar', 'ventilerade-stolar', 'lader',
    'nyckelfritt', 'panoramatak', 'elbaklucka', 'head-up-display',
    'backkamera', '360-kamera', 'parkeringssensorer-fram', 'parkeringssensorer-bak', 'filhallning', 'dodavinkel',
    'nodbroms', 'skyltavlasning', 'led-stralkastare', 'isofix',
    'motorvarmare', 'kupevarmare', 'parkeringsvarmare', 'stolsvarme', 'rattvarme', 'uppvarmd-vindruta', 'vinterdack',
    'fyrhjulsdrift',
    'dragkrok', 'avtagbar-dragkrok', 'takreling', 'lastgaller', 'nivareglering', 'fallbart-baksate',
    'apple-carplay', 'android-auto', 'navigation', 'bluetooth', 'dab-radio', 'premiumljud', 'tradlos-laddning'
  ]::text[]
$$;

-- An ad is 'pending' while its photos are stored and becomes 'active' (visible) only when all are; `created` is
-- the moment it became visible.
CREATE TABLE inventory.cars (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL,
  price integer NOT NULL CHECK (price BETWEEN 0 AND 50000000),
  make text NOT NULL,
  model text NOT NULL,
  year integer NOT NULL CHECK (year BETWEEN 1885 AND 2026),
  milage integer NOT NULL CHECK (milage BETWEEN 0 AND 100000),
  hp integer NOT NULL CHECK (hp BETWEEN 0 AND 3000),
  color text NOT NULL,
  type text NOT NULL,
  transmission text NOT NULL,
  drivetrain text NOT NULL,
  fuel text NOT NULL,
  -- Where the car is (decision 037): its municipality's four-digit code (packages/shared/src/places.ts), null for an
  -- ad posted with the specification's fields alone (shown as 'Stockholm'). The county is the code's first two
  -- digits, a column of its own so that a county filter is an equality an index answers.
  kommun text CHECK (kommun ~ '^[0-9]{4}$'),
  lan text GENERATED ALWAYS AS (left(kommun, 2)) STORED,
  username text NOT NULL,
  image_count smallint NOT NULL DEFAULT 0 CHECK (image_count BETWEEN 0 AND 8),
  image_version integer NOT NULL DEFAULT 1,
  -- 'sold' leaves every list and search (they read status = 'active') and its page still answers, marked sold.
  -- 'hidden' (decision 042): hidden by a moderator or while its seller is blocked; every public read asks for
  -- 'active' (lists, search, bevakningar) or 'active'/'sold' (detail, photos, saved list, messaging), so the status
  -- is the one visibility predicate. Restoring puts back 'sold' when sold_at is set, else 'active'.
  -- 'expired' (issue 43, decision 054): an ad runs AD_LIFETIME_DAYS from publishing or its last renewal. Every
  -- list, search, bevakning and 'Liknande bilar' reads status = 'active', so an expired ad leaves them; its page
  -- answers through its own route ('Annonsen har gått ut').
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'sold', 'hidden', 'expired')),
  created timestamptz NOT NULL DEFAULT now(),
  updated timestamptz NOT NULL DEFAULT now(),
  sold_at timestamptz,
  -- The price history as the ad's page shows it (decision 038), the one place it is kept: [{date, price}, …], the
  -- publishing date and first price, then each change of a visible ad for sale, oldest first (see
  -- keep_price_history below). The cards' 'Sänkt' and the saved list's price when saved are read from it.
  price_history jsonb,
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('swedish', inventory.search_fold(make || ' ' || model)), 'A') ||
    setweight(to_tsvector('swedish', inventory.search_fold(title)), 'B') ||
    setweight(to_tsvector('swedish', inventory.search_fold(description)), 'C') ||
    setweight(to_tsvector('swedish', inventory.search_fold(
      inventory.search_option_words(fuel, transmission, type, color, drivetrain))), 'D')
  ) STORED,
  -- Partial words ('volv', 'citro') over make, model and title, and the option values the stop list drops.
  search_text text GENERATED ALWAYS AS (inventory.search_fold(make || ' ' || model || ' ' || title ||
    inventory.search_stop_option_words(fuel, transmission, type, color, drivetrain))) STORED,
  -- Vehicle identity (issue 40, decision 051): every new ad names its car by registration number, and keeps what
  -- the vehicle register said about it when it was published. Stored upper case without the space ('ABC123'; shown
  -- 'ABC 123'); the letters I, Q, V, Å, Ä and Ö are not used (packages/shared/src/validation/registration-number.ts
  -- holds the same pattern). Null for an ad published before numbers were asked for. `vehicle_facts` is the
  -- register's answer with `fetchedAt` (VehicleFactsSchema), null when the register knew nothing of the car.
  registration_number text CHECK (registration_number ~ '^[A-HJ-PR-UW-Z]{3}[0-9]{2}[0-9A-HJ-PR-UW-Z]$'),
  vehicle_facts jsonb,
  -- Utrustning (decision 053): each code once, in the list's order (the server sorts them). No null: none is '{}'.
  equipment text[] NOT NULL DEFAULT '{}'
    CONSTRAINT cars_equipment_known CHECK (equipment <@ inventory.equipment_codes()),
  -- The life of an ad (decision 054). `expires_at`: publishing (or the last renewal) plus 60 days. `warned_for`: the
  -- expires_at whose seven-day warning was queued (once per expiry). `asked_for`: the start of the quiet period
  -- whose 'Är bilen fortfarande till salu?' was queued, `answered_for` the one a link answered (a link works once).
  expires_at timestamptz NOT NULL DEFAULT (now() + interval '1440 hours'),
  warned_for timestamptz,
  asked_for timestamptz,
  answered_for timestamptz,
  -- Dealers' ads (issue 45, decision 060). Identity owns the dealers; an ad keeps the dealer it was published for,
  -- so lists and the ad's page need no call to identity. A private seller's ad has neither. `dealer_slug`: the
  -- dealer page's address part ('/handlare/{slug}'). `dealer_name`: the company name on the ad, set with the slug.
  -- `external_id`: the dealer's own id of the car in its stock system, the first key an import matches on; unique
  -- per dealer, whatever the ad's status (a car marked sold by absence that comes back in the feed is the same ad
  -- again).
  dealer_slug text CHECK (length(dealer_slug) BETWEEN 1 AND 100),
  dealer_name text CHECK (length(dealer_name) BETWEEN 1 AND 120),
  external_id text CHECK (length(external_id) BETWEEN 1 AND 100),
  -- The feed's photos of the car as last imported (URLs or zip names, one a line): a change queues their fetch.
  import_photos text,
  -- The ad's judgement from its cell's range (inventory.price_label, decision 064): 'low', 'normal', 'high', or null
  -- with fewer than 8 comparables (MIN_COMPARABLES in services/inventory/src/repositories/price-sql.ts) besides the
  -- ad. Kept for every ad whatever its status, as the lists that show sold ads (the saved ads) judged them; every list
  -- reads it as a column, written by the statistics' upkeep below.
  price_label text CHECK (price_label IN ('low', 'normal', 'high')),
  CONSTRAINT cars_dealer_together CHECK ((dealer_slug IS NULL) = (dealer_name IS NULL)),
  CONSTRAINT cars_external_id_of_dealer CHECK (external_id IS NULL OR dealer_slug IS NOT NULL)
);

-- The indexes of the list queries, each proved used by services/inventory/test/explain.int.test.ts. One per sort
-- order with the id tie-break; one per order of a make (browsing a make); make and model by date. No predicate
-- (decision 014): the planner does not cost an index a query can neither filter nor sort by.
CREATE INDEX cars_created_idx ON inventory.cars (created, id);
CREATE INDEX cars_price_idx ON inventory.cars (price, id);
CREATE INDEX cars_year_idx ON inventory.cars (year, id);
CREATE INDEX cars_milage_idx ON inventory.cars (milage, id);
CREATE INDEX cars_hp_idx ON inventory.cars (hp, id);
CREATE INDEX cars_make_created_idx ON inventory.cars (lower(make), created, id);
CREATE INDEX cars_make_price_idx ON inventory.cars (lower(make), price, id);
CREATE INDEX cars_make_year_idx ON inventory.cars (lower(make), year, id);
CREATE INDEX cars_make_milage_idx ON inventory.cars (lower(make), milage, id);
CREATE INDEX cars_make_hp_idx ON inventory.cars (lower(make), hp, id);
CREATE INDEX cars_make_model_created_idx ON inventory.cars (lower(make), lower(model), created, id);
-- 'Liknande bilar': the ads of a make and model nearest an ad's price, read as two short walks of this index (the
-- nearest cheaper and the nearest dearer) however many ads the model has.
CREATE INDEX cars_make_model_price_idx ON inventory.cars (lower(make), lower(model), price, id);
-- A place filter in the default order walks its own index; in another order its matches are fetched by it and
-- sorted (a county holds at most about a quarter of the ads, a kommun far fewer).
CREATE INDEX cars_lan_created_idx ON inventory.cars (lan, created, id);
CREATE INDEX cars_kommun_created_idx ON inventory.cars (kommun, created, id);
-- The option attributes, each from a short list: a walk of the order's index finds a broad filter's window fast,
-- but several at once can match too few ads for any walk (all five: one ad in 1,680). This index finds any subset
-- of them by equality (btree_gin), and the few matches are sorted.
CREATE INDEX cars_options_idx ON inventory.cars USING gin (transmission, fuel, type, color, drivetrain)
  WITH (gin_pending_list_limit = 64);
-- A seller's list and the erasure of a closed account; the start-up removal of abandoned pending ads.
CREATE INDEX cars_username_idx ON inventory.cars (lower(username), created);
CREATE INDEX cars_pending_idx ON inventory.cars (created) WHERE status = 'pending';
-- Search. GIN indexes buffer new entries in a pending list that every search scans linearly until vacuum: kept at
-- its minimum (64 kB), so searches keep using the indexes.
CREATE INDEX cars_search_idx ON inventory.cars USING gin (search) WITH (gin_pending_list_limit = 64);
CREATE INDEX cars_search_text_trgm_idx ON inventory.cars USING gin (search_text gin_trgm_ops)
  WITH (gin_pending_list_limit = 64);
-- One ad per car at a time: pending (being published), for sale or hidden by the moderators; a sold ad (sold_at
-- set) or a removed one frees the number. The index is what makes two publishes of one number at once give one
-- ad: the second insert waits for the first and fails (mapped to 409). Its predicate is on sold_at, not status:
-- every list query says status = 'active', and an index whose predicate that implies would be costed by the
-- planner for each of them (decision 014). Search by number asks for sold_at IS NULL too, so it uses this index.
CREATE UNIQUE INDEX cars_registration_number_key ON inventory.cars (registration_number) WHERE sold_at IS NULL;
-- The filter's containment (`equipment @> $1`). A few common items match a broad share of the ads, so a walk of the
-- order's index usually finds a window first; the index answers the rare combinations, whose matches are few and
-- sorted. The pending list kept at its minimum, as the search indexes'.
CREATE INDEX cars_equipment_idx ON inventory.cars USING gin (equipment) WITH (gin_pending_list_limit = 64);
-- The hourly sweep finds ads to expire and warn, and expired ones a year old to remove, by their end. Not led by
-- status: the list queries' status = 'active' must not make it a candidate for them (decision 014). The question
-- after 30 quiet days reads the table once an hour.
CREATE INDEX cars_expires_idx ON inventory.cars (expires_at);
-- An import's first match; the registration number within the dealer is its second (cars_registration_number_key).
CREATE UNIQUE INDEX cars_dealer_external_id_key ON inventory.cars (dealer_slug, external_id)
  WHERE external_id IS NOT NULL;
-- The dealer page's list in the default order, and a dealer's ads for the import and the removal by absence.
CREATE INDEX cars_dealer_created_idx ON inventory.cars (dealer_slug, created, id) WHERE dealer_slug IS NOT NULL;

-- The local vehicle register, the default VehicleRegister (services/inventory/src/register/): one row per car,
-- filled by the demo seed (the demo ads' cars and a few hundred more). Option fields hold the ad form's values.
CREATE TABLE inventory.vehicle_register (
  registration_number text PRIMARY KEY CHECK (registration_number ~ '^[A-HJ-PR-UW-Z]{3}[0-9]{2}[0-9A-HJ-PR-UW-Z]$'),
  make text NOT NULL,
  model text NOT NULL,
  year integer NOT NULL,
  hp integer NOT NULL,
  fuel text NOT NULL,
  transmission text NOT NULL,
  type text NOT NULL,
  color text NOT NULL,
  in_traffic boolean NOT NULL DEFAULT true,
  stolen boolean NOT NULL DEFAULT false,
  inspected_until date,
  last_inspection date,
  last_inspection_milage integer,
  owners integer NOT NULL CHECK (owners >= 1),
  first_registered date NOT NULL,
  -- The factory equipment the register knows of a car, which prefills the new-ad form's checkboxes.
  equipment text[] NOT NULL DEFAULT '{}'
    CONSTRAINT vehicle_register_equipment_known CHECK (equipment <@ inventory.equipment_codes()),
  CONSTRAINT vehicle_register_inspection_together CHECK ((last_inspection IS NULL) = (last_inspection_milage IS NULL))
);

CREATE TABLE inventory.saved_cars (
  username text NOT NULL,
  car_id integer NOT NULL REFERENCES inventory.cars (id) ON DELETE CASCADE,
  saved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (username, car_id)
);
CREATE INDEX saved_cars_user_saved_idx ON inventory.saved_cars (username, saved_at DESC);
CREATE INDEX saved_cars_car_idx ON inventory.saved_cars (car_id);
-- The erasure of a closed account removes its saved ads by lower(username), as it matches their ads.
CREATE INDEX saved_cars_username_lower_idx ON inventory.saved_cars (lower(username));

-- Moderators and administrators mark feedback as handled (and can take the mark back): who and when, set and
-- cleared together. The inbox's "unhandled" view reads the open ones newest first.
CREATE TABLE inventory.feedback (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  username text,
  created timestamptz NOT NULL DEFAULT now(),
  handled_by text,
  handled_at timestamptz,
  CONSTRAINT feedback_handled_together CHECK ((handled_by IS NULL) = (handled_at IS NULL))
);
CREATE INDEX feedback_open_idx ON inventory.feedback (id) WHERE handled_at IS NULL;

-- Photos are stored under versioned keys, {carId}-{version}-{n}.jpeg (decision 028): a replacement writes new
-- files beside the old ones and switches cars.image_version in one transaction. A new ad's photos are version 1;
-- replacements take theirs from this one sequence, so two writes never share keys and a version only grows.
CREATE SEQUENCE inventory.photo_versions AS integer START 2;

-- Photo versions no row points at, whose files are due for removal: a replacement records its version before
-- writing (removed with its files if it never switches), the switch swaps it for the old version, and removing
-- an ad records its version. Files are deleted after the commit, then the entry; what a crash leaves, the
-- start-up removes, so it never lists the store. No foreign key: an entry outlives its ad's row.
CREATE TABLE inventory.file_removals (
  car_id integer NOT NULL,
  version integer NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (car_id, version)
);

-- Closed accounts (GDPR erasure, services/inventory/src/services/seller-erasure.ts). Identity deletes the user and a
-- relay calls inventory's erasure, which first records the name here and then removes the seller's ads, photos and
-- saved ads and unlinks their feedback. Inventory never calls identity and a token stays valid until it expires
-- (up to an hour), so creating an ad and saving one look the name up here and refuse a closed seller, and publishing
-- a new ad checks it in the statement that makes the ad visible. Names of closed accounts are never given out again,
-- so a row is never removed. Lower-cased: identity's usernames are unique case-insensitively.
CREATE TABLE inventory.closed_sellers (
  username_lower text PRIMARY KEY,
  closed_at timestamptz NOT NULL DEFAULT now()
);

-- Time for sale, price history, sold ads and the fair-price judgement (decision 038).

-- How long sold ads were for sale, for the statistics; kept when the ad is removed later, gone when the sale is
-- taken back ('Ångra').
CREATE TABLE inventory.sales (
  car_id integer PRIMARY KEY,
  make text NOT NULL,
  model text NOT NULL,
  year integer NOT NULL,
  milage integer NOT NULL,
  price integer NOT NULL,
  listed_at timestamptz NOT NULL,
  sold_at timestamptz NOT NULL
);

-- The judgement. An ad's price is normalised to model year 2000 and 0 mil: each model year newer is worth 8 %
-- more, each 1,000 mil (10,000 km) driven 3 % less, so a comparable's normalised price times the factor of the
-- ad's own year and mileage is its price adjusted to the ad. Normalised prices are counted in bins of 1 %
-- (natural log × 100) per make, model, model year and mileage band (2,500 mil).
-- The bodies are SQL-standard (RETURN, stored parsed) and the logs are written as their float8 values
-- (ln(1.08), ln(0.97)): every list statement planned for its values inlines these functions, and a constant the
-- planner must fold or a body it must parse is work on every such plan (decision 063).
CREATE FUNCTION inventory.milage_band(milage integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN milage / 2500;

CREATE FUNCTION inventory.price_bin(price integer, year integer, milage integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN round((ln(price::float8) - float8 '0.0769610411361284' * (year - 2000)
  - float8 '-0.030459207484708574' * milage / float8 '1000') * float8 '100')::integer;

-- A bin's price adjusted to an ad's year and mileage, in whole thousands of kronor (what the page shows).
CREATE FUNCTION inventory.price_bound(bin integer, year integer, milage integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (round(exp(bin / float8 '100' + float8 '0.0769610411361284' * (year - 2000)
  + float8 '-0.030459207484708574' * milage / float8 '1000') / float8 '1000') * float8 '1000')::integer;

CREATE TABLE inventory.price_buckets (
  make_key text NOT NULL,
  model_key text NOT NULL,
  year integer NOT NULL,
  band integer NOT NULL,
  bin integer NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (make_key, model_key, year, band, bin)
);

-- Per cell (make, model, year, band): the comparable ads of an ad in that cell, those of its make and model with
-- a model year within ±2 and the same or a neighbouring mileage band: how many, and the bins of the 25th and
-- 75th percentile of their normalised prices. Reading an ad's range is one primary-key lookup here.
CREATE TABLE inventory.price_ranges (
  make_key text NOT NULL,
  model_key text NOT NULL,
  year integer NOT NULL,
  band integer NOT NULL,
  n integer NOT NULL,
  p25 integer NOT NULL,
  p75 integer NOT NULL,
  PRIMARY KEY (make_key, model_key, year, band)
);

-- An ad's judgement from its cell's range: 'low' (below the range), 'normal', 'high' (above), or null with fewer
-- than `needed` comparables (8, and 9 when the ad counts itself among them).
CREATE FUNCTION inventory.price_label(price integer, year integer, milage integer, n integer, p25 integer,
  p75 integer, needed integer)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
  WHEN n IS NULL OR n < needed OR price <= 0 THEN NULL
  WHEN price < inventory.price_bound(p25, year, milage) THEN 'low'
  WHEN price > inventory.price_bound(p75, year, milage) THEN 'high'
  ELSE 'normal'
END;

-- The 15 offsets (model year ±2, mileage band ±1) from a cell to the cells of its comparables.
CREATE FUNCTION inventory.price_offsets() RETURNS TABLE (dy integer, db integer)
LANGUAGE sql IMMUTABLE PARALLEL SAFE ROWS 15
AS $$ SELECT dy, db FROM generate_series(-2, 2) dy, generate_series(-1, 1) db $$;

CREATE TYPE inventory.price_delta AS (make_key text, model_key text, year integer, band integer, bin integer,
  n integer);

-- The cell an ad counts in, or null: only visible ads for sale with a price count.
CREATE FUNCTION inventory.price_cell(status text, price integer, make text, model text, year integer,
  milage integer, n integer)
RETURNS inventory.price_delta
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN status = 'active' AND price > 0 THEN
    ROW(lower(make), lower(model), year, inventory.milage_band(milage), inventory.price_bin(price, year, milage),
      n)::inventory.price_delta
  END
$$;

-- The statistics' upkeep as ads change, and the judgement kept on each ad for the cards: after inventory.jobs below.

-- A time as the API writes it (UTC, the milliseconds cut).
CREATE FUNCTION inventory.json_time(t timestamptz) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

-- Until a change is recorded, the history is the ad as it stands: its price at its publishing date (an ad edited
-- while pending or hidden, or made visible, keeps that one entry current). A visible ad for sale that changes its
-- price appends the change; with more than 20 the oldest is dropped and the price before the oldest kept change
-- stands at the publishing date.
CREATE FUNCTION inventory.keep_price_history() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  h jsonb;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.price <> NEW.price AND OLD.status = 'active' AND NEW.status = 'active' THEN
    h := coalesce(OLD.price_history,
      jsonb_build_array(jsonb_build_object('date', inventory.json_time(OLD.created), 'price', OLD.price)))
      || jsonb_build_array(jsonb_build_object('date', inventory.json_time(clock_timestamp()), 'price', NEW.price));
    IF jsonb_array_length(h) > 21 THEN
      h := jsonb_set(h - 1, '{0,price}', h -> 1 -> 'price');
    END IF;
    NEW.price_history := h;
  ELSIF NEW.price_history IS NULL OR jsonb_array_length(NEW.price_history) = 1 THEN
    NEW.price_history := jsonb_build_array(jsonb_build_object('date', inventory.json_time(NEW.created),
      'price', NEW.price));
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER price_history_started BEFORE INSERT ON inventory.cars
FOR EACH ROW EXECUTE FUNCTION inventory.keep_price_history();
CREATE TRIGGER price_history_kept BEFORE UPDATE OF price, created ON inventory.cars
FOR EACH ROW
WHEN (OLD.price IS DISTINCT FROM NEW.price OR OLD.created IS DISTINCT FROM NEW.created)
EXECUTE FUNCTION inventory.keep_price_history();

-- Bevakningar (saved searches), their new ads, and the durable job queue that mails them (decisions 039, 040).

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

-- The upkeep of the price statistics as ads change, and the judgement kept on each ad (decision 064). Every list
-- shows each card's judgement; read from its cell on every request it cost the lists planned for their values about
-- a third of their time on PGlite. The label changes only when the ad's price, year, mileage, make or model changes,
-- or when its cell's range does, and both happen in the statements below.

-- The ads of a cell, for writing the labels of a cell whose range changed. One array, not four columns, so no list
-- query's filter on make, model or year can match it: their plans stay on their own indexes.
CREATE FUNCTION inventory.price_cell_key(make text, model text, year integer, milage integer) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN ARRAY[lower(make), lower(model), year::text, inventory.milage_band(milage)::text];

CREATE INDEX cars_price_cell_idx ON inventory.cars (inventory.price_cell_key(make, model, year, milage));

-- Computes again the range of every cell whose comparables include one of `cells` (their n is not read), and
-- returns the cells whose ads may be judged otherwise now: a range that came or went, moved a bound, or crossed the
-- 9 comparables a label needs (price_label_now). A new count alone changes no label.
CREATE FUNCTION inventory.refresh_price_ranges(cells inventory.price_delta[])
RETURNS TABLE (make_key text, model_key text, year integer, band integer)
LANGUAGE plpgsql
AS $$
BEGIN
  -- Planned for this call's deltas (EXECUTE): one ad's change probes the buckets' key, a bulk insert joins whole.
  -- The 15 cells of each target are listed first (MATERIALIZED), so the buckets are joined on their whole key.
  RETURN QUERY EXECUTE $q$
  WITH targets AS (
    SELECT DISTINCT x.make_key, x.model_key, x.year + o.dy AS year, x.band + o.db AS band
    FROM (SELECT DISTINCT make_key, model_key, year, band FROM unnest($1::inventory.price_delta[])) x,
      inventory.price_offsets() o
  ), sources AS MATERIALIZED (
    SELECT t.*, t.year + o.dy AS src_year, t.band + o.db AS src_band FROM targets t, inventory.price_offsets() o
  ), counted AS (
    SELECT s.make_key, s.model_key, s.year, s.band, b.bin, sum(b.n) AS n
    FROM sources s
    JOIN inventory.price_buckets b ON b.make_key = s.make_key AND b.model_key = s.model_key AND b.year = s.src_year
      AND b.band = s.src_band
    GROUP BY 1, 2, 3, 4, 5
  ), running AS (
    SELECT c.*, sum(c.n) OVER (PARTITION BY c.make_key, c.model_key, c.year, c.band ORDER BY c.bin) AS run,
      sum(c.n) OVER (PARTITION BY c.make_key, c.model_key, c.year, c.band) AS total
    FROM counted c
  ), ranges AS (
    SELECT make_key, model_key, year, band, max(total)::integer AS n,
      min(bin) FILTER (WHERE run >= 0.25 * total) AS p25, min(bin) FILTER (WHERE run >= 0.75 * total) AS p75
    FROM running GROUP BY make_key, model_key, year, band
  ), emptied AS (
    DELETE FROM inventory.price_ranges r USING targets t
    WHERE r.make_key = t.make_key AND r.model_key = t.model_key AND r.year = t.year AND r.band = t.band
      AND NOT EXISTS (SELECT 1 FROM ranges x WHERE x.make_key = t.make_key AND x.model_key = t.model_key
        AND x.year = t.year AND x.band = t.band)
  ), kept AS (
    INSERT INTO inventory.price_ranges AS r (make_key, model_key, year, band, n, p25, p75)
      SELECT make_key, model_key, year, band, n, p25, p75 FROM ranges
    ON CONFLICT (make_key, model_key, year, band) DO UPDATE SET n = excluded.n, p25 = excluded.p25, p75 = excluded.p75
      WHERE (r.n, r.p25, r.p75) IS DISTINCT FROM (excluded.n, excluded.p25, excluded.p75)
  )
  -- Both writes run whether read or not; this reads the ranges as they were before them.
  SELECT t.make_key, t.model_key, t.year, t.band
  FROM targets t
  LEFT JOIN inventory.price_ranges r ON r.make_key = t.make_key AND r.model_key = t.model_key AND r.year = t.year
    AND r.band = t.band
  LEFT JOIN ranges x ON x.make_key = t.make_key AND x.model_key = t.model_key AND x.year = t.year AND x.band = t.band
  WHERE (r.p25, r.p75, r.n >= 9) IS DISTINCT FROM (x.p25, x.p75, x.n >= 9)
  $q$ USING cells;
END
$$;

-- An ad's judgement from its cell's range as it stands (9: the 8 comparables and the ad itself), as one row; none
-- when the cell has no range. A table function, called as `(SELECT label FROM inventory.price_label_now(…))`, so the
-- statement inlines it as a lookup by the cell's key: a scalar SQL function with a query in its body is not inlined
-- and runs as a call of its own for every ad (decision 064).
CREATE FUNCTION inventory.price_label_now(price integer, make text, model text, year integer, milage integer)
RETURNS TABLE (label text)
LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT inventory.price_label(price_label_now.price, price_label_now.year, price_label_now.milage, pr.n, pr.p25,
      pr.p75, 9)
    FROM inventory.price_ranges pr
    WHERE pr.make_key = lower(price_label_now.make) AND pr.model_key = lower(price_label_now.model)
      AND pr.year = price_label_now.year AND pr.band = inventory.milage_band(price_label_now.milage);
END;

-- Writes the label of the ads `ids` and of every ad in `cells` where it differs from their cell's range as it stands.
-- The ads of a cell are found through cars_price_cell_idx. It waits for no other transaction: an ad that another
-- one holds locked (it is changing that ad, under the lock of its make and model that the caller may hold) is left
-- to a 'price-labels' job, which writes it once that transaction has ended. Waiting would deadlock with it.
CREATE FUNCTION inventory.refresh_price_labels(ids integer[], cells inventory.price_delta[]) RETURNS void
LANGUAGE sql
AS $$
  -- The ads are found first (MATERIALIZED) and judged after: a judgement in the same WHERE would be pushed down to
  -- the scan of inventory.cars and made for every ad it reads.
  WITH found AS MATERIALIZED (
    SELECT a.id, a.price_label, a.price, a.make, a.model, a.year, a.milage FROM inventory.cars a
    WHERE a.id IN (
      SELECT unnest(ids)
      UNION
      SELECT b.id FROM (SELECT DISTINCT make_key, model_key, year, band FROM unnest(cells)) x
      JOIN inventory.cars b ON inventory.price_cell_key(b.make, b.model, b.year, b.milage)
        = ARRAY[x.make_key, x.model_key, x.year::text, x.band::text])
  ), judged AS (
    SELECT f.id FROM found f
    WHERE f.price_label IS DISTINCT FROM
      (SELECT label FROM inventory.price_label_now(f.price, f.make, f.model, f.year, f.milage))
  ), locked AS (
    SELECT a.id,
      (SELECT label FROM inventory.price_label_now(a.price, a.make, a.model, a.year, a.milage)) AS label
    FROM inventory.cars a WHERE a.id IN (SELECT id FROM judged)
    FOR NO KEY UPDATE OF a SKIP LOCKED
  ), written AS (
    UPDATE inventory.cars c SET price_label = locked.label FROM locked
    WHERE c.id = locked.id AND c.price_label IS DISTINCT FROM locked.label
  )
  INSERT INTO inventory.jobs (kind, payload)
    SELECT 'price-labels', jsonb_build_object('cars', jsonb_agg(id ORDER BY id))
    FROM (SELECT id FROM judged EXCEPT SELECT id FROM locked) s
    HAVING count(*) > 0
$$;

-- Writes of a make and model's statistics take turns: a transaction-held advisory lock per 'make/model' key (lower
-- case), taken in sorted order so two writers of several keys cannot deadlock. PL/pgSQL, as a SQL function would stop
-- after locking the first key.
CREATE FUNCTION inventory.lock_price_models(keys text[]) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('inventory.price/' || k))
    FROM (SELECT DISTINCT k FROM unnest(keys) k ORDER BY 1) s;
END
$$;

-- Adds the deltas to the buckets, computes again the range of every cell whose comparables they touch, and writes
-- the labels of the ads `ids` (those whose price, year, mileage, make or model changed) and of the ads in a cell
-- whose judgement may have changed. Writes of one make and model's statistics take turns (lock_price_models), so no
-- two see each other's buckets half-changed.
CREATE FUNCTION inventory.apply_price_changes(d inventory.price_delta[], ids integer[]) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  changed inventory.price_delta[];
BEGIN
  IF coalesce(cardinality(d), 0) > 0 THEN
    PERFORM inventory.lock_price_models(ARRAY(SELECT x.make_key || '/' || x.model_key FROM unnest(d) x));
    INSERT INTO inventory.price_buckets AS b (make_key, model_key, year, band, bin, n)
      SELECT x.make_key, x.model_key, x.year, x.band, x.bin, sum(x.n)
      FROM unnest(d) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(x.n) <> 0
    ON CONFLICT (make_key, model_key, year, band, bin) DO UPDATE SET n = b.n + excluded.n;
    DELETE FROM inventory.price_buckets b
      USING (SELECT DISTINCT x.make_key, x.model_key, x.year, x.band, x.bin FROM unnest(d) x) x
      WHERE b.make_key = x.make_key AND b.model_key = x.model_key AND b.year = x.year AND b.band = x.band
        AND b.bin = x.bin AND b.n <= 0;
    changed := ARRAY(SELECT ROW(r.make_key, r.model_key, r.year, r.band, 0, 0)::inventory.price_delta
      FROM inventory.refresh_price_ranges(d) r);
  END IF;
  -- The statement's own ads, which it holds: one plain update by key.
  IF coalesce(cardinality(ids), 0) > 0 THEN
    UPDATE inventory.cars
    SET price_label = (SELECT label FROM inventory.price_label_now(price, make, model, year, milage))
    WHERE id = ANY(ids)
      AND price_label IS DISTINCT FROM (SELECT label FROM inventory.price_label_now(price, make, model, year, milage));
  END IF;
  IF coalesce(cardinality(changed), 0) > 0 THEN
    PERFORM inventory.refresh_price_labels(NULL, changed);
  END IF;
END
$$;

CREATE FUNCTION inventory.cars_price_inserted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  -- New ads are judged under their make and model's lock, also when they count in no range yet (pending): a range
  -- changed beside this insert could not see them to write their labels.
  PERFORM inventory.lock_price_models(ARRAY(SELECT lower(make) || '/' || lower(model) FROM new_rows));
  PERFORM inventory.apply_price_changes(ARRAY(
    SELECT c FROM (SELECT inventory.price_cell(status, price, make, model, year, milage, 1) AS c FROM new_rows) s
    WHERE c IS NOT NULL), ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;

CREATE FUNCTION inventory.cars_price_deleted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM inventory.apply_price_changes(ARRAY(
    SELECT c FROM (SELECT inventory.price_cell(status, price, make, model, year, milage, -1) AS c FROM old_rows) s
    WHERE c IS NOT NULL), NULL);
  RETURN NULL;
END
$$;

-- A lowered price of a visible ad for sale is mailed to those who saved it, by a job of the same transaction, and
-- the statistics and labels follow every change of status, price, make, model, year or mileage. Writing a label
-- fires this trigger again, with no such change: it then does nothing.
CREATE FUNCTION inventory.cars_price_updated() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO inventory.jobs (kind, payload)
    SELECT 'price-drop', jsonb_build_object('car', o.id, 'oldPrice', o.price, 'newPrice', n.price,
      'at', (extract(epoch FROM clock_timestamp()) * 1000000)::bigint)
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.price < o.price AND o.status = 'active' AND n.status = 'active';
  PERFORM inventory.apply_price_changes(ARRAY(
    SELECT x FROM (
      SELECT inventory.price_cell(o.status, o.price, o.make, o.model, o.year, o.milage, -1) AS was,
        inventory.price_cell(n.status, n.price, n.make, n.model, n.year, n.milage, 1) AS cur
      FROM old_rows o JOIN new_rows n ON n.id = o.id
    ) s, LATERAL (VALUES (s.was), (s.cur)) v (x)
    WHERE x IS NOT NULL
      AND (s.was IS NULL OR s.cur IS NULL OR (s.was).make_key <> (s.cur).make_key
        OR (s.was).model_key <> (s.cur).model_key OR (s.was).year <> (s.cur).year
        OR (s.was).band <> (s.cur).band OR (s.was).bin <> (s.cur).bin)),
    ARRAY(SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.price, o.year, o.milage, o.make, o.model) IS DISTINCT FROM (n.price, n.year, n.milage, n.make, n.model)));
  RETURN NULL;
END
$$;

CREATE TRIGGER cars_price_inserted AFTER INSERT ON inventory.cars
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory.cars_price_inserted();
CREATE TRIGGER cars_price_updated AFTER UPDATE ON inventory.cars
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION inventory.cars_price_updated();
CREATE TRIGGER cars_price_deleted AFTER DELETE ON inventory.cars
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory.cars_price_deleted();

-- The statistics and labels from scratch, for a bulk load that leaves the insert trigger off
-- (server/src/cli/bulk-seed.ts).
CREATE FUNCTION inventory.rebuild_price_statistics() RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM inventory.price_ranges;
  DELETE FROM inventory.price_buckets;
  INSERT INTO inventory.price_buckets (make_key, model_key, year, band, bin, n)
    SELECT (c).make_key, (c).model_key, (c).year, (c).band, (c).bin, count(*)
    FROM (SELECT inventory.price_cell(status, price, make, model, year, milage, 1) AS c FROM inventory.cars) s
    WHERE c IS NOT NULL GROUP BY 1, 2, 3, 4, 5;
  PERFORM inventory.refresh_price_ranges(ARRAY(
    SELECT ROW(make_key, model_key, year, band, 0, 0)::inventory.price_delta
    FROM inventory.price_buckets GROUP BY make_key, model_key, year, band));
  -- Every ad at once, as one plain update: a bulk load or a migration, which no other writer runs beside.
  UPDATE inventory.cars
  SET price_label = (SELECT label FROM inventory.price_label_now(price, make, model, year, milage));
END
$$;

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
  seen_at timestamptz NOT NULL DEFAULT now(),
  -- The equipment asked for: null when none, else the codes an ad must all have (decision 053).
  equipment text[] CONSTRAINT watches_equipment_known CHECK (equipment <@ inventory.equipment_codes()),
  -- 'Privat / Handlare' (null for either) and the dealer (null for any), compared as the list compares (decision 060).
  seller text CHECK (seller IN ('privat', 'handlare')),
  dealer text,
  -- Avstånd (issue 44, decision 058): a bevakning keeps the list's distance filter, so its matching is the list's
  -- answer. The list measures from a kommun's seat (packages/shared/src/kommun-points.ts): given a kommun, it keeps
  -- the ads with a place; given a radius too, the ads of the kommuner within it. Both are stored as the list reads
  -- them: the kommun, and the kommuner within the radius (computed from the shared table when saved; the table is
  -- fixed data, so the set does not go stale).
  near text CONSTRAINT watches_near_code CHECK (near ~ '^[0-9]{4}$'),
  near_kommuner text[]
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

-- Keys made once and shared by every replica: 'unsubscribe' signs unsubscribe links, 'ad-answers' the one-click
-- answers of 'Är bilen fortfarande till salu?' (decision 054).
CREATE TABLE inventory.signing_keys (
  name text PRIMARY KEY,
  secret text NOT NULL
);
INSERT INTO inventory.signing_keys (name, secret)
  VALUES ('unsubscribe', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')),
    ('ad-answers', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

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

-- An edit matters when it changes a field a bevakning compares, the equipment and the dealer among them.
CREATE FUNCTION inventory.cars_watch_updated() RETURNS trigger
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

CREATE TRIGGER cars_watch_inserted AFTER INSERT ON inventory.cars
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory.cars_watch_inserted();
CREATE TRIGGER cars_watch_updated AFTER UPDATE ON inventory.cars
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION inventory.cars_watch_updated();

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

-- An ad that expired and is removed a year later is marked removed in its savers' lists, as a deleted one is.
CREATE TRIGGER cars_saved_removed BEFORE DELETE ON inventory.cars
  FOR EACH ROW WHEN (OLD.status IN ('active', 'sold', 'expired')) EXECUTE FUNCTION inventory.cars_saved_removed();

-- Trust and moderation (decisions 041, 042, 045, 046): reports of ads and users, hidden ads, blocked sellers and
-- the moderators' audit log.

-- An ad a moderator hid, with the reason its seller is shown, and the seller's one review request.
CREATE TABLE inventory.hidden_ads (
  car_id integer PRIMARY KEY REFERENCES inventory.cars (id) ON DELETE CASCADE,
  reason text NOT NULL,
  hidden_by text NOT NULL,
  hidden_at timestamptz NOT NULL DEFAULT now(),
  review_text text,
  review_requested_at timestamptz,
  -- A moderator kept the ad hidden after the review: no second request.
  review_decided_at timestamptz,
  -- 'Granskas' (issue 42): an ad priced below PRICE_HOLD_SHARE of the low end of its fair-price range is hidden
  -- from the moment it is published (or edited to that price) until a moderator shows it again or hides it for
  -- good. The hold is a row here, so it reuses what a hidden ad already has: out of lists, search, bevakningar and
  -- 'Liknande bilar'; the owner's view with the reason; the moderators' queue and their restore and hide.
  held_for_price boolean NOT NULL DEFAULT false,
  CONSTRAINT hidden_ads_review_together CHECK ((review_text IS NULL) = (review_requested_at IS NULL))
);
CREATE INDEX hidden_ads_review_idx ON inventory.hidden_ads (review_requested_at)
  WHERE review_requested_at IS NOT NULL AND review_decided_at IS NULL;

-- Sellers identity has blocked, as its relay told inventory (decision 041); lower-cased like closed_sellers.
CREATE TABLE inventory.blocked_sellers (
  username_lower text PRIMARY KEY,
  blocked_at timestamptz NOT NULL DEFAULT now()
);

-- Reports of ads. The ad's title and seller are kept as they were, so the reporter's list and the seller's history
-- outlive the ad; no foreign key for the same reason. One open report per user and ad. reporter is NULL once that
-- account is closed (the report stays, as messaging's do).
CREATE TABLE inventory.ad_reports (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  car_id integer NOT NULL,
  seller text NOT NULL,
  car_title text NOT NULL,
  reporter text,
  reason text NOT NULL,
  text text NOT NULL DEFAULT '',
  created timestamptz NOT NULL DEFAULT now(),
  outcome text CHECK (outcome IN ('hidden', 'dismissed')),
  decided_at timestamptz,
  CONSTRAINT ad_reports_decided_together CHECK ((outcome IS NULL) = (decided_at IS NULL))
);
CREATE UNIQUE INDEX ad_reports_open_key ON inventory.ad_reports (car_id, lower(reporter)) WHERE outcome IS NULL;
-- The reporter's list and the hourly limit; the seller's history.
CREATE INDEX ad_reports_reporter_idx ON inventory.ad_reports (lower(reporter), created);
CREATE INDEX ad_reports_seller_idx ON inventory.ad_reports (lower(seller));

-- Every moderator action: who, when, what, why. Append-only: the product only inserts, and these triggers refuse
-- UPDATE, DELETE and TRUNCATE to everyone, so no route or bug can rewrite the record. `source_key` makes a relayed
-- block or conversation-report decision (messaging's relay, decision 046: 'conversation-report:{decision id}')
-- recorded once however often the relay delivers it.
CREATE TABLE inventory.moderation_audit (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  action text NOT NULL CHECK (action IN (
    'hide', 'restore', 'dismiss', 'keep-hidden', 'block', 'unblock', 'conversation-handled', 'conversation-dismissed'
  )),
  car_id integer,
  username text,
  reason text NOT NULL DEFAULT '',
  source_key text UNIQUE,
  conversation_id integer
);
CREATE INDEX moderation_audit_at_idx ON inventory.moderation_audit (at DESC, id DESC);

CREATE FUNCTION inventory.refuse_audit_change()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'inventory.moderation_audit is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER moderation_audit_no_update_delete BEFORE UPDATE OR DELETE ON inventory.moderation_audit
  FOR EACH ROW EXECUTE FUNCTION inventory.refuse_audit_change();
CREATE TRIGGER moderation_audit_no_truncate BEFORE TRUNCATE ON inventory.moderation_audit
  FOR EACH STATEMENT EXECUTE FUNCTION inventory.refuse_audit_change();

-- Reports of users ('Anmäl användare' on a user's page, decision 045), beside the reports of ads. A table of
-- their own: a report names a user, not an ad, and is decided by a block or a dismissal, so the ad reports' queue,
-- unique key and decisions stay as they are. The reported name is kept as identity spells it. One open report per
-- reporter and user. reporter is NULL once that account is closed (the report stays, as the ad reports do).
CREATE TABLE inventory.user_reports (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reported text NOT NULL,
  reporter text,
  reason text NOT NULL,
  text text NOT NULL DEFAULT '',
  created timestamptz NOT NULL DEFAULT now(),
  outcome text CHECK (outcome IN ('blocked', 'dismissed')),
  decided_at timestamptz,
  CONSTRAINT user_reports_decided_together CHECK ((outcome IS NULL) = (decided_at IS NULL))
);
CREATE UNIQUE INDEX user_reports_open_key ON inventory.user_reports (lower(reported), lower(reporter))
  WHERE outcome IS NULL;
-- The reporter's list and the hourly limit (counted together with ad_reports_reporter_idx).
CREATE INDEX user_reports_reporter_idx ON inventory.user_reports (lower(reporter), created);
-- The queue (open reports by user) and the user's report history.
CREATE INDEX user_reports_reported_idx ON inventory.user_reports (lower(reported), created);

-- The life of an ad (issue 43, decision 054): the hours whose sweep was queued (whichever replica got there first);
-- rows older than a week are dropped.
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

-- Dealers' import feeds (issue 45, decision 060).

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

-- Reference data: the makes and models of the Swedish used-car market (always present, not demo data).
CREATE TEMPORARY TABLE catalogue_seed (make text NOT NULL, models text[] NOT NULL);

INSERT INTO catalogue_seed (make, models) VALUES
  ('Alfa Romeo', ARRAY['145', '146', '147', '156', '159', '166', 'Brera', 'Giulia', 'Giulietta', 'GT', 'Junior', 'MiTo', 'Spider', 'Stelvio', 'Tonale']),
  ('Audi', ARRAY['80', '100', 'A1', 'A2', 'A3', 'A4', 'A4 Allroad', 'A5', 'A6', 'A6 Allroad', 'A7', 'A8', 'e-tron', 'e-tron GT', 'Q2', 'Q3', 'Q4 e-tron', 'Q5', 'Q6 e-tron', 'Q7', 'Q8', 'Q8 e-tron', 'R8', 'RS3', 'RS4', 'RS5', 'RS6', 'S3', 'S4', 'S5', 'S6', 'S8', 'SQ5', 'TT']),
  ('BMW', ARRAY['1-serie', '2-serie', '2-serie Active Tourer', '2-serie Gran Coupé', '3-serie', '4-serie', '5-serie', '6-serie', '7-serie', '8-serie', 'i3', 'i4', 'i5', 'i7', 'i8', 'iX', 'iX1', 'iX2', 'iX3', 'M2', 'M3', 'M4', 'M5', 'X1', 'X2', 'X3', 'X4', 'X5', 'X6', 'X7', 'Z3', 'Z4']),
  ('BYD', ARRAY['Atto 2', 'Atto 3', 'Dolphin', 'Dolphin Surf', 'Han', 'Seal', 'Seal U', 'Sealion 7', 'Tang']),
  ('Cadillac', ARRAY['CTS', 'DeVille', 'Eldorado', 'Escalade', 'Fleetwood', 'Lyriq', 'Seville', 'XT4']),
  ('Chevrolet', ARRAY['Aveo', 'Bel Air', 'Bolt', 'Camaro', 'Captiva', 'Chevelle', 'Corvette', 'Cruze', 'Impala', 'Orlando', 'Silverado', 'Spark', 'Tahoe', 'Volt']),
  ('Chrysler', ARRAY['300C', 'Crossfire', 'Grand Voyager', 'PT Cruiser', 'Sebring', 'Voyager']),
  ('Citroën', ARRAY['2CV', 'Berlingo', 'C1', 'C3', 'C3 Aircross', 'C4', 'C4 Cactus', 'C4 Picasso', 'C4 X', 'C5', 'C5 Aircross', 'C5 X', 'ë-C3', 'ë-C4', 'Jumper', 'Jumpy', 'SpaceTourer', 'Xantia', 'Xsara', 'Xsara Picasso']),
  ('Cupra', ARRAY['Ateca', 'Born', 'Formentor', 'Leon', 'Tavascan', 'Terramar']),
  ('Dacia', ARRAY['Bigster', 'Dokker', 'Duster', 'Jogger', 'Lodgy', 'Logan', 'Sandero', 'Sandero Stepway', 'Spring']),
  ('Dodge', ARRAY['Caliber', 'Challenger', 'Charger', 'Durango', 'Journey', 'Nitro', 'Ram', 'Viper']),
  ('DS', ARRAY['DS 3', 'DS 4', 'DS 5', 'DS 7', 'DS 9']),
  ('Ferrari', ARRAY['296', '488', '812', 'California', 'F8', 'Portofino', 'Purosangue', 'Roma', 'SF90']),
  ('Fiat', ARRAY['124 Spider', '500', '500e', '500L', '500X', '600', 'Doblo', 'Ducato', 'Multipla', 'Panda', 'Punto', 'Qubo', 'Scudo', 'Tipo', 'Uno']),
  ('Ford', ARRAY['B-Max', 'C-Max', 'Capri', 'EcoSport', 'Edge', 'Escort', 'Explorer', 'Fiesta', 'Focus', 'Galaxy', 'Ka', 'Kuga', 'Mondeo', 'Mustang', 'Mustang Mach-E', 'Puma', 'Ranger', 'S-Max', 'Sierra', 'Taunus', 'Tourneo Connect', 'Tourneo Custom', 'Transit', 'Transit Connect', 'Transit Custom']),
  ('Honda', ARRAY['Accord', 'Civic', 'CR-V', 'CR-Z', 'e', 'e:Ny1', 'FR-V', 'HR-V', 'Insight', 'Jazz', 'Prelude', 'S2000', 'ZR-V']),
  ('Hyundai', ARRAY['Bayon', 'Getz', 'H-1', 'i10', 'i20', 'i30', 'i40', 'Inster', 'Ioniq', 'Ioniq 5', 'Ioniq 6', 'ix20', 'ix35', 'Kona', 'Santa Fe', 'Staria', 'Tucson']),
  ('Isuzu', ARRAY['D-Max', 'Trooper']),
  ('Jaguar', ARRAY['E-Pace', 'E-Type', 'F-Pace', 'F-Type', 'I-Pace', 'S-Type', 'X-Type', 'XE', 'XF', 'XJ', 'XK']),
  ('Jeep', ARRAY['Avenger', 'Cherokee', 'Commander', 'Compass', 'Gladiator', 'Grand Cherokee', 'Renegade', 'Wrangler']),
  ('Kia', ARRAY['Carens', 'Ceed', 'Ceed SW', 'EV3', 'EV6', 'EV9', 'Niro', 'Optima', 'Picanto', 'ProCeed', 'Rio', 'Sorento', 'Soul', 'Sportage', 'Stinger', 'Stonic', 'Venga', 'XCeed']),
  ('Lancia', ARRAY['Delta', 'Musa', 'Thema', 'Ypsilon']),
  ('Land Rover', ARRAY['Defender', 'Discovery', 'Discovery Sport', 'Freelander', 'Range Rover', 'Range Rover Evoque', 'Range Rover Sport', 'Range Rover Velar']),
  ('Lexus', ARRAY['CT', 'ES', 'GS', 'IS', 'LBX', 'LC', 'LS', 'NX', 'RC', 'RX', 'RZ', 'UX']),
  ('Lynk & Co', ARRAY['01', '02', '08']),
  ('Maserati', ARRAY['Ghibli', 'GranTurismo', 'Grecale', 'Levante', 'MC20', 'Quattroporte']),
  ('Mazda', ARRAY['323', '626', 'CX-3', 'CX-30', 'CX-5', 'CX-60', 'CX-80', 'Mazda2', 'Mazda3', 'Mazda5', 'Mazda6', 'MX-30', 'MX-5', 'RX-8']),
  ('Mercedes-Benz', ARRAY['A-Klass', 'AMG GT', 'B-Klass', 'C-Klass', 'Citan', 'CLA', 'CLK', 'CLS', 'E-Klass', 'EQA', 'EQB', 'EQC', 'EQE', 'EQS', 'EQV', 'G-Klass', 'GLA', 'GLB', 'GLC', 'GLE', 'GLK', 'GLS', 'ML', 'S-Klass', 'SL', 'SLK', 'Sprinter', 'V-Klass', 'Vito']),
  ('MG', ARRAY['Cyberster', 'HS', 'Marvel R', 'MG3', 'MG4', 'MG5', 'MGA', 'MGB', 'ZS', 'ZS EV']),
  ('Mini', ARRAY['Aceman', 'Cabrio', 'Clubman', 'Cooper', 'Cooper S', 'Countryman', 'John Cooper Works', 'One', 'Paceman']),
  ('Mitsubishi', ARRAY['ASX', 'Colt', 'Eclipse Cross', 'Galant', 'L200', 'Lancer', 'Outlander', 'Pajero', 'Space Star']),
  ('Nissan', ARRAY['350Z', '370Z', 'Almera', 'Ariya', 'e-NV200', 'Juke', 'Leaf', 'Micra', 'Navara', 'Note', 'NV200', 'Pathfinder', 'Primastar', 'Primera', 'Qashqai', 'Townstar', 'X-Trail']),
  ('Opel', ARRAY['Adam', 'Agila', 'Ampera', 'Ampera-e', 'Antara', 'Astra', 'Combo', 'Corsa', 'Crossland', 'Frontera', 'Grandland', 'Insignia', 'Kadett', 'Karl', 'Meriva', 'Mokka', 'Movano', 'Omega', 'Vectra', 'Vivaro', 'Zafira']),
  ('Peugeot', ARRAY['106', '107', '108', '2008', '206', '207', '208', '3008', '306', '307', '308', '407', '408', '5008', '508', 'Boxer', 'e-2008', 'e-208', 'e-3008', 'Expert', 'Partner', 'Rifter', 'Traveller']),
  ('Polestar', ARRAY['1', '2', '3', '4']),
  ('Porsche', ARRAY['718 Boxster', '718 Cayman', '911', '924', '928', '944', 'Boxster', 'Cayenne', 'Cayman', 'Macan', 'Panamera', 'Taycan']),
  ('Renault', ARRAY['5 E-Tech', 'Arkana', 'Austral', 'Captur', 'Clio', 'Espace', 'Kadjar', 'Kangoo', 'Koleos', 'Laguna', 'Master', 'Megane', 'Megane E-Tech', 'Rafale', 'Scenic', 'Scenic E-Tech', 'Symbioz', 'Talisman', 'Trafic', 'Twingo', 'Zoe']),
  ('Saab', ARRAY['92', '93', '95', '96', '99', '900', '9000', '9-2X', '9-3', '9-4X', '9-5', '9-7X', 'Sonett']),
  ('Seat', ARRAY['Alhambra', 'Altea', 'Arona', 'Ateca', 'Exeo', 'Ibiza', 'Leon', 'Mii', 'Tarraco', 'Toledo']),
  ('Skoda', ARRAY['Citigo', 'Elroq', 'Enyaq', 'Fabia', 'Kamiq', 'Karoq', 'Kodiaq', 'Octavia', 'Rapid', 'Roomster', 'Scala', 'Superb', 'Yeti']),
  ('Smart', ARRAY['#1', '#3', 'ForFour', 'ForTwo']),
  ('SsangYong', ARRAY['Korando', 'Musso', 'Rexton', 'Tivoli', 'Torres']),
  ('Subaru', ARRAY['BRZ', 'Crosstrek', 'Forester', 'Impreza', 'Legacy', 'Levorg', 'Outback', 'Solterra', 'WRX', 'XV']),
  ('Suzuki', ARRAY['Across', 'Alto', 'Baleno', 'Celerio', 'Grand Vitara', 'Ignis', 'Jimny', 'S-Cross', 'Splash', 'Swace', 'Swift', 'SX4', 'Vitara', 'Wagon R+']),
  ('Tesla', ARRAY['Cybertruck', 'Model 3', 'Model S', 'Model X', 'Model Y', 'Roadster']),
  ('Toyota', ARRAY['Auris', 'Avensis', 'Aygo', 'Aygo X', 'bZ4X', 'C-HR', 'Camry', 'Carina', 'Celica', 'Corolla', 'Corolla Cross', 'Corolla Touring Sports', 'GR86', 'GR Yaris', 'Hiace', 'Highlander', 'Hilux', 'Land Cruiser', 'Mirai', 'Prius', 'Prius+', 'Proace', 'Proace City', 'RAV4', 'Supra', 'Verso', 'Yaris', 'Yaris Cross']),
  ('Volkswagen', ARRAY['Amarok', 'Arteon', 'Beetle', 'Bora', 'Bubbla', 'Caddy', 'California', 'Caravelle', 'Crafter', 'Golf', 'Golf Plus', 'Golf Sportsvan', 'ID.3', 'ID.4', 'ID.5', 'ID.7', 'ID. Buzz', 'Jetta', 'Multivan', 'Passat', 'Passat Alltrack', 'Phaeton', 'Polo', 'Scirocco', 'Sharan', 'T-Cross', 'T-Roc', 'Taigo', 'Tiguan', 'Tiguan Allspace', 'Touareg', 'Touran', 'Transporter', 'Up!']),
  ('Volvo', ARRAY['140', '142', '144', '145', '164', '240', '244', '245', '340', '360', '440', '460', '480', '740', '760', '780', '850', '940', '960', 'Amazon', 'C30', 'C40', 'C70', 'EX30', 'EX40', 'EX90', 'ES90', 'P1800', 'PV444', 'PV544', 'S40', 'S60', 'S70', 'S80', 'S90', 'V40', 'V50', 'V60', 'V70', 'V90', 'XC40', 'XC60', 'XC70', 'XC90']),
  ('XPeng', ARRAY['G6', 'G9', 'P7']),
  ('Zeekr', ARRAY['001', '7X', 'X']);

INSERT INTO inventory.makes (name)
SELECT make FROM catalogue_seed ORDER BY make
ON CONFLICT DO NOTHING;

INSERT INTO inventory.models (make_id, name)
SELECT m.id, x.model
FROM catalogue_seed s
JOIN inventory.makes m ON lower(m.name) = lower(s.make)
CROSS JOIN LATERAL unnest(s.models) AS x(model)
ON CONFLICT DO NOTHING;
DROP TABLE catalogue_seed;

-- Search forgives spacing and small typos in makes and models (decision 043): the search words are compared with
-- the catalogue's names, word by word, through pg_trgm's similarity. The names as the search columns hold them
-- (folded), each word of a name on a row of its own ('mercedes' and 'benz') and the name without spaces and hyphens ('xc90', 'cx5'):
-- computed once here, so a search compares a few words with a thousand short rows and nothing else. The catalogue
-- changes only in migrations: one that adds makes or models refreshes this view.
CREATE MATERIALIZED VIEW inventory.search_names AS
  SELECT DISTINCT n.name, p.part, regexp_replace(n.name, '[^[:alnum:]]+', '', 'g') AS compact
  FROM (
    SELECT inventory.search_fold(name) AS name FROM inventory.makes
    UNION SELECT inventory.search_fold(name) FROM inventory.models
  ) n, regexp_split_to_table(n.name, '[^[:alnum:]]+') AS p(part)
  WHERE p.part <> '';
-- The typo lookup (decision 043, amended) finds a search word's close names through indexes instead of comparing
-- the word with every row of inventory.search_names: the names with the word's letters and digits through the btree
-- on `compact`, the words of names containing the word (LIKE) through the trigram index on `part`, and those
-- sharing a trigram with it (the only ones with a similarity above zero) through the index of their trigrams. The
-- `%` operator is not used: on PGlite with btree_gin loaded it can stall the database. Indexes of a materialized view
-- are kept by REFRESH MATERIALIZED VIEW.
CREATE INDEX search_names_compact_idx ON inventory.search_names (compact);
CREATE INDEX search_names_part_trgm_idx ON inventory.search_names USING gin (part gin_trgm_ops);
CREATE INDEX search_names_trigrams_idx ON inventory.search_names USING gin (show_trgm(part));
ANALYZE inventory.search_names;

-- The lookup itself, as a function whose plan PL/pgSQL keeps for the session: it runs on every search, and PGlite
-- plans every statement it is sent (decision 048). The rows are CloseName's (search-terms-repository.ts).
CREATE FUNCTION inventory.close_names(p_words text[], p_threshold real)
RETURNS TABLE (word text, name text, compact boolean, known boolean, part text, score real)
LANGUAGE plpgsql STABLE
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY  WITH asked AS (
    SELECT word, regexp_replace(word, '[^[:alnum:]]+', '', 'g') AS compact,
      '%' || regexp_replace(word, '([\\%_])', '\\\1', 'g') || '%' AS containing, show_trgm(word) AS trigrams
    FROM unnest(p_words) AS word
  ), candidates AS (
    SELECT a.word, a.compact AS asked, n.name, n.part, n.compact
    FROM asked a JOIN inventory.search_names n ON n.compact = a.compact
    UNION
    SELECT a.word, a.compact, n.name, n.part, n.compact
    FROM asked a JOIN inventory.search_names n ON n.part LIKE a.containing
    UNION
    SELECT a.word, a.compact, n.name, n.part, n.compact
    FROM asked a JOIN inventory.search_names n ON show_trgm(n.part) && a.trigrams AND similarity(a.word, n.part) >= p_threshold
    UNION
    SELECT a.word, a.compact, n.name, n.part, n.compact
    FROM asked a CROSS JOIN inventory.search_names n WHERE p_threshold <= 0
  )
  SELECT word, name,
    bool_or(compact = asked) AS compact,
    bool_or(bool_or(strpos(part, word) > 0)) OVER (PARTITION BY word) AS known,
    (array_agg(part ORDER BY similarity(word, part) DESC, part))[1] AS part,
    max(similarity(word, part)) AS score
  FROM candidates
  GROUP BY word, name
  ORDER BY word, name;
END
$$;
