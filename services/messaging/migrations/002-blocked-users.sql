-- Users blocked by staff (decision 041), as the block relay tells messaging: nobody writes to them while blocked
-- (issue 46). Lower-cased like closed_accounts; the row goes when the user is unblocked.
CREATE TABLE messaging.blocked_users (
  username_lower text PRIMARY KEY,
  blocked_at timestamptz NOT NULL DEFAULT now()
);
