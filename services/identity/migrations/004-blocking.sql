-- Blocking (issue #27, decision 041). A blocked user cannot log in; their tokens are revoked in the block's
-- transaction (decision 033), and identity's own routes refuse them from this column at once.
ALTER TABLE identity.users ADD COLUMN blocked_at timestamptz;

-- The outbox of blocks and unblocks: a relay carries each to inventory (which hides or shows the seller's ads and
-- records the action in its audit log) and then sets relayed_at, as the closure relay does (decision 026).
CREATE TABLE identity.user_blocks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  blocked boolean NOT NULL,
  actor text NOT NULL,
  reason text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  relayed_at timestamptz
);
CREATE INDEX user_blocks_pending_idx ON identity.user_blocks (id) WHERE relayed_at IS NULL;
