-- When the password was last changed: tokens issued before it are refused by identity (GET /user, refresh).
ALTER TABLE identity.users ADD COLUMN password_changed_at timestamptz;
