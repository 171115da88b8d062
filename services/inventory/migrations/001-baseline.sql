-- The inventory's schema (decisions in docs/decisions/). Later changes add files after this one.
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
  username text NOT NULL,
  image_count smallint NOT NULL DEFAULT 0 CHECK (image_count BETWEEN 0 AND 8),
  image_version integer NOT NULL DEFAULT 1,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active')),
  created timestamptz NOT NULL DEFAULT now(),
  updated timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('swedish', inventory.search_fold(make || ' ' || model)), 'A') ||
    setweight(to_tsvector('swedish', inventory.search_fold(title)), 'B') ||
    setweight(to_tsvector('swedish', inventory.search_fold(description)), 'C') ||
    setweight(to_tsvector('swedish', inventory.search_fold(
      inventory.search_option_words(fuel, transmission, type, color, drivetrain))), 'D')
  ) STORED,
  -- Partial words ('volv', 'citro') over make, model and title, and the option values the stop list drops.
  search_text text GENERATED ALWAYS AS (inventory.search_fold(make || ' ' || model || ' ' || title ||
    inventory.search_stop_option_words(fuel, transmission, type, color, drivetrain))) STORED
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
