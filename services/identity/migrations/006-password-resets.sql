-- 'Glömt lösenord?' links (POST /user/password-reset): only the SHA-256 of a link's random token is stored, so
-- the table alone cannot reset a password. A user has at most one unused link (a new one replaces the older);
-- a used link keeps used_at until it expires. Closing the account removes its links with the user row.
CREATE TABLE identity.password_resets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  created timestamptz NOT NULL,
  expires timestamptz NOT NULL,
  used_at timestamptz
);

CREATE UNIQUE INDEX password_resets_token_hash_key ON identity.password_resets (token_hash);
CREATE INDEX password_resets_user_idx ON identity.password_resets (user_id);
CREATE INDEX password_resets_expires_idx ON identity.password_resets (expires);

-- Link requests that passed validation, shared by every replica: the request limits count them per asked email
-- (a SHA-256 of it lower-cased, counted whether or not it has an account) and per client address in a sliding
-- window. A refused request is not written.
CREATE TABLE identity.password_reset_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email_hash text NOT NULL,
  address text NOT NULL,
  requested_at timestamptz NOT NULL
);

CREATE INDEX password_reset_requests_email_idx ON identity.password_reset_requests (email_hash, requested_at);
CREATE INDEX password_reset_requests_address_idx ON identity.password_reset_requests (address, requested_at);
CREATE INDEX password_reset_requests_requested_at_idx ON identity.password_reset_requests (requested_at);
