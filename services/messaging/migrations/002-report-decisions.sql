-- Moderators decide reports of conversations (issue #27, decision 046): the outcome on the report, and an outbox a
-- relay carries into inventory's audit log, so the one log administrators read holds these decisions too.

-- handled_at (set with the decision) keeps its meaning for the open-report index: NULL while the report is open.
ALTER TABLE messaging.reports
  ADD COLUMN outcome text CHECK (outcome IN ('handled', 'dismissed')),
  ADD CONSTRAINT reports_decided_together CHECK ((outcome IS NULL) = (handled_at IS NULL));
-- The reporter's list ('Mina anmälningar'), newest first, is served by reports_reporter_created.

-- Decisions still to be recorded in inventory.moderation_audit, written in the transaction that decides the report.
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
