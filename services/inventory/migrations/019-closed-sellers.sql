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

-- The erasure removes a user's saved ads by lower(username), as it matches their ads (cars_username_idx), without
-- reading the whole table; the saved list keeps reading the primary key and saved_cars_user_saved_idx.
CREATE INDEX saved_cars_username_lower_idx ON inventory.saved_cars (lower(username));
