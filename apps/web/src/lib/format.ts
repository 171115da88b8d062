import { PRICE_SUFFIX } from '@bilmarknaden/shared/constants';

const grouping = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });

/** Swedish digit grouping: 125000 → '125 000'. */
export function formatNumber(n: number): string {
  return grouping.format(n);
}

/** A result count: '1 bil', '1 234 bilar', and '1 000+ bilar' past the count's cap. */
export function formatCarCount(count: number, more = false): string {
  if (more) return `${formatNumber(count)}+ bilar`;
  return count === 1 ? '1 bil' : `${formatNumber(count)} bilar`;
}

/** '125 000 :-' */
export function formatPrice(n: number): string {
  return `${formatNumber(n)}${PRICE_SUFFIX}`;
}

// The platform's Swedish names rather than date-fns: the format is in the entry chunk, which has a size budget
// (decision 049). Local time, as the specification's old system showed it.
const createdParts = new Intl.DateTimeFormat('sv-SE', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'MMM d HH:mm' in Swedish, e.g. 'nov. 21 14:05'. */
export function formatCreated(iso: string): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of createdParts.formatToParts(new Date(iso))) part[p.type] = p.value;
  return `${part.month} ${part.day} ${part.hour}:${part.minute}`;
}

export const formatMil = (n: number) => `${formatNumber(n)} mil`;
export const formatHp = (n: number) => `${formatNumber(n)} hk`;

/** '85 000 kr': an amount in running text (the ' :-' suffix is the price's own). */
export const formatKronor = (n: number) => `${formatNumber(n)} kr`;

const swedishDay = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The calendar day of an instant in Sweden, as a day number. */
const dayNumber = (d: Date) => {
  const [y, m, day] = swedishDay.format(d).split('-').map(Number);
  return Date.UTC(y!, m! - 1, day!) / 86_400_000;
};

/** How long an ad has been listed, in Swedish calendar days: 'Inlagd i dag', 'Inlagd i går', 'Inlagd för 12 dagar sedan'. */
export function formatListedAge(iso: string, now: Date = new Date()): string {
  const days = Math.max(0, dayNumber(now) - dayNumber(new Date(iso)));
  if (days === 0) return 'Inlagd i dag';
  if (days === 1) return 'Inlagd i går';
  return `Inlagd för ${days} dagar sedan`;
}

const mediumDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', dateStyle: 'medium' });
/** The day of an instant in Sweden as people write it: '5 dec. 2026'. */
export const formatDay = (iso: string) => mediumDay.format(new Date(iso));
