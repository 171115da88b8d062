import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import pino from 'pino';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { LocalFileStorage } from '@bilmarknaden/inventory/storage/local-storage';
import { verifyPassword } from '@bilmarknaden/identity/services/password-hasher';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { newAdRules } from '@bilmarknaden/shared/validation/new-ad';
import { seedDemoData } from '../src/seed/demo-seed.ts';
import { EXTRA_REGISTER_CARS, NAMED_REGISTER_CARS } from '../src/seed/demo-register.ts';
import { isRegistrationNumber } from '@bilmarknaden/shared/validation/registration-number';
import { generateAd } from '../src/seed/demo-ads.ts';
import { createRandom } from '../src/seed/random.ts';
import { DEMO_PASSWORD, demoUsers } from '../src/seed/demo-users.ts';
import { tempDir } from './helpers.ts';

const log = pino({ level: 'silent' });

describe('demo seed', () => {
  let t: TestDatabase;
  const filesDir = path.join(tempDir(), 'files');
  const storage = new LocalFileStorage(filesDir);

  beforeAll(async () => {
    t = await createTestDatabase([identityMigrations, inventoryMigrations]);
  });
  afterAll(() => t.dispose());

  it('seeds users, active ads and their photos once', async () => {
    expect(await seedDemoData(t.db, storage, log, { withStaff: true, count: 12 })).toBe(true);
    const cars = await t.db.query<{ id: number; image_count: number; status: string }>(
      'SELECT id, image_count, status FROM inventory.cars',
    );
    expect(cars.rows).toHaveLength(12);
    for (const car of cars.rows) {
      expect(car.status).toBe('active');
      expect(car.image_count).toBeGreaterThanOrEqual(1);
      expect(car.image_count).toBeLessThanOrEqual(8);
      for (let n = 1; n <= car.image_count; n++) {
        for (const key of [`${car.id}-1-${n}.jpeg`, `${car.id}-1-${n}-card.jpeg`]) {
          const file = await storage.get(key);
          expect(file, key).not.toBeNull();
          // Opened for reading: closed here rather than left to the garbage collector.
          file!.body.destroy();
        }
      }
    }
    expect(await seedDemoData(t.db, storage, log, { withStaff: true, count: 12 })).toBe(false);
    expect((await t.db.query('SELECT id FROM inventory.cars')).rows).toHaveLength(12);
  });

  it("gives every demo ad a unique registration number with the register's facts, and fills the register", async () => {
    const cars = await t.db.query<{
      registration_number: string;
      vehicle_facts: Record<string, unknown>;
      make: string;
    }>('SELECT registration_number, vehicle_facts, make FROM inventory.cars');
    const numbers = cars.rows.map((c) => c.registration_number);
    expect(new Set(numbers).size).toBe(12);
    for (const car of cars.rows) {
      expect(isRegistrationNumber(car.registration_number), car.registration_number).toBe(true);
      expect(car.registration_number.startsWith('Z')).toBe(false);
      expect(car.vehicle_facts).toMatchObject({ registrationNumber: car.registration_number, make: car.make });
      expect(Date.parse(String(car.vehicle_facts.fetchedAt))).not.toBeNaN();
    }
    const register = await t.db.query<{ n: number; stolen: number; named: number; ads: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE stolen)::int AS stolen,
              count(*) FILTER (WHERE registration_number = ANY($1))::int AS named,
              count(*) FILTER (WHERE registration_number = ANY($2))::int AS ads
         FROM inventory.vehicle_register`,
      [NAMED_REGISTER_CARS.map((c) => c.registrationNumber), numbers],
    );
    expect(register.rows[0]).toEqual({
      n: 12 + EXTRA_REGISTER_CARS + NAMED_REGISTER_CARS.length,
      stolen: EXTRA_REGISTER_CARS / 50 + 1,
      named: NAMED_REGISTER_CARS.length,
      ads: 12,
    });
  });

  it('creates the demo users with the README password and their roles', async () => {
    const users = await t.db.query<{ username: string; role: number; password_hash: string }>(
      'SELECT username, role, password_hash FROM identity.users',
    );
    expect(users.rows.map((u) => u.username).sort()).toEqual(demoUsers.map((u) => u.username).sort());
    expect(await verifyPassword(users.rows[0]!.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(users.rows.find((u) => u.username === 'admin')?.role).toBe(3);
  });

  it('generates varied ads that pass the new-ad rules', () => {
    const rnd = createRandom(1);
    const catalogue = [
      { make: 'Volvo', models: ['V70', 'XC60'] },
      { make: 'Saab', models: ['9-3', '9-5'] },
      { make: 'Tesla', models: ['Model 3'] },
    ];
    const ads = Array.from({ length: 300 }, () => generateAd(rnd, catalogue));
    for (const ad of ads) {
      // As a form sends it: text fields, and the equipment as its list of codes.
      const asForm = Object.fromEntries(Object.entries(ad).map(([k, v]) => [k, Array.isArray(v) ? v : String(v)]));
      expect(lastFailure(newAdRules, asForm as never)).toBeNull();
    }
    for (const key of ['make', 'fuel', 'type', 'color', 'transmission', 'drivetrain'] as const) {
      expect(new Set(ads.map((a) => a[key])).size, key).toBeGreaterThan(1);
    }
    expect(new Set(ads.map((a) => a.year)).size).toBeGreaterThan(20);
  });
});
