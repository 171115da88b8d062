-- Tokens issued before not_before are refused by every service (decision 033): written in the transaction of a
-- password change or reset, a role change or an account closure; the services keep a copy of the recent entries.
-- One row per user (its lower-cased name, which a closed account keeps for good); recorded_at orders the reads.
CREATE TABLE identity.token_revocations (
  username_key text PRIMARY KEY,
  not_before timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL
);

CREATE INDEX token_revocations_recorded_at_idx ON identity.token_revocations (recorded_at);
