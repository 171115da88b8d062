-- Limits of any window share limits.events: each event keeps when it leaves its window (the hourly ones so far
-- kept when they happened), so one sweep of expired events serves every key (decision 036, amendment).
ALTER TABLE limits.events RENAME COLUMN at TO expires_at;
UPDATE limits.events SET expires_at = expires_at + interval '1 hour';
DROP INDEX limits.events_key_at;
CREATE INDEX events_key_expires_at ON limits.events (key, expires_at);
CREATE INDEX events_expires_at ON limits.events (expires_at);
