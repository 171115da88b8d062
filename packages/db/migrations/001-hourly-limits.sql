-- Events counted by an hourly limit that several services share, keyed by what is limited: 'reports:anna' counts
-- one user's reports of ads, users (inventory) and conversations (messaging) together (issue 46). Each service
-- keeps its own tables; this one belongs to the database layer, and only the last hour of a key is kept.
CREATE SCHEMA IF NOT EXISTS limits;
CREATE TABLE limits.events (
  key text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX events_key_at ON limits.events (key, at);
