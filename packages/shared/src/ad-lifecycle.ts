/** The life of an ad (issue 43, decision 054): expiry, renewal, the seller's reminders and 'Mina annonser'. */

/** An ad runs this many days from publishing or from its last renewal ('Förnya', no limit on renewals). */
export const AD_LIFETIME_DAYS = 60;
/** The seller is warned this many days before the ad expires. */
export const EXPIRY_WARNING_DAYS = 7;
/** 'Är bilen fortfarande till salu?' is asked after this many days without a change or a renewal. */
export const STILL_FOR_SALE_DAYS = 30;
/** An expired ad is removed with its photos this many days after it expired. */
export const EXPIRED_KEPT_DAYS = 365;

export const DAY_MS = 24 * 3600_000;

export const AD_LIFECYCLE_MESSAGES = {
  expired: 'Annonsen har gått ut',
  renewed: `Annonsen är förnyad och visas i ${AD_LIFETIME_DAYS} dagar till`,
  soldNotRenewed: 'En såld annons kan inte förnyas. Ångra försäljningen först om bilen finns kvar.',
  hiddenNotRenewed: 'Annonsen är dold av moderatorerna och kan inte förnyas.',
  expiredNotEdited: 'Annonsen har gått ut. Förnya den först för att ändra den.',
  stillForSale: `Tack! Annonsen ligger kvar i ${AD_LIFETIME_DAYS} dagar till.`,
  markedSold: 'Tack! Annonsen är markerad som såld.',
  linkInvalid: 'Länken är ogiltig. Logga in och hantera annonsen under Mina annonser.',
  linkUsed: 'Länken är redan använd. Hantera annonsen under Mina annonser.',
  linkExpired: 'Länken har slutat gälla. Logga in och hantera annonsen under Mina annonser.',
  answerMissing: 'Ange svaret ja eller såld',
} as const;

/** The answers of the question's two one-click links. */
export const STILL_FOR_SALE_ANSWERS = ['yes', 'sold'] as const;
export type StillForSaleAnswer = (typeof STILL_FOR_SALE_ANSWERS)[number];

const MONTHS = ['jan', 'feb', 'mars', 'apr', 'maj', 'juni', 'juli', 'aug', 'sep', 'okt', 'nov', 'dec'];

/** '12 jan': the Swedish calendar day of an instant, as the mails and 'Mina annonser' name an expiry. */
export function shortSwedishDate(at: Date | string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Stockholm', day: 'numeric', month: 'numeric' })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return `${Number(parts.day)} ${MONTHS[Number(parts.month) - 1]}`;
}

/** The warning's text, in the mail and on 'Mina annonser'. */
export function expiryWarning(carName: string, expiresAt: Date | string): string {
  return `Din annons för ${carName} går ut ${shortSwedishDate(expiresAt)}. Förnya gratis eller markera som såld.`;
}

/** An own ad's state as 'Mina annonser' shows it. */
export type OwnAdState = 'active' | 'expiring' | 'expired' | 'sold' | 'hidden' | 'held';

/** Days left until `expiresAt` (rounded up; 0 once passed). */
export function daysLeft(expiresAt: string, now: Date): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now.getTime()) / DAY_MS));
}

/** The state of an own ad: 'granskas' (held) is a hidden ad held for its price; 'går ut' within the warning. */
export function ownAdState(
  ad: { status: 'active' | 'sold' | 'hidden' | 'expired'; held: boolean; expiresAt: string },
  now: Date,
): OwnAdState {
  if (ad.status === 'hidden') return ad.held ? 'held' : 'hidden';
  if (ad.status === 'active' && daysLeft(ad.expiresAt, now) <= EXPIRY_WARNING_DAYS) return 'expiring';
  return ad.status;
}

/** The state's words ('går ut om 3 dagar'). */
export function ownAdStateLabel(state: OwnAdState, expiresAt: string, now: Date): string {
  switch (state) {
    case 'active':
      return 'Aktiv';
    case 'expiring': {
      const n = daysLeft(expiresAt, now);
      return n === 0 ? 'Går ut i dag' : `Går ut om ${n} ${n === 1 ? 'dag' : 'dagar'}`;
    }
    case 'expired':
      return 'Utgången';
    case 'sold':
      return 'Såld';
    case 'hidden':
      return 'Dold';
    case 'held':
      return 'Granskas';
  }
}
