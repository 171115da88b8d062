-- The identity schema: accounts, closed accounts, password resets, the attempts the rate limits count,
-- notifications and their mail outbox, token revocations and blocks, BankID verification and dealer accounts.
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
  blocked_at timestamptz,
  -- Verification with BankID (issue 42, decision 056): the name as verified and a keyed hash of the personnummer,
  -- never the number itself. The hash lets a blocked person be recognised when they verify another account.
  verified_at timestamptz,
  verified_name text,
  person_key text,
  CONSTRAINT users_verified_complete CHECK ((verified_at IS NULL) = (verified_name IS NULL AND person_key IS NULL))
);

-- Usernames and emails are unique regardless of case.
CREATE UNIQUE INDEX users_username_lower_key ON identity.users (lower(username));
CREATE UNIQUE INDEX users_email_lower_key ON identity.users (lower(email));
CREATE INDEX users_person_key_idx ON identity.users (person_key) WHERE person_key IS NOT NULL;

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

-- Mails to send, to a user or to an address that may have no account yet (a dealer's invitation). A user's address
-- is looked up when sending, and a closed account's rows go with its user row. A row is claimed by moving
-- next_attempt_at past the send (so a crash leaves it due again), and sent_at marks it done.
CREATE TABLE identity.mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer REFERENCES identity.users (id) ON DELETE CASCADE,
  subject text NOT NULL,
  text text NOT NULL,
  created timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  sent_at timestamptz,
  to_email text,
  CONSTRAINT mail_outbox_one_recipient CHECK ((user_id IS NULL) <> (to_email IS NULL))
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

-- ── Verification with BankID ─────────────────────────────────────────────────────────────────────────────

-- Verifications under way: whose order it is, the person asked for (keyed hash) and the QR code's start token and
-- secret (the animated QR is computed here, the secret never reaches the browser). One open order per user.
CREATE TABLE identity.verification_orders (
  order_ref text PRIMARY KEY,
  user_id integer NOT NULL UNIQUE REFERENCES identity.users (id) ON DELETE CASCADE,
  person_key text NOT NULL,
  qr_start_token text NOT NULL,
  qr_start_secret text NOT NULL,
  started_at timestamptz NOT NULL
);

-- Keys made once per database, shared by the replicas (as inventory.signing_keys).
CREATE TABLE identity.signing_keys (
  name text PRIMARY KEY,
  secret text NOT NULL
);
INSERT INTO identity.signing_keys (name, secret)
  VALUES ('person', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

-- ── Dealers ──────────────────────────────────────────────────────────────────────────────────────────────

-- Dealer accounts (issue 45, decision 059): an organisation that users act for, approved by staff. Identity owns
-- organisations, their users and their API keys (DESIGN.md 'Who owns what'); inventory asks through DealerDirectory.

-- One row per company. The slug is the address of its page '/handlare/{slug}': made from the name while the
-- application is open, fixed for good once approved (the trigger below), so links and imported ads keep it.
CREATE TABLE identity.dealers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 60),
  -- 'NNNNNN-NNNN', as the organisationsnummer package formats it.
  org_number text NOT NULL CHECK (org_number ~ '^[0-9]{6}-[0-9]{4}$'),
  name text NOT NULL,
  street text NOT NULL,
  -- 'NNN NN'.
  postal_code text NOT NULL CHECK (postal_code ~ '^[0-9]{3} [0-9]{2}$'),
  city text NOT NULL,
  kommun text CHECK (kommun ~ '^[0-9]{4}$'),
  phone text NOT NULL,
  -- [{days, hours}], at most a handful of lines.
  opening_hours jsonb NOT NULL DEFAULT '[]'::jsonb,
  presentation text NOT NULL DEFAULT '',
  logo bytea,
  logo_type text CHECK (logo_type IN ('image/png', 'image/jpeg', 'image/webp')),
  -- Bumped on each upload: the logo's address carries it (?v=n), so a cached old logo is never shown.
  logo_version integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reject_reason text,
  decided_by text,
  decided_at timestamptz,
  created timestamptz NOT NULL,
  updated timestamptz NOT NULL,
  CONSTRAINT dealers_logo_complete CHECK ((logo IS NULL) = (logo_type IS NULL)),
  CONSTRAINT dealers_reason_when_rejected CHECK ((status = 'rejected') = (reject_reason IS NOT NULL))
);

CREATE UNIQUE INDEX dealers_slug_key ON identity.dealers (slug);
CREATE UNIQUE INDEX dealers_org_number_key ON identity.dealers (org_number);
CREATE INDEX dealers_pending_idx ON identity.dealers (created) WHERE status = 'pending';

CREATE FUNCTION identity.dealer_slug_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'approved' AND NEW.slug <> OLD.slug THEN
    RAISE EXCEPTION 'the slug of an approved dealer never changes';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER dealer_slug_fixed BEFORE UPDATE ON identity.dealers
  FOR EACH ROW EXECUTE FUNCTION identity.dealer_slug_fixed();

-- Who acts for a dealer: one dealer per user, one owner per dealer (the applicant), members invited by the owner.
CREATE TABLE identity.dealer_members (
  dealer_id integer NOT NULL REFERENCES identity.dealers (id) ON DELETE CASCADE,
  user_id integer NOT NULL UNIQUE REFERENCES identity.users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'member')),
  joined timestamptz NOT NULL,
  PRIMARY KEY (dealer_id, user_id)
);
CREATE UNIQUE INDEX dealer_members_one_owner ON identity.dealer_members (dealer_id) WHERE role = 'owner';

-- A dealer without its owner is no dealer: when the owner's account is closed (its row deleted), the dealer goes
-- with its members, invitations and keys, and its organisationsnummer may apply again.
CREATE FUNCTION identity.dealer_gone_with_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.role = 'owner' THEN
    DELETE FROM identity.dealers WHERE id = OLD.dealer_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER dealer_gone_with_owner AFTER DELETE ON identity.dealer_members
  FOR EACH ROW EXECUTE FUNCTION identity.dealer_gone_with_owner();

-- Invitations by mail: only a SHA-256 of the link's token is kept, so a read of the table cannot accept one.
CREATE TABLE identity.dealer_invites (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dealer_id integer NOT NULL REFERENCES identity.dealers (id) ON DELETE CASCADE,
  email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  invited_by integer REFERENCES identity.users (id) ON DELETE SET NULL,
  created timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by integer REFERENCES identity.users (id) ON DELETE SET NULL
);
CREATE INDEX dealer_invites_dealer_idx ON identity.dealer_invites (dealer_id);

-- The feed's API keys: a SHA-256 of the key (high-entropy, so no slow hash is needed) and a short visible prefix
-- for telling keys apart in the list; the key itself is answered once, when made, and never stored.
CREATE TABLE identity.dealer_api_keys (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dealer_id integer NOT NULL REFERENCES identity.dealers (id) ON DELETE CASCADE,
  key_hash text NOT NULL UNIQUE,
  prefix text NOT NULL,
  name text NOT NULL,
  created_by integer REFERENCES identity.users (id) ON DELETE SET NULL,
  created timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX dealer_api_keys_dealer_idx ON identity.dealer_api_keys (dealer_id);
