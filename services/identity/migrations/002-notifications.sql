-- 'Aviseringar' and the mail outbox through which the other services mail a user (decision 032).

-- Whether a user gets mail of a kind (NOTIFICATION_KINDS). No row: on, the default.
CREATE TABLE identity.notification_settings (
  user_id integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  email boolean NOT NULL,
  PRIMARY KEY (user_id, kind)
);

-- The key of every notification request taken: a second request with the same key does nothing.
CREATE TABLE identity.notification_requests (
  key text PRIMARY KEY,
  received_at timestamptz NOT NULL
);

CREATE INDEX notification_requests_received_at_idx ON identity.notification_requests (received_at);

-- Mails to send. The address is looked up when sending; a closed account's rows go with its user row. A row is
-- claimed by moving next_attempt_at past the send (so a crash leaves it due again), and sent_at marks it done.
CREATE TABLE identity.mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  subject text NOT NULL,
  text text NOT NULL,
  created timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  sent_at timestamptz
);

CREATE INDEX mail_outbox_due_idx ON identity.mail_outbox (next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX mail_outbox_user_idx ON identity.mail_outbox (user_id);
CREATE INDEX mail_outbox_sent_at_idx ON identity.mail_outbox (sent_at) WHERE sent_at IS NOT NULL;
