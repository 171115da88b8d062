-- Issue 41, decision 055: the köpekontrakt a seller and a buyer sign in their conversation about an ad.

-- One contract per conversation. car_id, seller and buyer are kept as they were when it was made (the ad is
-- inventory's: no foreign key). car and parties: the register's facts and the account names at the last change
-- (ContractCarSchema, ContractPartySchema); terms: what the seller filled in (ContractTermsSchema). version grows
-- with every change; a signature is of one version, and a change clears both.
CREATE TABLE messaging.contracts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id integer NOT NULL UNIQUE REFERENCES messaging.conversations (id) ON DELETE CASCADE,
  car_id integer NOT NULL,
  seller text NOT NULL,
  buyer text NOT NULL,
  car jsonb NOT NULL,
  parties jsonb NOT NULL,
  terms jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  seller_signed_at timestamptz,
  buyer_signed_at timestamptz,
  -- Both signed: the text both read and its SHA-256 (hex) are kept, and nothing of the contract changes again.
  signed_at timestamptz,
  signed_text text,
  signed_sha256 text,
  -- The outbox of the sale: the relay marks the ad sold in inventory and then sets this (decision 055).
  sale_relayed_at timestamptz,
  -- The 'Ägarbyte' checklist: item key → when it was ticked.
  checklist jsonb NOT NULL DEFAULT '{}',
  -- The seller's reminder: due at this time while 'reported' is not ticked; queued once as a notice.
  reminder_due_at timestamptz,
  reminder_queued_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT contracts_signed_together CHECK (
    (signed_at IS NULL) = (signed_text IS NULL) AND (signed_at IS NULL) = (signed_sha256 IS NULL)),
  CONSTRAINT contracts_signed_by_both CHECK (
    signed_at IS NULL OR (seller_signed_at IS NOT NULL AND buyer_signed_at IS NOT NULL))
);
-- The relay's reading: signed contracts whose sale inventory has not recorded yet.
CREATE INDEX contracts_sale_pending ON messaging.contracts (id) WHERE signed_at IS NOT NULL AND sale_relayed_at IS NULL;
-- The reminder sweep: signed contracts whose reminder is not yet queued.
CREATE INDEX contracts_reminder_due ON messaging.contracts (reminder_due_at) WHERE reminder_queued_at IS NULL;

-- What a party is told about a contract: on the site (until seen) and by one mail through identity's outbox.
-- kind: 'changed' (the other party changed it after a signature), 'signed' (both signed), 'reminder' (report the
-- change of owner).
CREATE TABLE messaging.contract_notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contract_id integer NOT NULL REFERENCES messaging.contracts (id) ON DELETE CASCADE,
  username text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('changed', 'signed', 'reminder')),
  created_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz,
  mailed_at timestamptz,
  mail_claimed_until timestamptz
);
-- The contract page's notice for its reader.
CREATE INDEX contract_notices_unseen ON messaging.contract_notices (contract_id, username) WHERE seen_at IS NULL;
-- The mail sweep: notices not yet mailed.
CREATE INDEX contract_notices_unmailed ON messaging.contract_notices (id) WHERE mailed_at IS NULL;
