-- The audit log records the moderators' decisions on reported conversations too (decision 046): messaging's relay
-- appends them with the conversation's id, keyed 'conversation-report:{decision id}' so a redelivery adds nothing.
-- Only columns and the list of actions change: the append-only triggers of 005 stand.
ALTER TABLE inventory.moderation_audit ADD COLUMN conversation_id integer;
ALTER TABLE inventory.moderation_audit DROP CONSTRAINT moderation_audit_action_check;
ALTER TABLE inventory.moderation_audit ADD CONSTRAINT moderation_audit_action_check CHECK (action IN (
  'hide', 'restore', 'dismiss', 'keep-hidden', 'block', 'unblock', 'conversation-handled', 'conversation-dismissed'
));
