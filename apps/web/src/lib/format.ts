import { format } from 'date-fns';
import { sv } from 'date-fns/locale';
import { PRICE_SUFFIX } from '@bilmarknaden/shared/constants';

const grouping = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });

/** Swedish digit grouping: 125000 → '125 000'. */
export function formatNumber(n: number): string {
  return grouping.format(n);
}

/** '125 000 :-' */
export function formatPrice(n: number): string {
  return `${formatNumber(n)}${PRICE_SUFFIX}`;
}

/** 'MMM d HH:mm' in Swedish, e.g. 'nov. 21 14:05'. */
export function formatCreated(iso: string): string {
  return format(new Date(iso), 'MMM d HH:mm', { locale: sv });
}

export const formatMil = (n: number) => `${formatNumber(n)} mil`;
export const formatHp = (n: number) => `${formatNumber(n)} hk`;
