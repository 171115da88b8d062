-- Reports of users ('Anmäl användare' on a user's page, decision 045), beside the reports of ads (005). A table of
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
