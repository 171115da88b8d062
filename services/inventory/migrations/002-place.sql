-- Where the car is (issue 28, decision 037): its municipality's four-digit code (packages/shared/src/places.ts),
-- null for an ad posted with the specification's fields alone (shown as 'Stockholm'). The county is the code's
-- first two digits, kept as a column of its own so a county filter is an equality an index answers.
ALTER TABLE inventory.cars ADD COLUMN kommun text CHECK (kommun ~ '^[0-9]{4}$');
ALTER TABLE inventory.cars ADD COLUMN lan text GENERATED ALWAYS AS (left(kommun, 2)) STORED;

-- A place filter in the default order walks its own index; in another order its matches are fetched by it and
-- sorted (a county holds at most about a quarter of the ads, a kommun far fewer).
CREATE INDEX cars_lan_created_idx ON inventory.cars (lan, created, id);
CREATE INDEX cars_kommun_created_idx ON inventory.cars (kommun, created, id);
