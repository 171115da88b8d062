-- Closed accounts (DELETE /user): the user row is deleted and its username recorded here in the same transaction.
-- The name is retired for good: tokens carry it as `sub` and inventory accepts them until they expire, so it must
-- never belong to someone new. Rows with erased_at null are an outbox: the server's relay erases the seller's
-- ads in inventory and then sets erased_at.
CREATE TABLE identity.closed_accounts (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  closed_at timestamptz NOT NULL DEFAULT now(),
  erased_at timestamptz
);

CREATE UNIQUE INDEX closed_accounts_username_lower_key ON identity.closed_accounts (lower(username));
-- The relay's pending rows, oldest first; erased rows leave the index.
CREATE INDEX closed_accounts_pending_idx ON identity.closed_accounts (id) WHERE erased_at IS NULL;

-- Every writer of identity.users (registration, the demo seed, scripts) is refused a retired name as if it were
-- taken. Registration checks first and answers 409; this also catches a closure committed after that check.
CREATE FUNCTION identity.refuse_retired_username() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM identity.closed_accounts WHERE lower(username) = lower(NEW.username)) THEN
    RAISE EXCEPTION 'username % belongs to a closed account (users_username_lower_key)', NEW.username
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_username_lower_key';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER users_refuse_retired_username BEFORE INSERT OR UPDATE OF username ON identity.users
  FOR EACH ROW EXECUTE FUNCTION identity.refuse_retired_username();
