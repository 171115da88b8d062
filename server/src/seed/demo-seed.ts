import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';
import type { FileStorage } from '@bilmarknaden/inventory/storage/file-storage';
import { hashPassword } from '@bilmarknaden/identity/services/password-hasher';
import { colorOptions } from '@bilmarknaden/shared/options';
import { createRandom } from './random.ts';
import { demoUsers, DEMO_PASSWORD } from './demo-users.ts';
import { generateAd, type CatalogueEntry } from './demo-ads.ts';
import { makeDemoPhotos } from './demo-photos.ts';

export const DEMO_AD_COUNT = 200;
const MARKER = 'demo/seed';
const DAY_MS = 24 * 3600 * 1000;

/**
 * Seeds demo users, ads and photos once on an empty database (a marker row makes a second start skip).
 * Ads are written 'pending' and turned 'active' only after their photos are stored, like real uploads.
 */
export async function seedDemoData(
  db: Database,
  storage: FileStorage,
  log: FastifyBaseLogger,
  count = DEMO_AD_COUNT,
): Promise<boolean> {
  const done = await db.query('SELECT 1 FROM public.schema_migrations WHERE id = $1', [MARKER]);
  if (done.rows.length > 0) return false;
  const started = Date.now();
  const rnd = createRandom(20261121);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const u of demoUsers) {
    await db.query(
      `INSERT INTO identity.users (username, firstname, lastname, email, password_hash, street, housenumber, zipcode, city, country_code, phone, role, created)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, '46', $10, $11, now() - interval '200 days')
       ON CONFLICT DO NOTHING`,
      [
        u.username,
        u.firstname,
        u.lastname,
        u.email,
        passwordHash,
        u.street,
        String(rnd.int(1, 80)),
        u.zipcode,
        u.city,
        `070${rnd.int(1000000, 9999999)}`,
        u.role,
      ],
    );
  }

  const catalogue = await loadCatalogue(db);
  if (catalogue.length === 0) throw new Error('The make and model catalogue is empty: inventory migrations missing');
  const photos = await makeDemoPhotos(
    colorOptions.map((c) => c.value),
    8,
  );
  const sellers = demoUsers.filter((u) => u.role === 1).map((u) => u.username);
  const now = Date.now();

  for (let i = 0; i < count; i++) {
    const ad = generateAd(rnd, catalogue);
    const created = new Date(now - rnd.next() * 120 * DAY_MS);
    const imageCount = rnd.int(1, 8);
    const inserted = await db.query<{ id: number }>(
      `INSERT INTO inventory.cars (title, description, price, make, model, year, milage, hp, color, type, transmission, drivetrain, fuel, username, created, updated, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, 'pending') RETURNING id`,
      [
        ad.title,
        ad.description,
        ad.price,
        ad.make,
        ad.model,
        ad.year,
        ad.milage,
        ad.hp,
        ad.color,
        ad.type,
        ad.transmission,
        ad.drivetrain,
        ad.fuel,
        rnd.pick(sellers),
        created,
      ],
    );
    const id = inserted.rows[0]!.id;
    const set = photos.get(ad.color)!;
    const offset = rnd.int(0, set.length - 1);
    for (let n = 1; n <= imageCount; n++) {
      const photo = set[(offset + n) % set.length]!;
      await storage.put(`${id}-${n}.jpeg`, photo.full, 'image/jpeg');
      await storage.put(`${id}-${n}-card.jpeg`, photo.card, 'image/jpeg');
    }
    await db.query("UPDATE inventory.cars SET status = 'active', image_count = $2 WHERE id = $1", [id, imageCount]);
  }
  await db.query('INSERT INTO public.schema_migrations (id) VALUES ($1)', [MARKER]);
  log.info({ ads: count, users: demoUsers.length, ms: Date.now() - started }, 'demo data seeded');
  return true;
}

async function loadCatalogue(db: Database): Promise<CatalogueEntry[]> {
  const r = await db.query<{ make: string; models: string[] }>(
    `SELECT m.name AS make, array_agg(mo.name ORDER BY mo.name) AS models
       FROM inventory.makes m JOIN inventory.models mo ON mo.make_id = m.id
      GROUP BY m.name ORDER BY m.name`,
  );
  return r.rows;
}
