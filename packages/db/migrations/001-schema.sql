-- Events counted by the window limits that several services share, keyed by what is limited: 'reports:anna' counts
-- one user's reports of ads, users (inventory) and conversations (messaging) together (issue 46). Each service
-- keeps its own tables; this one belongs to the database layer.
CREATE SCHEMA IF NOT EXISTS limits;
-- Limits of any window share the table: each event keeps when it leaves its window, so one sweep of expired
-- events serves every key (decision 036, amendment).
CREATE TABLE limits.events (
  key text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX events_key_expires_at ON limits.events (key, expires_at);
CREATE INDEX events_expires_at ON limits.events (expires_at);
