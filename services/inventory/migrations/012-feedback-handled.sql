-- Moderators and administrators mark feedback as handled (and can take the mark back): who marked it and when.
-- The two are set and cleared together. The inbox's "unhandled" view reads the open ones newest first.
ALTER TABLE inventory.feedback
  ADD COLUMN handled_by text,
  ADD COLUMN handled_at timestamptz,
  ADD CONSTRAINT feedback_handled_together CHECK ((handled_by IS NULL) = (handled_at IS NULL));

CREATE INDEX feedback_open_idx ON inventory.feedback (id) WHERE handled_at IS NULL;
