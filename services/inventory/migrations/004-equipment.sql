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

-- An ad's equipment, each code once, in the list's order (the server sorts them). No null: none is '{}'.
ALTER TABLE inventory.cars
  ADD COLUMN equipment text[] NOT NULL DEFAULT '{}'
    CONSTRAINT cars_equipment_known CHECK (equipment <@ inventory.equipment_codes());

-- The filter's containment (`equipment @> $1`). A few common items match a broad share of the ads, so a walk of the
-- order's index usually finds a window first; the index answers the rare combinations, whose matches are few and
-- sorted. The pending list kept at its minimum, as the search indexes'.
CREATE INDEX cars_equipment_idx ON inventory.cars USING gin (equipment) WITH (gin_pending_list_limit = 64);

-- A bevakning's equipment: null when it asks for none, else the codes an ad must all have.
ALTER TABLE inventory.watches
  ADD COLUMN equipment text[] CONSTRAINT watches_equipment_known CHECK (equipment <@ inventory.equipment_codes());

-- The factory equipment the local register knows of a car, which prefills the new-ad form's checkboxes.
ALTER TABLE inventory.vehicle_register
  ADD COLUMN equipment text[] NOT NULL DEFAULT '{}'
    CONSTRAINT vehicle_register_equipment_known CHECK (equipment <@ inventory.equipment_codes());

-- An edit that changes the equipment can make an ad match a bevakning, as an edit of any other listed field can:
-- the matching job is queued for it too (the baseline's function, with equipment among the compared fields).
CREATE OR REPLACE FUNCTION inventory.cars_watch_updated() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO inventory.jobs (kind, payload)
    SELECT 'match', jsonb_build_object('cars', jsonb_agg(n.id))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status = 'active' AND (o.status <> 'active' OR (o.title, o.description, o.price, o.make, o.model, o.year,
      o.milage, o.color, o.type, o.transmission, o.drivetrain, o.fuel, o.kommun, o.equipment) IS DISTINCT FROM
      (n.title, n.description, n.price, n.make, n.model, n.year, n.milage, n.color, n.type, n.transmission,
      n.drivetrain, n.fuel, n.kommun, n.equipment))
    HAVING count(*) > 0;
  RETURN NULL;
END
$$;
