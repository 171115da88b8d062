-- Login attempts not known to have succeeded, shared by every replica: the login rate limit counts
-- them in a sliding window. An attempt is written before its password check, so parallel guesses count.
CREATE TABLE identity.login_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account text NOT NULL,
  address text NOT NULL,
  attempted_at timestamptz NOT NULL
);

CREATE INDEX login_attempts_pair_idx ON identity.login_attempts (account, address, attempted_at);
CREATE INDEX login_attempts_address_idx ON identity.login_attempts (address, attempted_at);
CREATE INDEX login_attempts_account_idx ON identity.login_attempts (account, attempted_at);
CREATE INDEX login_attempts_attempted_at_idx ON identity.login_attempts (attempted_at);
