// Test helpers of the inventory integration tests: app per test file, tokens signed as identity signs them,
// an in-memory file storage, factories with overrides, multipart bodies and test photos.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { generateKeyPair, SignJWT } from 'jose';
import sharp from 'sharp';
import type { Database, Queryable } from '@bilmarknaden/db/database';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import { createTokenVerifier, DEFAULT_TOKEN_SETTINGS, TOKEN_ALGORITHM } from '@bilmarknaden/shared/auth/token';
import { INVENTORY_BASE, inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { WatchQuery } from '@bilmarknaden/shared/watches';
import type { IdentityClient } from '@bilmarknaden/service-kit/identity-client';
import { expect } from 'vitest';
import { inventoryApp, type InventoryOptions } from '../src/app.ts';
import { inventoryMigrations } from '../src/migrations.ts';
import type { FileStorage } from '../src/storage/file-storage.ts';
import type { ValidAd } from '@bilmarknaden/shared/validation/new-ad';
import type { VehicleFacts } from '@bilmarknaden/shared/api-types';
import {
  registrationNumberAt,
  TEST_REGISTRATION_NUMBERS_FROM,
} from '@bilmarknaden/shared/validation/registration-number';
import { vehicleRegisterRepository } from '../src/repositories/vehicle-register-repository.ts';
import { carListingsRepository } from '../src/repositories/car-listings-repository.ts';
import { parseListQuery } from '../src/services/search-query.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { queuedJobs } from '../src/jobs/queued-jobs.ts';

export const BASE = INVENTORY_BASE;

/** A FileStorage in memory; `failPutOn` makes a put fail for keys it matches (failure injection). */
export class MemoryStorage implements FileStorage {
  readonly files = new Map<string, { data: Buffer; contentType: string }>();
  failPutOn: ((key: string) => boolean) | null = null;

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    if (this.failPutOn?.(key)) throw new Error(`injected failure writing ${key}`);
    this.files.set(key, { data: Buffer.from(data), contentType });
  }
  async get(key: string) {
    const f = this.files.get(key);
    return f ? { body: Readable.from([f.data]), size: f.data.length } : null;
  }
  async delete(keys: readonly string[]): Promise<void> {
    for (const k of keys) this.files.delete(k);
  }
  async *list(): AsyncIterable<string> {
    for (const k of [...this.files.keys()]) yield k;
  }
  keys(): string[] {
    return [...this.files.keys()].sort();
  }
}

/** Signs tokens the way identity does: EdDSA, sub = username, role, iss/aud, iat, exp, jti. */
export async function createTokenKit() {
  const { publicKey, privateKey } = await generateKeyPair(TOKEN_ALGORITHM, { extractable: true });
  const sign = (username: string, opts: { role?: number; expiresIn?: string | number } = {}) =>
    new SignJWT({ role: opts.role ?? 1 })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM })
      .setSubject(username)
      .setIssuer(DEFAULT_TOKEN_SETTINGS.issuer)
      .setAudience(DEFAULT_TOKEN_SETTINGS.audience)
      .setIssuedAt()
      .setExpirationTime(opts.expiresIn ?? '1h')
      .setJti(randomUUID())
      .sign(privateKey);
  return { publicKey, privateKey, verifyToken: createTokenVerifier(publicKey), sign };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  storage: MemoryStorage;
  /** `{ authorization: 'Bearer …' }` for a user. */
  auth(username: string, role?: number): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** A migrated database, an in-memory storage and the inventory plugin under its base path. */
export async function buildTestApp(options: Partial<InventoryOptions> = {}): Promise<TestApp> {
  const { db, dispose } = await createTestDatabase([inventoryMigrations]);
  const storage = new MemoryStorage();
  const tokens = await createTokenKit();
  const app = Fastify({ logger: false });
  await app.register(inventoryApp, {
    prefix: BASE,
    db,
    storage,
    verifyToken: tokens.verifyToken,
    feedbackRateLimit: false,
    ...options,
  });
  await app.ready();
  return {
    app,
    db,
    storage: (options.storage as MemoryStorage | undefined) ?? storage,
    auth: async (username, role) => ({ authorization: `Bearer ${await tokens.sign(username, { role })}` }),
    async close() {
      await app.close();
      await dispose();
    },
  };
}

export interface CarRowInput extends ValidAd {
  username: string;
  /** Null by default: an ad published before numbers were asked for. */
  registrationNumber: string | null;
  status: 'pending' | 'active';
  created: Date | string;
  imageCount: number;
  imageVersion: number;
}

let sequence = 0;

/** A stored ad (active by default) straight into the table; every column can be overridden. */
export async function insertCar(db: Queryable, overrides: Partial<CarRowInput> = {}): Promise<number> {
  sequence++;
  const c: CarRowInput = {
    title: `Välvårdad bil ${sequence}`,
    description: 'Servad och besiktigad, inga anmärkningar.',
    price: 100_000,
    make: 'Volvo',
    model: 'V70',
    year: 2015,
    milage: 12_000,
    hp: 150,
    color: 'svart',
    type: 'kombi',
    transmission: 'manuell',
    drivetrain: 'fwd',
    fuel: 'diesel',
    username: 'seller',
    status: 'active',
    created: new Date(Date.UTC(2024, 0, 1) + sequence * 60_000),
    imageCount: 0,
    imageVersion: 1,
    kommun: null,
    registrationNumber: null,
    equipment: [],
    ...overrides,
  };
  const r = await db.query<{ id: number }>(
    `INSERT INTO inventory.cars (title, description, price, make, model, year, milage, hp, color, type, transmission,
       drivetrain, fuel, username, status, created, image_count, image_version, kommun, registration_number, equipment)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21::text[])
     RETURNING id`,
    [
      c.title,
      c.description,
      c.price,
      c.make,
      c.model,
      c.year,
      c.milage,
      c.hp,
      c.color,
      c.type,
      c.transmission,
      c.drivetrain,
      c.fuel,
      c.username,
      c.status,
      c.created,
      c.imageCount,
      c.imageVersion,
      c.kommun ?? null,
      c.registrationNumber,
      [...(c.equipment ?? [])],
    ],
  );
  return r.rows[0]!.id;
}

let plates = 0;

/**
 * A registration number no other call answers and no demo car has (they start with Z): from a counter, offset by
 * the process id, as test files of several workers may share a database.
 */
export function testRegistrationNumber(): string {
  return registrationNumberAt(TEST_REGISTRATION_NUMBERS_FROM + ((process.pid * 1009 + plates++) % 500_000));
}

/** A car of the local vehicle register (`inventory.vehicle_register`); answers its number. Override any fact. */
export async function insertRegisterCar(db: Database, overrides: Partial<VehicleFacts> = {}): Promise<string> {
  const facts: VehicleFacts = {
    registrationNumber: testRegistrationNumber(),
    make: 'Volvo',
    model: 'V70',
    year: 2016,
    hp: 181,
    fuel: 'diesel',
    transmission: 'automat',
    type: 'kombi',
    color: 'svart',
    inTraffic: true,
    stolen: false,
    inspectedUntil: '2027-05-31',
    lastInspection: { date: '2026-05-03', milage: 12_300 },
    owners: 2,
    firstRegistered: '2016-03-14',
    ...overrides,
  };
  await vehicleRegisterRepository(db).insert([facts]);
  return facts.registrationNumber;
}

/** The 14 fields of a valid new-ad form, as strings, with a fresh registration number; override any. */
export function adFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    registrationNumber: testRegistrationNumber(),
    title: 'Volvo V70 D4 Momentum',
    description: 'Fin bil med dragkrok och vinterhjul. Servad enligt schema.',
    price: '129900',
    make: 'Volvo',
    model: 'V70',
    year: '2016',
    milage: '14500',
    hp: '181',
    color: 'svart',
    type: 'kombi',
    transmission: 'automat',
    drivetrain: 'awd',
    fuel: 'diesel',
    ...overrides,
  };
}

/** An edit form's fields: a new ad's without the registration number, which an edit cannot change. */
export function editFields(overrides: Record<string, string> = {}): Record<string, string> {
  const { registrationNumber: _, ...fields } = adFields();
  return { ...fields, ...overrides };
}

export interface FilePart {
  field?: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/**
 * A multipart/form-data body for `inject`: text fields first (a list is sent as repeated fields, as a form's
 * checkboxes are), then files in the given order.
 */
export function multipart(
  fields: Record<string, string | readonly string[]>,
  files: FilePart[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bilmarknaden${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, values] of Object.entries(fields)) {
    for (const value of typeof values === 'string' ? [values] : values) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
  }
  files.forEach((f, i) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? `images[${i}]`}"; filename="${
          f.filename ?? `${i}.jpg`
        }"\r\nContent-Type: ${f.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small photo of one colour; the colour tells photos apart after re-encoding. */
export function photo(
  format: 'jpeg' | 'png' | 'webp',
  rgb: { r: number; g: number; b: number } = { r: 200, g: 30, b: 30 },
  size = { width: 64, height: 48 },
): Promise<Buffer> {
  return sharp({ create: { ...size, channels: 3, background: rgb } })
    .toFormat(format)
    .toBuffer();
}

/** The average colour of a stored JPEG (to check which upload ended up as which photo number). */
export async function averageColour(data: Buffer): Promise<{ r: number; g: number; b: number }> {
  const { channels } = await sharp(data).stats();
  return { r: channels[0]!.mean, g: channels[1]!.mean, b: channels[2]!.mean };
}

export async function countRows(db: Database, table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params);
  return r.rows[0]!.n;
}

/** A job queue's or import's log that writes nothing. */
export const silent = { warn: () => undefined, error: () => undefined };

/** Runs every due job now (the bevakningar's matching), as a runner in the app would; by default no one is told. */
export function runQueuedJobs(
  db: Database,
  identity: IdentityClient = { notify: async () => undefined },
  publicUrl = 'https://bilmarknaden.test',
): Promise<number> {
  return createJobQueue({ db, jobs: queuedJobs({ db, identity, publicUrl }), log: silent }).runDue();
}

/** Saves each query as a bevakning of the user of `headers`; answers their ids in the queries' order. */
export async function saveWatches(
  t: TestApp,
  headers: Record<string, string>,
  queries: readonly WatchQuery[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const query of queries) {
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}${inventoryPaths.watches}`,
      headers,
      payload: { query },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id);
  }
  return ids;
}

/** The ads a bevakning has been matched with, by id. */
export async function watchHits(db: Database, watchId: number): Promise<number[]> {
  const r = await db.query<{ car_id: number }>(
    'SELECT car_id FROM inventory.watch_hits WHERE watch_id = $1 ORDER BY car_id',
    [watchId],
  );
  return r.rows.map((x) => x.car_id);
}

const sortedIds = (items: readonly { id: number }[]) => items.map((c) => c.id).sort((a, b) => a - b);

/** The list route, the repository's list, the count and the query's bevakning all keep exactly the ads `want`. */
export async function expectSameAds(t: TestApp, query: WatchQuery, watchId: number, want: readonly number[]) {
  const ids = [...want].sort((a, b) => a - b);
  const params = query as Record<string, string>;
  const res = await t.app.inject({
    method: 'GET',
    url: `${BASE}${inventoryPaths.listCars}?${new URLSearchParams({ ...params, end: '100' })}`,
  });
  expect(res.statusCode).toBe(200);
  expect({ query, ids: sortedIds(res.json()) }).toEqual({ query, ids });
  expect(sortedIds(await carListingsRepository(t.db).list(parseListQuery({ ...query, end: '100' })))).toEqual(ids);
  const count = await t.app.inject({
    method: 'GET',
    url: `${BASE}${inventoryPaths.countCars}?${new URLSearchParams(params)}`,
  });
  expect(count.json()).toEqual({ count: ids.length, more: false });
  expect({ query, hits: await watchHits(t.db, watchId) }).toEqual({ query, hits: ids });
}
