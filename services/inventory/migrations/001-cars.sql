CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE SCHEMA IF NOT EXISTS inventory;

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

-- An ad is 'pending' while its photos are stored and becomes 'active' (visible) only when all are.
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
  username text NOT NULL,
  image_count smallint NOT NULL DEFAULT 0 CHECK (image_count BETWEEN 0 AND 8),
  image_version integer NOT NULL DEFAULT 1,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active')),
  created timestamptz NOT NULL DEFAULT now(),
  updated timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('swedish', coalesce(make, '') || ' ' || coalesce(model, '')), 'A') ||
    setweight(to_tsvector('swedish', coalesce(title, '')), 'B') ||
    setweight(to_tsvector('swedish', coalesce(description, '')), 'C')
  ) STORED,
  -- Partial-word matching ('volv', 'xc6') over the short fields with trigrams.
  search_text text GENERATED ALWAYS AS (lower(make || ' ' || model || ' ' || title)) STORED
);

CREATE INDEX cars_search_idx ON inventory.cars USING gin (search);
CREATE INDEX cars_search_text_trgm_idx ON inventory.cars USING gin (search_text gin_trgm_ops);
-- Sort orders with the id tie-break, visible ads only.
CREATE INDEX cars_created_idx ON inventory.cars (created, id) WHERE status = 'active';
CREATE INDEX cars_price_idx ON inventory.cars (price, id) WHERE status = 'active';
CREATE INDEX cars_year_idx ON inventory.cars (year, id) WHERE status = 'active';
CREATE INDEX cars_milage_idx ON inventory.cars (milage, id) WHERE status = 'active';
CREATE INDEX cars_hp_idx ON inventory.cars (hp, id) WHERE status = 'active';
CREATE INDEX cars_make_model_created_idx ON inventory.cars (lower(make), lower(model), created, id) WHERE status = 'active';
CREATE INDEX cars_username_idx ON inventory.cars (lower(username), created);
CREATE INDEX cars_pending_idx ON inventory.cars (created) WHERE status = 'pending';

CREATE TABLE inventory.saved_cars (
  username text NOT NULL,
  car_id integer NOT NULL REFERENCES inventory.cars (id) ON DELETE CASCADE,
  saved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (username, car_id)
);
CREATE INDEX saved_cars_user_saved_idx ON inventory.saved_cars (username, saved_at DESC);
CREATE INDEX saved_cars_car_idx ON inventory.saved_cars (car_id);

CREATE TABLE inventory.feedback (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  username text,
  created timestamptz NOT NULL DEFAULT now()
);
