import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { IDENTITY_BASE } from '@bilmarknaden/shared/api-paths';
import { identityApp, type IdentityOptions } from '../src/app.ts';
import { loadIdentityKeys, type IdentityKeys } from '../src/keys.ts';
import { identityMigrations } from '../src/migrations.ts';
import { createPasswordHasher } from '../src/services/password-hasher.ts';

// Low argon2 cost keeps the suite quick; the default hasher (OWASP parameters) is tested on its own.
export const fastHasher = createPasswordHasher({ memoryCost: 256, timeCost: 1, parallelism: 1 });

// app.inject registers every user from 127.0.0.1: the suites get a registration limit they never reach
// (registration-rate-limit.int.test.ts tests the default one).
const UNREACHED_REGISTRATION_LIMIT = { perAddress: 1_000_000 };

export interface TestIdentity {
  app: FastifyInstance;
  db: TestDatabase['db'];
  keys: IdentityKeys;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  return createTestDatabase([identityMigrations]);
}

/** A fresh identity app on its own migrated database. */
export async function buildIdentity(
  overrides: Partial<IdentityOptions> = {},
  server: FastifyServerOptions = {},
  database?: TestDatabase,
): Promise<TestIdentity> {
  const testDb = database ?? (await openTestDatabase());
  const keys = overrides.keys ?? (await loadIdentityKeys({}));
  const app = Fastify({ logger: false, ...server });
  await app.register(identityApp, {
    db: testDb.db,
    keys,
    passwordHasher: fastHasher,
    registrationRateLimit: UNREACHED_REGISTRATION_LIMIT,
    ...overrides,
    prefix: IDENTITY_BASE,
  });
  await app.ready();
  return {
    app,
    db: testDb.db,
    keys,
    async close() {
      await app.close();
      if (!database) await testDb.dispose();
    },
  };
}

export const api = (path: string) => `${IDENTITY_BASE}${path}`;

let counter = 0;

/** A valid registration body; each call gets its own username and email. */
export function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    username: `anna${counter}`,
    firstname: 'Anna',
    lastname: 'Andersson',
    email: `anna${counter}@exempel.se`,
    password: 'hemligt-lösen-1',
    street: 'Storgatan',
    housenumber: '12B',
    zipcode: '11122',
    countryCode: '46',
    phone: '0701234567',
    city: 'Stockholm',
    ...overrides,
  };
}

/**
 * Runs `fn` while writes to `table` (where a limit counts) commit late, one at a time: a trigger holds an inserted
 * row uncommitted for 0.3 s, so requests that check meanwhile do not see an attempt that took an earlier id — the
 * race an exact limit must survive on PostgreSQL (PGlite runs one statement at a time anyway).
 */
export async function withSlowCommits<T>(
  db: TestDatabase['db'],
  table: 'identity.login_attempts' | 'limits.events',
  fn: () => Promise<T>,
): Promise<T> {
  await db.exec(`
    CREATE FUNCTION identity.slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF pg_try_advisory_xact_lock(20261121) THEN PERFORM pg_sleep(0.3); END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER slow_commit AFTER INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION identity.slow_commit();`);
  try {
    return await fn();
  } finally {
    await db.exec(`DROP TRIGGER slow_commit ON ${table}; DROP FUNCTION identity.slow_commit();`);
  }
}
