-- Trust and moderation (issue #27, decisions 041 and 042): reports of ads, hidden ads, blocked sellers and the
-- moderators' audit log.

-- A hidden ad has status 'hidden': every public read already asks for status 'active' (lists, search, a seller's
-- list, bevakningar) or 'active'/'sold' (detail, photos, saved list, messaging's ad lookup), so the status is the
-- one visibility predicate and no list query changes. It is hidden while a moderator hides it (a row in
-- hidden_ads) or while its seller is blocked (a row in blocked_sellers); restoring puts back 'sold' when sold_at
-- is set, else 'active'. The price statistics follow the status change through their update trigger (003).
ALTER TABLE inventory.cars DROP CONSTRAINT cars_status_check;
ALTER TABLE inventory.cars ADD CONSTRAINT cars_status_check CHECK (status IN ('pending', 'active', 'sold', 'hidden'));

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
-- block recorded once however often the relay delivers it.
CREATE TABLE inventory.moderation_audit (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  action text NOT NULL CHECK (action IN ('hide', 'restore', 'dismiss', 'keep-hidden', 'block', 'unblock')),
  car_id integer,
  username text,
  reason text NOT NULL DEFAULT '',
  source_key text UNIQUE
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
