/**
 * 'Granskas' (issue 42): an ad priced below this share of the low end of its fair-price range (when it has one)
 * is held hidden until a moderator looks at it: the usual bait of a scam is a car far too cheap.
 */
export const PRICE_HOLD_SHARE = 0.6;

/** The reason the seller is shown on their held ad and the moderators in their queue. */
export const PRICE_HOLD_REASON =
  'Priset är mycket lägre än för liknande bilar. En moderator granskar annonsen innan den visas, oftast inom en arbetsdag.';

/** The confirmation after publishing an ad that is held, instead of 'Din annons är publicerad'. */
export const PRICE_HOLD_PUBLISHED = 'Din annons granskas innan den visas';

/** Who holds an ad, in hidden_ads.hidden_by and the audit log: not a moderator. */
export const PRICE_HOLD_BY = 'Bilmarknaden';
