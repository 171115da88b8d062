-- Photos are stored under versioned keys, {carId}-{version}-{n}.jpeg (decision 028): a replacement writes new
-- files beside the old ones and switches cars.image_version in one transaction, so no lease is needed.
DROP TABLE inventory.photo_writes;

-- Versions of replaced photos; a new ad's photos are version 1. One sequence for all ads: two replacements of
-- one ad never write the same keys, and an ad's version only grows.
CREATE SEQUENCE inventory.photo_versions AS integer START 2;

-- Photo versions no row points at, whose files are due for removal: a replacement records its version before
-- writing (removed with its files if it never switches), the switch swaps it for the old version, and removing
-- an ad records its version. Files are deleted after the commit, then the entry; what a crash leaves, the
-- start-up removes, so it never lists the store. No foreign key: an entry outlives its ad's row.
DROP TABLE inventory.file_removals;
CREATE TABLE inventory.file_removals (
  car_id integer NOT NULL,
  version integer NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (car_id, version)
);
