// Bulk synthetic data for benchmarks: N active ads in large batches, bench users with saved ads, and
// photos shared from a small generated pool. Used by `npm run seed` and `npm run bench`.
import { randomBytes } from 'node:crypto';
import { link, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database, Queryable } from '@bilmarknaden/db/database';
import { hashPassword } from '@bilmarknaden/identity/services/password-hasher';
import { fileKey } from '@bilmarknaden/inventory/storage/file-keys';
import { LocalFileStorage } from '@bilmarknaden/inventory/storage/local-storage';
import type { FileStorage } from '@bilmarknaden/inventory/storage/file-storage';
import { generateAd, type CatalogueEntry } from '../seed/demo-ads.ts';
import { DemoPhotos, DEMO_VIEWS, type DemoPhoto } from '../seed/demo-photos.ts';
import { createRandom, type Random } from '../seed/random.ts';
import { generatedNumber, NUMBER_OFFSETS, registerFactsOf } from '../seed/demo-register.ts';
import type { ValidAd } from '@bilmarknaden/shared/validation/new-ad';

export const BENCH_PASSWORD = 'Bilmarknaden1';
export const benchUser = (n: number) => ({ username: `bench${n}`, email: `bench${n}@bench.bilmarknaden.se` });

/**
 * How ads get their photos:
 * - `link`: the pool's files are written once to `$DATA_DIR/bench-photo-pool` and every photo of every ad is a
 *   hard link to one of them (local folder only). To the server each is an ordinary file, version 1 of its ad
 *   (`{id}-1-{n}.jpeg`); the store never writes into an existing file (temp + rename), so replacing or
 *   deleting one ad's photo never touches the others. Fast: one link() per file, no bytes copied.
 * - `copy`: the pool's bytes are `put` through the store for every ad (works for S3; slow for large N).
 * - `none`: no photos; ads get image_count 0 (nothing claimed that does not exist).
 */
export type PhotoMode = 'link' | 'copy' | 'none';

export interface BulkSeedOptions {
  ads: number;
  /** Bench users (sellers of the ads, each with saved ads). Default 100. */
  users?: number;
  /** Saved ads per bench user. Default 30. */
  savedPerUser?: number;
  /** Rows per INSERT. Default 2000. */
  batchSize?: number;
  /** PRNG seed: the same seed gives the same ads. */
  seed?: number;
  photos?: PhotoMode;
  /** Required unless photos is 'none'. */
  storage?: FileStorage;
  /** Hard links per pool file before a fresh copy takes over (ext4 allows 65,000 per inode). Default 50,000. */
  linksPerFile?: number;
  /** Views per body type and colour in the photo pool (10 types, 7 colours), 1–4. Default 4. */
  photoViews?: number;
  /**
   * Drop the secondary indexes of inventory.cars during the load and build them again from their stored
   * definitions at the end (far faster than growing GIN indexes row by row). Default: when ads ≥ 20,000.
   */
  rebuildIndexes?: boolean;
  /** Ads are created within the last `days` days before `now`. */
  now?: Date;
  days?: number;
  onProgress?: (message: string) => void;
}

export interface BulkSeedResult {
  ads: number;
  firstId: number;
  lastId: number;
  users: number;
  saved: number;
  photoFiles: number;
  ms: number;
}

const DAY_MS = 24 * 3600 * 1000;
const MAX_PHOTOS = 8;

export async function loadCatalogue(db: Queryable): Promise<CatalogueEntry[]> {
  const r = await db.query<{ make: string; models: string[] }>(
    `SELECT m.name AS make, array_agg(mo.name ORDER BY mo.name) AS models
       FROM inventory.makes m JOIN inventory.models mo ON mo.make_id = m.id
      GROUP BY m.name ORDER BY m.name`,
  );
  return r.rows;
}

/** Fills a migrated database; everything in the database is written in one transaction (all or nothing). */
export async function bulkSeed(db: Database, opts: BulkSeedOptions): Promise<BulkSeedResult> {
  const started = Date.now();
  const ads = opts.ads;
  if (!Number.isInteger(ads) || ads < 0) throw new Error('ads must be a whole number ≥ 0');
  const userCount = Math.max(1, opts.users ?? 100);
  const savedPerUser = opts.savedPerUser ?? 30;
  const batchSize = opts.batchSize ?? 2000;
  const photos: PhotoMode = opts.photos ?? (opts.storage instanceof LocalFileStorage ? 'link' : 'none');
  if (photos !== 'none' && !opts.storage) throw new Error(`photos '${photos}' needs a storage`);
  if (photos === 'link' && !(opts.storage instanceof LocalFileStorage)) {
    throw new Error("photos 'link' needs the local photo folder (use 'copy' for S3)");
  }
  const rnd = createRandom(opts.seed ?? 20261122);
  const now = (opts.now ?? new Date()).getTime();
  const days = opts.days ?? 365;
  const progress = opts.onProgress ?? (() => undefined);

  const catalogue = await loadCatalogue(db);
  if (catalogue.length === 0) throw new Error('The make and model catalogue is empty: run the migrations first');

  const pool =
    photos === 'none'
      ? null
      : await preparePhotoPool(opts.storage!, photos, opts.photoViews ?? DEMO_VIEWS, opts.linksPerFile ?? 50_000);
  if (pool) progress(`photo pool ready (${pool.views} views per body type and colour, drawn on first use)`);

  // Argon2 once: every bench user has the same password.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const usernames = Array.from({ length: userCount }, (_, i) => benchUser(i + 1).username);

  const existing = await db.query<{ n: number; max: number }>(
    'SELECT count(*)::int AS n, coalesce(max(id), 0)::int AS max FROM inventory.cars',
  );
  // Registration numbers from past the highest id: every earlier seeded ad's number came from below its own id, so
  // a later seed into the same database never repeats one.
  const numbersFrom = NUMBER_OFFSETS.bulkAds + existing.rows[0]!.max;
  // The register's facts draw from a stream of their own: the ads stay those of the seed.
  const factsRnd = createRandom((opts.seed ?? 20261122) + 1);
  const rebuild = opts.rebuildIndexes ?? (ads >= 20_000 && ads >= existing.rows[0]!.n);

  let photoFiles = 0;
  let firstId = 0;
  let lastId = 0;
  const ids: number[] = [];
  const saved = await db.transaction(async (tx) => {
    await insertUsers(tx, userCount, passwordHash);
    const dropped = rebuild ? await dropCarIndexes(tx) : [];
    if (dropped.length > 0) progress(`dropped ${dropped.length} indexes for the load`);
    // The price statistics are built once after the load, not per batch by the insert trigger (decision 038).
    await tx.exec('ALTER TABLE inventory.cars DISABLE TRIGGER cars_price_inserted');

    const step = Math.max(batchSize, Math.ceil(ads / 10));
    let linking: Promise<number> | null = null;
    let reported = 0;
    for (let done = 0; done < ads; done += batchSize) {
      const range = { first: done, count: Math.min(batchSize, ads - done), total: ads };
      const rows = generateBatch(rnd, catalogue, usernames, range, now, days, photos).map((row, i) => {
        const created = new Date(row.created);
        const facts = registerFactsOf(factsRnd, row, generatedNumber(numbersFrom + done + i), created);
        return {
          ...row,
          registrationNumber: facts.registrationNumber,
          vehicleFacts: JSON.stringify({ ...facts, fetchedAt: row.created }),
        };
      });
      const inserted = await insertAds(tx, rows);
      for (const r of inserted) ids.push(r.id);
      // The previous batch's photos were linked while this batch was inserted.
      photoFiles += (await linking) ?? 0;
      linking = pool ? attachPhotos(pool, inserted, rnd) : null;
      linking?.catch(() => undefined); // awaited after the next batch; no unhandled rejection meanwhile
      const total = done + rows.length;
      if (total - reported >= step || total === ads) {
        reported = total;
        progress(`${total.toLocaleString('en')} / ${ads.toLocaleString('en')} ads (${secondsSince(started)} s)`);
      }
    }
    photoFiles += (await linking) ?? 0;
    // Before the indexes, and with the update triggers off too: writing every ad's label (inventory's 001-schema.sql)
    // then updates no index and keeps no transition table.
    await tx.exec('ALTER TABLE inventory.cars DISABLE TRIGGER USER');
    await tx.exec('SELECT inventory.rebuild_price_statistics()');
    await tx.exec('ALTER TABLE inventory.cars ENABLE TRIGGER USER');
    progress(`built the price statistics (${secondsSince(started)} s)`);
    if (dropped.length > 0) {
      await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const def of dropped) await tx.exec(def);
      progress(`rebuilt ${dropped.length} indexes (${secondsSince(started)} s)`);
    }
    return insertSaved(tx, usernames, ids, savedPerUser, rnd, now);
  });
  for (const id of ids) {
    if (firstId === 0 || id < firstId) firstId = id;
    if (id > lastId) lastId = id;
  }
  // Fresh statistics for the planner, and the visibility map for index-only scans.
  await db.exec('VACUUM ANALYZE inventory.cars');
  await db.exec('VACUUM ANALYZE inventory.saved_cars');
  await db.exec('ANALYZE identity.users');
  return { ads, firstId, lastId, users: userCount, saved, photoFiles, ms: Date.now() - started };
}

const secondsSince = (t: number) => ((Date.now() - t) / 1000).toFixed(1);

interface AdRow extends ValidAd {
  username: string;
  imageCount: number;
  created: string;
}

/** A row as it is inserted: with its car's number and the register's facts (JSON text). */
interface SeededRow extends AdRow {
  registrationNumber: string;
  vehicleFacts: string;
}

/** Where ad `index` of `total` falls in time: spread over the period, oldest first, with a random jitter. */
function publishedAt(rnd: Random, index: number, total: number, now: number, days: number): string {
  const age = (1 - (index + rnd.next()) / total) * days * DAY_MS;
  return new Date(now - Math.floor(age)).toISOString();
}

/**
 * Ads `first`… of `total`, oldest first: written in the order a live site writes them (as they are published),
 * so the table's rows lie in `created` order as they do in production, and a scan of the newest ads reads the
 * newest pages. Random dates in every batch spread the newest ads over the whole table instead (1,000,000 ads:
 * the 800 newest rows a partial-word search steps over came from ~800 pages).
 */
function generateBatch(
  rnd: Random,
  catalogue: readonly CatalogueEntry[],
  usernames: readonly string[],
  range: { first: number; count: number; total: number },
  now: number,
  days: number,
  photos: PhotoMode,
): AdRow[] {
  const rows: AdRow[] = [];
  for (let i = 0; i < range.count; i++) {
    const ad = generateAd(rnd, catalogue);
    rows.push({
      ...ad,
      username: rnd.pick(usernames),
      imageCount: photos === 'none' ? 0 : rnd.int(1, MAX_PHOTOS),
      created: publishedAt(rnd, range.first + i, range.total, now, days),
    });
  }
  return rows;
}

// One statement per batch: the columns travel as arrays (works the same on PGlite and PostgreSQL).
const INSERT_ADS = `
INSERT INTO inventory.cars (title, description, price, make, model, year, milage, hp, color, type, transmission,
  drivetrain, fuel, username, image_count, status, created, updated, kommun, registration_number, vehicle_facts,
  equipment)
SELECT t.title, t.description, t.price, t.make, t.model, t.year, t.milage, t.hp, t.color, t.type, t.transmission,
  t.drivetrain, t.fuel, t.username, t.image_count, 'active', t.created, t.created, t.kommun, t.registration_number,
  t.vehicle_facts::jsonb, coalesce(string_to_array(nullif(t.equipment, ''), ','), '{}')
FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[], $9::text[],
  $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::smallint[], $16::timestamptz[], $17::text[],
  $18::text[], $19::text[], $20::text[])
  AS t(title, description, price, make, model, year, milage, hp, color, type, transmission, drivetrain, fuel,
       username, image_count, created, kommun, registration_number, vehicle_facts, equipment)
RETURNING id, color, type, image_count`;

interface InsertedAd {
  id: number;
  color: string;
  type: string;
  image_count: number;
}

async function insertAds(tx: Queryable, rows: readonly SeededRow[]): Promise<InsertedAd[]> {
  const col = <K extends keyof SeededRow>(k: K) => rows.map((r) => r[k]);
  const r = await tx.query<InsertedAd>(INSERT_ADS, [
    col('title'),
    col('description'),
    col('price'),
    col('make'),
    col('model'),
    col('year'),
    col('milage'),
    col('hp'),
    col('color'),
    col('type'),
    col('transmission'),
    col('drivetrain'),
    col('fuel'),
    col('username'),
    col('imageCount'),
    col('created'),
    col('kommun'),
    col('registrationNumber'),
    col('vehicleFacts'),
    // Arrays of arrays would have to be of one length: each ad's codes travel joined by commas.
    rows.map((r) => r.equipment.join(',')),
  ]);
  return r.rows;
}

async function insertUsers(tx: Queryable, count: number, passwordHash: string): Promise<void> {
  const users = Array.from({ length: count }, (_, i) => benchUser(i + 1));
  await tx.query(
    `INSERT INTO identity.users (username, firstname, lastname, email, password_hash, street, housenumber, zipcode,
       city, country_code, phone, role)
     SELECT u.username, 'Bench', 'Användare', u.email, $3, 'Testgatan', '1', '11122', 'Stockholm', '46', '0701234567', 1
     FROM unnest($1::text[], $2::text[]) AS u(username, email)
     ON CONFLICT DO NOTHING`,
    [users.map((u) => u.username), users.map((u) => u.email), passwordHash],
  );
}

/** Each user saves `perUser` random ads of this run (at different moments of the last month). */
async function insertSaved(
  tx: Queryable,
  usernames: readonly string[],
  ids: readonly number[],
  perUser: number,
  rnd: Random,
  now: number,
): Promise<number> {
  if (ids.length === 0 || perUser <= 0) return 0;
  const user: string[] = [];
  const car: number[] = [];
  const at: string[] = [];
  for (const u of usernames) {
    const picked = new Set<number>();
    for (let i = 0; i < Math.min(perUser, ids.length); i++) picked.add(ids[rnd.int(0, ids.length - 1)]!);
    for (const id of picked) {
      user.push(u);
      car.push(id);
      at.push(new Date(now - Math.floor(rnd.next() * 30 * DAY_MS)).toISOString());
    }
  }
  const r = await tx.query(
    `INSERT INTO inventory.saved_cars (username, car_id, saved_at)
     SELECT * FROM unnest($1::text[], $2::int[], $3::timestamptz[])
     ON CONFLICT DO NOTHING`,
    [user, car, at],
  );
  return r.rowCount;
}

/** The secondary indexes of inventory.cars (not those behind constraints), dropped; answers their definitions. */
async function dropCarIndexes(tx: Queryable): Promise<string[]> {
  const r = await tx.query<{ name: string; def: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i
      WHERE i.indrelid = 'inventory.cars'::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
  );
  for (const { name } of r.rows) await tx.exec(`DROP INDEX ${name}`);
  return r.rows.map((x) => x.def);
}

/**
 * One pool photo on disk that ads hard-link to. A file system caps the links of one inode (ext4: 65,000), so
 * after `linksPerFile` links a fresh copy (a new inode with the same bytes) takes over.
 */
class PoolFile {
  #links = 0;
  #generation = 0;
  #ready: Promise<string>;

  constructor(
    readonly base: string,
    readonly data: Buffer,
    readonly linksPerFile: number,
  ) {
    this.#ready = this.#write();
  }

  #write(): Promise<string> {
    const file = `${this.base}-g${this.#generation}.jpeg`;
    return writeNew(file, this.data).then(() => file);
  }

  /** The file to link to next (written before it is answered). */
  next(): Promise<string> {
    if (this.#links >= this.linksPerFile) {
      this.#links = 0;
      this.#generation++;
      this.#ready = this.#write();
    }
    this.#links++;
    return this.#ready;
  }
}

interface PoolPhoto {
  full: PoolFile | null;
  card: PoolFile | null;
  data: DemoPhoto;
}

interface PhotoPool {
  /** Views per body type and colour. */
  views: number;
  /** The photo of this body type, colour and view (and its files on disk in link mode), made on first use. */
  photo: (type: string, color: string, view: number) => Promise<PoolPhoto>;
  mode: 'link' | 'copy';
  storage: FileStorage;
}

async function preparePhotoPool(
  storage: FileStorage,
  mode: 'link' | 'copy',
  views: number,
  linksPerFile: number,
): Promise<PhotoPool> {
  const count = Math.min(Math.max(1, Math.floor(views)), DEMO_VIEWS);
  const drawn = new DemoPhotos();
  let dir: string | null = null;
  if (mode === 'link') {
    // Beside the photo folder (same file system, so links work), outside it (the server never lists it).
    dir = path.join(path.dirname((storage as LocalFileStorage).dir), 'bench-photo-pool');
    await mkdir(dir, { recursive: true });
    await mkdir((storage as LocalFileStorage).dir, { recursive: true });
  }
  const entries = new Map<string, Promise<PoolPhoto>>();
  const photo = (type: string, color: string, view: number): Promise<PoolPhoto> => {
    const v = view % count;
    const key = `${type}|${color}|${v}`;
    let entry = entries.get(key);
    if (!entry) {
      entry = drawn.photo(type, color, v).then((data) => {
        const base = dir
          ? path.join(dir, `${encodeURIComponent(`${type}-${color}`)}-${v}-${randomBytes(3).toString('hex')}`)
          : '';
        return {
          full: dir ? new PoolFile(base, data.full, linksPerFile) : null,
          card: dir ? new PoolFile(`${base}-card`, data.card, linksPerFile) : null,
          data,
        };
      });
      entries.set(key, entry);
    }
    return entry;
  };
  return { views: count, photo, mode, storage };
}

/** A new file (temp + rename), never rewritten in place: files linked to an earlier one keep their bytes. */
async function writeNew(file: string, data: Buffer): Promise<void> {
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

/** Gives each inserted ad its photos 1…image_count; answers the number of files made. */
async function attachPhotos(pool: PhotoPool, ads: readonly InsertedAd[], rnd: Random): Promise<number> {
  const jobs: (() => Promise<void>)[] = [];
  for (const ad of ads) {
    // The first photo (the card's) from one side or the other, the next ones around the car.
    const first = (rnd.int(0, 1) * 2) % pool.views;
    for (let n = 1; n <= ad.image_count; n++) {
      const fullKey = fileKey(ad.id, 1, n);
      const cardKey = fileKey(ad.id, 1, n, 'card');
      const photo = () => pool.photo(ad.type, ad.color, first + n - 1);
      if (pool.mode === 'link') {
        const dir = (pool.storage as LocalFileStorage).dir;
        jobs.push(async () => {
          const { full, card } = await photo();
          const files = [full!.next(), card!.next()];
          await linkFresh(await files[0]!, path.join(dir, fullKey));
          await linkFresh(await files[1]!, path.join(dir, cardKey));
        });
      } else {
        jobs.push(async () => {
          const { data } = await photo();
          await pool.storage.put(fullKey, data.full, 'image/jpeg');
          await pool.storage.put(cardKey, data.card, 'image/jpeg');
        });
      }
    }
  }
  await runLimited(jobs, pool.mode === 'link' ? 32 : 8);
  return jobs.length * 2;
}

async function linkFresh(source: string, target: string): Promise<void> {
  try {
    await link(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A file left by an earlier run that rolled back (ids are never reused, but be safe): replace it.
    await unlink(target);
    await link(source, target);
  }
}

async function runLimited(jobs: readonly (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}
