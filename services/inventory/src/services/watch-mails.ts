import type { Database } from '@bilmarknaden/db/database';
import type { IdentityClient } from '@bilmarknaden/service-kit/identity-client';
import { imagePath } from '@bilmarknaden/shared/api-paths';
import { DIGEST_HOUR } from '@bilmarknaden/shared/watches';
import type { MailAd } from '../repositories/car-list-sql.ts';
import { unsubscribeTokens } from './unsubscribe-tokens.ts';

const TIME_ZONE = 'Europe/Stockholm';

export interface WatchMailDeps {
  db: Database;
  identity: IdentityClient;
  /** Links in the mails start with it. */
  publicUrl: string;
  now?: () => Date;
}

export const group = (n: number) => n.toLocaleString('sv-SE').replace(/\s/g, ' ');

export function adLines(ad: MailAd, publicUrl: string): string {
  const photo = ad.imageCount > 0 ? `\nBild: ${publicUrl}${imagePath(ad.id, 1, ad.imageVersion)}` : '';
  return (
    `${ad.title}\n${group(ad.price)} kr · Årsmodell ${ad.year} · ${group(ad.milage)} mil\n` +
    `Annonsen: ${publicUrl}/car/${ad.id}${photo}`
  );
}

// One formatter for every call: making one costs far more than formatting with it, and views call this per request.
const stockholmParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The Swedish calendar date and hour of an instant ('2026-03-29', 7). */
export function stockholmClock(at: Date): { day: string; hour: number } {
  const parts = Object.fromEntries(stockholmParts.formatToParts(at).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The day whose digest is due at `at` (DIGEST_HOUR Swedish time has passed), or null before that hour. */
export function digestDayDue(at: Date): string | null {
  const clock = stockholmClock(at);
  return clock.hour >= DIGEST_HOUR ? clock.day : null;
}

/**
 * The lines that end a bevakning's mail: its page, and a one-click link that stops its mails (a token made for the
 * mail, so no login is needed).
 */
export function watchMailFooter({ db, publicUrl, now = () => new Date() }: Omit<WatchMailDeps, 'identity'>) {
  const tokens = unsubscribeTokens(db);
  return async (watchId: number, username: string): Promise<string> => {
    const token = await tokens.make(watchId, username, now());
    return (
      `Alla nya bilar i bevakningen: ${publicUrl}/bevakningar/${watchId}\n` +
      `Sluta få mejl om den här bevakningen (ett klick, ingen inloggning): ` +
      `${publicUrl}/bevakningar/avsluta#bevakning=${watchId}&token=${token}\n`
    );
  };
}
