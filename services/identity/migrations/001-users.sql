CREATE SCHEMA IF NOT EXISTS identity;

CREATE TABLE identity.users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  firstname text NOT NULL,
  lastname text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  street text NOT NULL,
  housenumber text NOT NULL,
  zipcode text NOT NULL,
  city text NOT NULL,
  country_code text NOT NULL,
  phone text NOT NULL,
  role smallint NOT NULL DEFAULT 1 CHECK (role BETWEEN 1 AND 3),
  created timestamptz NOT NULL DEFAULT now()
);

-- Usernames and emails are unique regardless of case.
CREATE UNIQUE INDEX users_username_lower_key ON identity.users (lower(username));
CREATE UNIQUE INDEX users_email_lower_key ON identity.users (lower(email));
