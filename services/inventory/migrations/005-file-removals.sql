-- Photo files due for removal: files from_n…8 of an ad (beyond the count its row keeps; all of them when the
-- row is gone). An entry is written in the same transaction as the row change that makes the files surplus
-- (deleting an ad, replacing its photos, a failed upload) and removed once the files are deleted, so the
-- start-up cleanup reads this table instead of listing the store. No foreign key: the entry of a deleted ad
-- outlives its row. from_n 9 names no file: "only if the row is gone" (see ad-service.ts).
CREATE TABLE inventory.file_removals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  car_id integer NOT NULL,
  from_n smallint NOT NULL CHECK (from_n BETWEEN 1 AND 9),
  created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX file_removals_car_idx ON inventory.file_removals (car_id);
