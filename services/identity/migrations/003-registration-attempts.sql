-- Registrations that passed validation, per client address, shared by every replica: the registration rate
-- limit counts them in a sliding window. An attempt is written before the password is hashed (argon2 is the
-- costly part), so parallel registrations count; a refused attempt is removed again.
CREATE TABLE identity.registration_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  address text NOT NULL,
  attempted_at timestamptz NOT NULL
);

CREATE INDEX registration_attempts_address_idx ON identity.registration_attempts (address, attempted_at);
CREATE INDEX registration_attempts_attempted_at_idx ON identity.registration_attempts (attempted_at);
