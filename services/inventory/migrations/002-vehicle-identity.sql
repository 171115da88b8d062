-- Vehicle identity (issue 40, decision 051): every new ad names its car by registration number, and keeps what the
-- vehicle register said about it when it was published.

-- Stored upper case without the space ('ABC123'; shown 'ABC 123'); the letters I, Q, V, Å, Ä and Ö are not used
-- (packages/shared/src/validation/registration-number.ts holds the same pattern). Null for an ad published before
-- numbers were asked for. `vehicle_facts` is the register's answer with `fetchedAt` (VehicleFactsSchema), null when
-- the register knew nothing of the car.
ALTER TABLE inventory.cars
  ADD COLUMN registration_number text CHECK (registration_number ~ '^[A-HJ-PR-UW-Z]{3}[0-9]{2}[0-9A-HJ-PR-UW-Z]$'),
  ADD COLUMN vehicle_facts jsonb;

-- One ad per car at a time: pending (being published), for sale or hidden by the moderators; a sold ad (sold_at
-- set) or a removed one frees the number. The index is what makes two publishes of one number at once give one
-- ad: the second insert waits for the first and fails (mapped to 409). Its predicate is on sold_at, not status:
-- every list query says status = 'active', and an index whose predicate that implies would be costed by the
-- planner for each of them (decision 014). Search by number asks for sold_at IS NULL too, so it uses this index.
CREATE UNIQUE INDEX cars_registration_number_key ON inventory.cars (registration_number) WHERE sold_at IS NULL;

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
  CONSTRAINT vehicle_register_inspection_together CHECK ((last_inspection IS NULL) = (last_inspection_milage IS NULL))
);
