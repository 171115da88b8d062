-- Who is writing an ad's photo files right now (decision 013). Replacing an ad's photos backs up the old files,
-- writes the new ones over them ({id}-{n}.jpeg) and puts the backup back on failure; removing an ad deletes them.
-- Two of these at once on one ad would mix their files, or leave files of a removed ad, so each first takes the
-- ad's lease here and answers 409 while another process holds it. A row, not a transaction or session lock:
-- no transaction stays open while photos are processed or stored, and every replica sees the same table.
-- `until` is database time: a lease left by a crashed process is taken over once it has passed, whatever the
-- replicas' clocks say. The lease goes with the ad's row (ON DELETE CASCADE); a missing ad cannot be leased.
CREATE TABLE inventory.photo_writes (
  car_id integer PRIMARY KEY REFERENCES inventory.cars (id) ON DELETE CASCADE,
  writer uuid NOT NULL,
  until timestamptz NOT NULL
);
