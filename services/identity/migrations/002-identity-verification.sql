-- Verification with BankID (issue 42, decision 056): the name as verified and a keyed hash of the personnummer,
-- never the number itself. The hash lets a blocked person be recognised when they verify another account.
ALTER TABLE identity.users
  ADD COLUMN verified_at timestamptz,
  ADD COLUMN verified_name text,
  ADD COLUMN person_key text,
  ADD CONSTRAINT users_verified_complete CHECK ((verified_at IS NULL) = (verified_name IS NULL AND person_key IS NULL));

CREATE INDEX users_person_key_idx ON identity.users (person_key) WHERE person_key IS NOT NULL;

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
