-- The seller box's reply time (issue 42): a seller's conversations of the last 90 days.
CREATE INDEX conversations_seller_created ON messaging.conversations (lower(seller), created_at);
