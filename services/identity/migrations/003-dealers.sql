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

-- An invitation goes to an address that may have no account yet: a mail of the outbox has a user or an address.
ALTER TABLE identity.mail_outbox
  ALTER COLUMN user_id DROP NOT NULL,
  ADD COLUMN to_email text,
  ADD CONSTRAINT mail_outbox_one_recipient CHECK ((user_id IS NULL) <> (to_email IS NULL));
