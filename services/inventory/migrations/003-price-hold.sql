-- 'Granskas' (issue 42): an ad priced below PRICE_HOLD_SHARE of the low end of its fair-price range is hidden
-- from the moment it is published (or edited to that price) until a moderator shows it again or hides it for good.
-- The hold is a row of hidden_ads, so it reuses what a hidden ad already has: out of lists, search, bevakningar
-- and 'Liknande bilar'; the owner's view with the reason; the moderators' queue and their restore and hide.
ALTER TABLE inventory.hidden_ads ADD COLUMN held_for_price boolean NOT NULL DEFAULT false;
