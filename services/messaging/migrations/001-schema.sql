-- The messaging schema: conversations between a buyer and a seller about an ad, their messages and contracts.
-- Later changes go in new files after this one. Decision 034 tells why it is shaped so.
CREATE SCHEMA IF NOT EXISTS messaging;

-- One conversation per ad and buyer. The ad is inventory's: no foreign key, and its id, title and first photo are
-- kept as they were when the conversation began, so a deleted ad keeps its conversations. seller and buyer are
-- usernames as the tokens carry them, set to NULL when that account is closed ('Raderat konto').
CREATE TABLE messaging.conversations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  car_id integer NOT NULL,
  car_title text NOT NULL,
  car_photo text,
  seller text,
  buyer text,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Starting a conversation about an ad the buyer already asked about continues that one.
CREATE UNIQUE INDEX conversations_car_buyer_key ON messaging.conversations (car_id, buyer);
-- The limit on new conversations per user and hour.
CREATE INDEX conversations_buyer_created ON messaging.conversations (buyer, created_at);
-- The seller box's reply time (issue 42): a seller's conversations of the last 90 days.
CREATE INDEX conversations_seller_created ON messaging.conversations (lower(seller), created_at);

-- The messages, oldest first by id. sender is the writer's username; a closed account's messages are deleted.
-- Within a conversation ids follow commit order (a send locks its conversation), so "after id n" misses nothing.
CREATE TABLE messaging.messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES messaging.conversations (id) ON DELETE CASCADE,
  sender text NOT NULL,
  text text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  -- Issue #42: the warning rules a message tripped when it was sent (packages/shared/src/validation/
  -- message-warnings.ts): 'phone', 'email', 'link', 'scam:<word>'. Its recipient sees a notice above it; the
  -- moderators list it.
  flags text[] NOT NULL DEFAULT '{}'
);
-- A conversation's newest 100 messages, its last one and the first unread one.
CREATE INDEX messages_conversation_id ON messaging.messages (conversation_id, id);
-- The limit on messages per user and hour.
CREATE INDEX messages_sender_sent ON messaging.messages (sender, sent_at);
-- 'Flaggade meddelanden' in the Kontrollpanel: the flagged ones, newest first, without reading the others.
CREATE INDEX messages_flagged ON messaging.messages (id DESC) WHERE flags <> '{}';

-- Each participant's side of a conversation: what the inbox orders by, how far they have read, whether they block
-- the other, and the mail state. Written with every message (both rows), so the inbox and the unread count read
-- this table alone. A closed account's row is deleted.
CREATE TABLE messaging.participants (
  conversation_id integer NOT NULL REFERENCES messaging.conversations (id) ON DELETE CASCADE,
  is_seller boolean NOT NULL,
  username text NOT NULL,
  -- The conversation's newest message: the inbox's order and its paging cursor.
  last_message_id bigint NOT NULL,
  -- The newest message from the other party (0: none yet); unread while it is above read_up_to.
  last_incoming_id bigint NOT NULL DEFAULT 0,
  read_up_to bigint NOT NULL DEFAULT 0,
  -- Kept by the database, so the planner has statistics for it (it cannot estimate a comparison of two columns).
  unread boolean GENERATED ALWAYS AS (last_incoming_id > read_up_to) STORED,
  -- This participant blocks the other: no message either way while either side blocks.
  blocks boolean NOT NULL DEFAULT false,
  -- The first unread message a mail was sent about; NULL once read past it (or never mailed): at most one mail
  -- per conversation until the participant reads it.
  mailed_for bigint,
  -- A mail sweep on some replica claimed this row until then (it asks identity outside a transaction).
  mail_claimed_until timestamptz,
  PRIMARY KEY (conversation_id, is_seller)
);
-- The inbox: a user's conversations, newest message first, paged by last_message_id.
CREATE INDEX participants_inbox ON messaging.participants (username, last_message_id DESC);
-- The unread count: only the rows with unread messages are in it.
CREATE INDEX participants_unread ON messaging.participants (username) WHERE unread;
-- The mail sweep: unread rows not yet mailed about.
CREATE INDEX participants_mail_due ON messaging.participants (conversation_id) WHERE unread AND mailed_for IS NULL;
-- Erasure of a closed account, whose name is matched case-insensitively as identity keeps it unique.
CREATE INDEX participants_username_lower ON messaging.participants (lower(username));

-- Reports of a conversation to the moderators. reporter NULL once that account is closed (the report stays).
CREATE TABLE messaging.reports (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES messaging.conversations (id) ON DELETE CASCADE,
  reporter text,
  reason text NOT NULL,
  text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set with the moderator's decision (decision 046): NULL while the report is open, for the open-report index.
  handled_at timestamptz,
  outcome text CHECK (outcome IN ('handled', 'dismissed')),
  CONSTRAINT reports_decided_together CHECK ((outcome IS NULL) = (handled_at IS NULL))
);
-- One open report per user and conversation.
CREATE UNIQUE INDEX reports_open_key ON messaging.reports (conversation_id, reporter) WHERE handled_at IS NULL;
-- The limit on reports per user and hour, and the reporter's list ('Mina anmälningar'), newest first.
CREATE INDEX reports_reporter_created ON messaging.reports (reporter, created_at);

-- Closed accounts, lower-cased: a still valid token of one cannot write here any more. Never removed (identity
-- never gives the name out again).
CREATE TABLE messaging.closed_accounts (
  username_lower text PRIMARY KEY
);

-- Moderators' decisions on reported conversations (decision 046) still to be recorded in inventory.moderation_audit
-- by a relay, written in the transaction that decides the report, so the one log administrators read holds them.
-- No foreign key: a decision outlives its conversation (erasure may remove one), and the audit keeps what it was.
CREATE TABLE messaging.report_decisions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  report_id integer NOT NULL,
  conversation_id integer NOT NULL,
  car_id integer NOT NULL,
  actor text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('handled', 'dismissed')),
  -- The participant the report was about (NULL: that account is closed).
  reported_user text,
  note text NOT NULL DEFAULT '',
  decided_at timestamptz NOT NULL DEFAULT now(),
  relayed_at timestamptz
);
-- The relay's reading: the decisions not yet recorded, in order.
CREATE INDEX report_decisions_pending ON messaging.report_decisions (id) WHERE relayed_at IS NULL;

-- Users blocked by staff (decision 041), as the block relay tells messaging: nobody writes to them while blocked
-- (issue 46). Lower-cased like closed_accounts; the row goes when the user is unblocked.
CREATE TABLE messaging.blocked_users (
  username_lower text PRIMARY KEY,
  blocked_at timestamptz NOT NULL DEFAULT now()
);

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
