-- The messaging schema: conversations between a buyer and a seller about an ad, and their messages.
-- Later changes go in new files after this one.
CREATE SCHEMA IF NOT EXISTS messaging;
