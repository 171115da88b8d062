import type { Car } from '@bilmarknaden/shared/api-types';
import { PRICE_SUFFIX } from '@bilmarknaden/shared/constants';
import { cardImagePath } from '@bilmarknaden/shared/api-paths';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export type AdMetaFields = Pick<Car, 'id' | 'title' | 'price' | 'year' | 'milage' | 'imageCount' | 'imageVersion'>;

/** `<title>` and Open Graph tags of one visible ad (as the API answers it). */
export function adMetaTags(car: AdMetaFields): string {
  const price = `${new Intl.NumberFormat('sv-SE').format(car.price)}${PRICE_SUFFIX}`;
  const title = escapeHtml(`${car.title} – ${price} – Bilmarknaden`);
  const description = escapeHtml(`${car.title}, årsmodell ${car.year}, ${car.milage} mil. ${price}`);
  const image =
    car.imageCount > 0 ? `<meta property="og:image" content="${cardImagePath(car.id, 1, car.imageVersion)}" />` : '';
  return `<title>${title}</title><meta property="og:title" content="${title}" /><meta property="og:description" content="${description}" />${image}`;
}
