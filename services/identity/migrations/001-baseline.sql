-- The identity schema: accounts, closed accounts, password resets, the attempts the rate limits count,
-- notifications and their mail outbox, token revocations and blocks.
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
  password_changed_at timestamptz,
  -- Blocked by staff (decision 041): cannot log in; their tokens are revoked in the block's transaction (decision
  -- 033), and identity's own routes refuse them from this column at once.
  blocked_at timestamptz
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

-- ── Login limits: attempts in a sliding window, shared by every replica ──────────────────────────────────
-- Registrations and reset-link requests are counted in limits.events (packages/db); a login attempt counts in three
-- scopes at once and a success forgives its pair, which one key per event cannot do (decision 036).

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

-- ── Notifications ─────────────────────────────────────────────────────────────────────────────────────────

-- 'Aviseringar' and the mail outbox through which the other services mail a user (decision 032).

-- Whether a user gets mail of a kind (NOTIFICATION_KINDS). No row: on, the default.
CREATE TABLE identity.notification_settings (
  user_id integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  email boolean NOT NULL,
  PRIMARY KEY (user_id, kind)
);

-- The key of every notification request taken: a second request with the same key does nothing.
CREATE TABLE identity.notification_requests (
  key text PRIMARY KEY,
  received_at timestamptz NOT NULL
);

CREATE INDEX notification_requests_received_at_idx ON identity.notification_requests (received_at);

-- Mails to send. The address is looked up when sending; a closed account's rows go with its user row. A row is
-- claimed by moving next_attempt_at past the send (so a crash leaves it due again), and sent_at marks it done.
CREATE TABLE identity.mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  subject text NOT NULL,
  text text NOT NULL,
  created timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  sent_at timestamptz
);

CREATE INDEX mail_outbox_due_idx ON identity.mail_outbox (next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX mail_outbox_user_idx ON identity.mail_outbox (user_id);
CREATE INDEX mail_outbox_sent_at_idx ON identity.mail_outbox (sent_at) WHERE sent_at IS NOT NULL;

-- ── Token revocations and blocks ─────────────────────────────────────────────────────────────────────────

-- Tokens issued before not_before are refused by every service (decision 033): written in the transaction of a
-- password change or reset, a role change or an account closure; the services keep a copy of the recent entries.
-- One row per user (its lower-cased name, which a closed account keeps for good); recorded_at orders the reads.
CREATE TABLE identity.token_revocations (
  username_key text PRIMARY KEY,
  not_before timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL
);

CREATE INDEX token_revocations_recorded_at_idx ON identity.token_revocations (recorded_at);

-- The outbox of blocks and unblocks: a relay carries each to inventory (which hides or shows the seller's ads and
-- records the action in its audit log) and then sets relayed_at, as the closure relay does (decision 026).
CREATE TABLE identity.user_blocks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  blocked boolean NOT NULL,
  actor text NOT NULL,
  reason text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  relayed_at timestamptz
);
CREATE INDEX user_blocks_pending_idx ON identity.user_blocks (id) WHERE relayed_at IS NULL;
