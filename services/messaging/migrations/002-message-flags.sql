-- Issue #42: the warning rules a message tripped when it was sent (packages/shared/src/validation/message-warnings.ts):
-- 'phone', 'email', 'link', 'scam:<word>'. Its recipient sees a notice above it; the moderators list it.
ALTER TABLE messaging.messages ADD COLUMN flags text[] NOT NULL DEFAULT '{}';
-- 'Flaggade meddelanden' in the Kontrollpanel: the flagged ones, newest first, without reading the others.
CREATE INDEX messages_flagged ON messaging.messages (id DESC) WHERE flags <> '{}';
