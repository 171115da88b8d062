import type { Database } from '@bilmarknaden/db/database';
import type { FileStorage } from '@bilmarknaden/inventory/storage/file-storage';
import { hashPassword } from '@bilmarknaden/identity/services/password-hasher';
import { carsRepository } from '@bilmarknaden/inventory/repositories/cars-repository';
import { fileKey } from '@bilmarknaden/inventory/storage/file-keys';
import { usersRepository } from '@bilmarknaden/identity/repositories/users-repository';
import { createRandom } from './random.ts';
import { demoUsers, DEMO_PASSWORD } from './demo-users.ts';
import { generateAd, type CatalogueEntry } from './demo-ads.ts';
import { DemoPhotos, DEMO_VIEWS } from './demo-photos.ts';
import { vehicleRegisterRepository } from '@bilmarknaden/inventory/repositories/vehicle-register-repository';
import {
  extraRegisterCars,
  generatedNumber,
  NAMED_REGISTER_CARS,
  NUMBER_OFFSETS,
  registerFactsOf,
} from './demo-register.ts';
import type { Log } from '@bilmarknaden/service-kit/log';

export const DEMO_AD_COUNT = 200;
const MARKER = 'demo/seed';
const DAY_MS = 24 * 3600 * 1000;

export interface DemoSeedOptions {
  /** The demo moderator and administrator too: never in production, where the README's password would open them. */
  withStaff: boolean;
  count?: number;
}

/**
 * Seeds demo users, ads and photos once on an empty database (a marker row makes a second start skip).
 * Ads go through the inventory repository like real uploads: pending, photos stored, then active.
 */
export async function seedDemoData(
  db: Database,
  storage: FileStorage,
  log: Pick<Log, 'info'>,
  { withStaff, count = DEMO_AD_COUNT }: DemoSeedOptions,
): Promise<boolean> {
  const done = await db.query('SELECT 1 FROM public.schema_migrations WHERE id = $1', [MARKER]);
  if (done.rows.length > 0) return false;
  const started = Date.now();
  const rnd = createRandom(20261121);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users = usersRepository(db);
  const seeded = demoUsers.filter((u) => withStaff || u.role === 1);
  for (const u of seeded) {
    if (await users.findByUsername(u.username)) continue;
    await users.insert({
      ...u,
      passwordHash,
      housenumber: String(rnd.int(1, 80)),
      countryCode: '46',
      phone: `070${rnd.int(1000000, 9999999)}`,
    });
    if (u.role !== 1) await users.setRole(u.username, u.role, new Date());
  }

  const catalogue = await loadCatalogue(db);
  if (catalogue.length === 0) throw new Error('The make and model catalogue is empty: inventory migrations missing');
  const photos = new DemoPhotos();
  const sellers = demoUsers.filter((u) => u.role === 1).map((u) => u.username);
  const now = Date.now();
  const cars = carsRepository(db);

  // The register's facts draw from a stream of their own, so the demo ads stay what they were before it.
  const registerRnd = createRandom(20261205);
  const today = new Date();
  const plans = Array.from({ length: count }, (_, i) => {
    const ad = generateAd(rnd, catalogue);
    const created = new Date(now - rnd.next() * 120 * DAY_MS);
    // As the register answered when the ad was published.
    const facts = registerFactsOf(registerRnd, ad, generatedNumber(NUMBER_OFFSETS.demoAds + i), created);
    // Several photos, each another view of the car, the first from the side (the card's photo).
    const imageCount = Math.min(DEMO_VIEWS, Math.max(2, rnd.int(1, 8)));
    const seller = rnd.pick(sellers);
    const firstView = rnd.int(0, 1) * 2;
    return { ad, facts, created, imageCount, seller, firstView };
  });
  await vehicleRegisterRepository(db).insert([
    ...NAMED_REGISTER_CARS,
    ...plans.map((p) => p.facts),
    ...extraRegisterCars(registerRnd, catalogue, today),
  ]);
  const viewsOf = (plan: (typeof plans)[number]) =>
    Array.from({ length: plan.imageCount }, (_, i) => plan.firstView + i);
  // The photos are drawn while the ads are written.
  for (const plan of plans) photos.prefetch(plan.ad.type, plan.ad.color, viewsOf(plan));

  for (const { ad, facts, created, imageCount, seller, firstView } of plans) {
    const vehicle = {
      registrationNumber: facts.registrationNumber,
      facts: { ...facts, fetchedAt: created.toISOString() },
    };
    const id = await cars.insertPending(ad, seller, vehicle);
    for (let n = 1; n <= imageCount; n++) {
      const photo = await photos.photo(ad.type, ad.color, firstView + n - 1);
      // A new ad's photos are version 1 (decision 028).
      await storage.put(fileKey(id, 1, n), photo.full, 'image/jpeg');
      await storage.put(fileKey(id, 1, n, 'card'), photo.card, 'image/jpeg');
    }
    await cars.activate(id, imageCount);
    // Demo ads were "posted" over the last months, not all at this moment.
    await db.query('UPDATE inventory.cars SET created = $2, updated = $2 WHERE id = $1', [id, created]);
  }
  await db.query('INSERT INTO public.schema_migrations (id) VALUES ($1)', [MARKER]);
  log.info({ ads: count, users: seeded.length, ms: Date.now() - started }, 'demo data seeded');
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
