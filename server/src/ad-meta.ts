import type { Database } from '@bilmarknaden/db/database';
import { PRICE_SUFFIX } from '@bilmarknaden/shared/constants';
import { cardImagePath } from '@bilmarknaden/shared/api-paths';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `<title>` and Open Graph tags of one visible ad, or null when there is none. */
export async function adMetaTags(db: Database, id: number): Promise<string | null> {
  const r = await db.query<{
    title: string;
    price: number;
    year: number;
    milage: number;
    image_count: number;
    image_version: number;
  }>(
    "SELECT title, price, year, milage, image_count, image_version FROM inventory.cars WHERE id = $1 AND status = 'active'",
    [id],
  );
  const car = r.rows[0];
  if (!car) return null;
  const price = `${new Intl.NumberFormat('sv-SE').format(car.price)}${PRICE_SUFFIX}`;
  const title = escapeHtml(`${car.title} – ${price} – Bilmarknaden`);
  const description = escapeHtml(`${car.title}, årsmodell ${car.year}, ${car.milage} mil. ${price}`);
  const image =
    car.image_count > 0 ? `<meta property="og:image" content="${cardImagePath(id, 1, car.image_version)}" />` : '';
  return `<title>${title}</title><meta property="og:title" content="${title}" /><meta property="og:description" content="${description}" />${image}`;
}
