-- The identity schema: accounts, closed accounts, password resets, and the attempts the rate limits count.
-- Later changes go in new files after this one.
CREATE SCHEMA IF NOT EXISTS identity;

-- ── Accounts ─────────────────────────────────────────────────────────────────────────────────────────────

CREATE TABLE identity.users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  firstname text NOT NULL,
  lastname text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  street text NOT NULL,
  housenumber text NOT NULL,
  zipcode text NOT NULL,
  city text NOT NULL,
  country_code text NOT NULL,
  phone text NOT NULL,
  role smallint NOT NULL DEFAULT 1 CHECK (role BETWEEN 1 AND 3),
  created timestamptz NOT NULL DEFAULT now(),
  -- Tokens issued before it are refused (GET /user, refresh).
  password_changed_at timestamptz
);

-- Usernames and emails are unique regardless of case.
CREATE UNIQUE INDEX users_username_lower_key ON identity.users (lower(username));
CREATE UNIQUE INDEX users_email_lower_key ON identity.users (lower(email));

-- Closed accounts (DELETE /user): the user row goes and its username stays here for good, because tokens carry
-- it as `sub` until they expire. Rows with erased_at null are an outbox: the server's relay erases their ads.
CREATE TABLE identity.closed_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  closed_at timestamptz NOT NULL DEFAULT now(),
  erased_at timestamptz
);

CREATE UNIQUE INDEX closed_accounts_username_lower_key ON identity.closed_accounts (lower(username));
CREATE INDEX closed_accounts_pending_idx ON identity.closed_accounts (id) WHERE erased_at IS NULL;

-- Every writer of identity.users (registration, the demo seed, scripts) is refused a retired name as if it were
-- taken; registration checks first, this also catches a closure committed after that check.
CREATE FUNCTION identity.refuse_retired_username() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM identity.closed_accounts WHERE lower(username) = lower(NEW.username)) THEN
    RAISE EXCEPTION 'username % belongs to a closed account (users_username_lower_key)', NEW.username
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_username_lower_key';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER users_refuse_retired_username BEFORE INSERT OR UPDATE OF username ON identity.users
  FOR EACH ROW EXECUTE FUNCTION identity.refuse_retired_username();

-- ── Password resets ('Glömt lösenord?') ──────────────────────────────────────────────────────────────────

-- Only a link token's SHA-256 is stored, so the table alone cannot reset a password. A user has at most one
-- unused link; a used one keeps used_at until it expires.
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

-- ── Rate limits: attempts in a sliding window, shared by every replica ───────────────────────────────────

-- Logins not known to have succeeded; written before the password check, so parallel guesses count.
CREATE TABLE identity.login_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account text NOT NULL,
  address text NOT NULL,
  attempted_at timestamptz NOT NULL
);

CREATE INDEX login_attempts_pair_idx ON identity.login_attempts (account, address, attempted_at);
CREATE INDEX login_attempts_address_idx ON identity.login_attempts (address, attempted_at);
CREATE INDEX login_attempts_account_idx ON identity.login_attempts (account, attempted_at);
CREATE INDEX login_attempts_attempted_at_idx ON identity.login_attempts (attempted_at);

-- Registrations that passed validation; written before the costly argon2 hash, removed again if refused.
CREATE TABLE identity.registration_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  address text NOT NULL,
  attempted_at timestamptz NOT NULL
);

CREATE INDEX registration_attempts_address_idx ON identity.registration_attempts (address, attempted_at);
CREATE INDEX registration_attempts_attempted_at_idx ON identity.registration_attempts (attempted_at);

-- Reset link requests that passed validation, per asked email (SHA-256 of it lower-cased, whether or not it has
-- an account) and per client address. A refused request is not written.
CREATE TABLE identity.password_reset_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email_hash text NOT NULL,
  address text NOT NULL,
  requested_at timestamptz NOT NULL
);

CREATE INDEX password_reset_requests_email_idx ON identity.password_reset_requests (email_hash, requested_at);
CREATE INDEX password_reset_requests_address_idx ON identity.password_reset_requests (address, requested_at);
CREATE INDEX password_reset_requests_requested_at_idx ON identity.password_reset_requests (requested_at);
