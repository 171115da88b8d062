import type { Database, Queryable } from '@bilmarknaden/db/database';
import type { AdVehicleFacts } from '@bilmarknaden/shared/api-types';
import { FEED_COLUMNS, FEED_LIMITS, FEED_MESSAGES, type FeedRowError } from '@bilmarknaden/shared/dealer-feed';
import type { ImportRun } from '@bilmarknaden/shared/schemas/dealer-import-schemas';
import { PRICE_HOLD_SHARE } from '@bilmarknaden/shared/price-hold';
import { lastFailure, type Rule } from '@bilmarknaden/shared/validation/rules';
import {
  normalizeNewAd,
  toValidAd,
  AD_LIMITS,
  type NewAdInput,
  type ValidAd,
} from '@bilmarknaden/shared/validation/new-ad';
import {
  normalizeRegistrationNumber,
  REGISTRATION_NUMBER_MESSAGES,
  registrationNumberRules,
  type RegistrationNumberInput,
} from '@bilmarknaden/shared/validation/registration-number';
import type { DealerRef } from '@bilmarknaden/service-kit/dealer-directory';
import type { Log } from '@bilmarknaden/service-kit/log';
import { registrationNumberTaken } from '../repositories/cars-repository.ts';
import { closedSellersRepository } from '../repositories/closed-sellers-repository.ts';
import {
  dealerImportRepository,
  type MatchedAd,
  unchangedBy,
  type ChunkAd,
  type RunState,
  type StoredRow,
} from '../repositories/dealer-import-repository.ts';
import { hiddenAdsRepository } from '../repositories/hidden-ads-repository.ts';
import { jobsRepository } from '../repositories/jobs-repository.ts';
import { makesRepository } from '../repositories/makes-repository.ts';
import { priceRepository } from '../repositories/price-repository.ts';
import type { VehicleRegister } from '../register/vehicle-register.ts';
import { adRules } from './ad-service.ts';
import { splitPhotos, type ParsedFeed } from './dealer-feed-parser.ts';
import { DEALER_PHOTOS_JOB, type DealerPhotosPayload } from './dealer-photos.ts';

/** Rows applied per transaction: each chunk commits its ads with the run's cursor (decision 060). */
export const IMPORT_CHUNK = 100;
export const DEALER_IMPORT_JOB = 'dealer-import';

/** An older run of the dealer is not done: this one is tried again later (the queue's retry). */
export class ImportWaiting extends Error {
  constructor(runId: number) {
    super(`import run ${runId} waits for an older run of its dealer`);
  }
}

/** A row that passed the ad's rules: what it writes. */
interface ImportCar {
  externalId: string;
  registrationNumber: string;
  ad: ValidAd;
  photos: string[];
  /** The register's facts, looked up for a car new to the dealer; undefined when not looked up. */
  facts?: AdVehicleFacts | null;
  /** The price below which the ad is held for a moderator ('Granskas'), or null. */
  below: number | null;
}

type CheckedRow = { n: number; error: FeedRowError } | { n: number; car: ImportCar };
type Outcome = 'created' | 'updated' | 'unchanged' | FeedRowError;

/** Feed column → form field, and back (a rule's field names its column in the report). */
const FIELD_OF = new Map<string, string>(FEED_COLUMNS.map((c) => [c.column, c.field]));
const COLUMN_OF = new Map<string, string>(FEED_COLUMNS.map((c) => [c.field, c.column]));

/** Chunk hooks for the tests: called in the chunk's transaction before it commits (a throw is a crash there). */
export interface ImportHooks {
  beforeCommit?: (run: RunState, cursor: number) => Promise<void> | void;
}

export interface DealerImportDeps {
  db: Database;
  register: VehicleRegister;
  log: Pick<Log, 'warn' | 'error'>;
  hooks?: ImportHooks;
}

/** Dealers' feeds (issue 45, decision 060): queued as runs, applied in chunks by the job queue, reported. */
export function dealerImportService({ db, register, log, hooks }: DealerImportDeps) {
  const runs = dealerImportRepository(db);
  const makes = makesRepository(db);
  const prices = priceRepository(db);

  /** A chunk's catalogue and price-range reads, each asked once: a dealer's stock repeats its makes and models. */
  function chunkLookups() {
    const resolvedBy = new Map<string, ReturnType<typeof makes.resolve>>();
    const rangeBy = new Map<string, ReturnType<typeof prices.range>>();
    const once = <T>(cache: Map<string, T>, key: string, read: () => T): T => {
      let value = cache.get(key);
      if (value === undefined) {
        value = read();
        cache.set(key, value);
      }
      return value;
    };
    return {
      resolve: (make: string, model: string) =>
        once(resolvedBy, JSON.stringify([make.toLowerCase(), model.toLowerCase()]), () => makes.resolve(make, model)),
      range: (make: string, model: string, year: number, milage: number) =>
        once(rangeBy, JSON.stringify([make, model, year, milage]), () => prices.range(make, model, year, milage)),
    };
  }
  type ChunkLookups = ReturnType<typeof chunkLookups>;

  /**
   * Checks one row by the ad's own rules (the form's messages), a missing required column first ('pris saknas').
   * The register is asked only for a car the dealer has no ad of yet; a stolen car is refused.
   */
  async function checkRow(
    row: StoredRow,
    dealer: { kommun: string | null },
    known: { has(externalId: string, number: string): boolean; unchanged(car: ImportCar): boolean },
    lookups: ChunkLookups,
  ): Promise<CheckedRow> {
    const refuse = (message: string, field?: string): CheckedRow => ({
      n: row.n,
      error: { row: row.n, ...(field ? { field } : {}), message },
    });
    if (row.error) return { n: row.n, error: row.error };
    const f = row.fields;
    const missing = FEED_COLUMNS.find((c) => c.required && !f[c.column]);
    if (missing) return refuse(FEED_MESSAGES.missing(missing.label), missing.column);
    const externalId = f.externalId!;
    if (externalId.length > FEED_LIMITS.externalIdLength) return refuse(FEED_MESSAGES.externalIdLong, 'externalId');
    const photos = splitPhotos(f.photos);
    if (photos.length > FEED_LIMITS.photos) return refuse(FEED_MESSAGES.tooManyPhotos, 'photos');

    const form: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(f)) {
      const field = FIELD_OF.get(column);
      if (field) form[field] = value;
    }
    // A title is optional in a feed: the make and model, as the dealer's stock system names the car.
    form.title = f.title ?? `${f.make} ${f.model}`.slice(0, AD_LIMITS.titleMax);
    form.kommun = f.kommun ?? dealer.kommun ?? '';
    form.equipment = (f.equipment ?? '').split(/[,;|]/);
    const input: NewAdInput & RegistrationNumberInput = {
      ...normalizeNewAd(form),
      registrationNumber: f.registrationNumber ?? '',
    };
    const resolved = await lookups.resolve(input.make, input.model);
    const rules: Rule<NewAdInput & RegistrationNumberInput>[] = [...registrationNumberRules, ...adRules(resolved)];
    const failure = lastFailure(rules, input);
    if (failure) return refuse(failure.message, COLUMN_OF.get(failure.field) ?? failure.field);
    const ad: ValidAd = { ...toValidAd(input), make: resolved.make!, model: resolved.model! };
    const registrationNumber = normalizeRegistrationNumber(input.registrationNumber);

    const car: ImportCar = { externalId, registrationNumber, ad, photos, below: null };
    if (!known.has(externalId, registrationNumber)) {
      const facts = await register.lookup(registrationNumber);
      if (facts?.stolen) return refuse(REGISTRATION_NUMBER_MESSAGES.stolen(registrationNumber), 'registrationNumber');
      car.facts = facts && { ...facts, fetchedAt: new Date().toISOString() };
    }
    // The hold is judged when a row is written; an unchanged one keeps its ad as it is.
    if (!known.unchanged(car)) {
      const range = await lookups.range(ad.make, ad.model, ad.year, ad.milage);
      car.below = range.low === null ? null : PRICE_HOLD_SHARE * range.low;
    }
    return { n: row.n, car };
  }

  /**
   * The chunk's matches, read once: by externalId, else the latest ad of the number (one for sale first), kept up to
   * date as the chunk writes (an ad matched by number takes the row's externalId).
   */
  function chunkMatches(ads: readonly ChunkAd[]) {
    const byId = new Map<string, MatchedAd>();
    const byNumber = new Map<string, MatchedAd & { for_sale: boolean }>();
    for (const ad of ads) {
      if (ad.external_id !== null) byId.set(ad.external_id, ad);
      const seen = ad.registration_number === null ? undefined : byNumber.get(ad.registration_number);
      // The latest ad of the number, one for sale before a sold one (ads come in id order).
      if (ad.registration_number !== null && (!seen || ad.for_sale || !seen.for_sale)) {
        byNumber.set(ad.registration_number, ad);
      }
    }
    const externalOf = new Map<number, string>();
    for (const [externalId, ad] of byId) externalOf.set(ad.id, externalId);
    return {
      find: (externalId: string, number: string): MatchedAd | null =>
        byId.get(externalId) ?? byNumber.get(number) ?? null,
      written(ad: MatchedAd, car: ImportCar) {
        const was = externalOf.get(ad.id);
        if (was !== undefined && was !== car.externalId) byId.delete(was);
        // Only the keys: the fields read at the chunk's start no longer hold for it.
        const now: MatchedAd = { id: ad.id, status: ad.status, import_photos: car.photos.join('\n') || null };
        byId.set(car.externalId, now);
        externalOf.set(ad.id, car.externalId);
        byNumber.set(car.registrationNumber, { ...now, for_sale: true });
      },
    };
  }
  type ChunkMatches = ReturnType<typeof chunkMatches>;

  /**
   * The chunk's cars new to the dealer in one insert, inside a savepoint: a number another ad holds is the row's
   * error before it; should the insert still fail (a write in between), each car goes the one-by-one way.
   */
  async function insertFresh(
    tx: Queryable,
    run: RunState,
    fresh: readonly { n: number; car: ImportCar }[],
    matches: ChunkMatches,
  ): Promise<Outcome[]> {
    if (fresh.length === 0) return [];
    const repo = dealerImportRepository(tx);
    const taken = await repo.numbersTaken(fresh.map((f) => f.car.registrationNumber));
    const outcomes: Outcome[] = [];
    const writable = fresh.filter(({ n, car }) => {
      if (!taken.has(car.registrationNumber)) return true;
      outcomes.push({
        row: n,
        field: 'registrationNumber',
        message: REGISTRATION_NUMBER_MESSAGES.taken(car.registrationNumber),
      });
      return false;
    });
    if (writable.length === 0) return outcomes;
    await tx.query('SAVEPOINT import_rows');
    let ids: Map<string, number>;
    try {
      ids = await repo.insertMany(
        run,
        writable.map(({ car }) => ({ ...car, facts: car.facts ?? null, photos: car.photos.join('\n') })),
      );
      if (ids.size !== writable.length) throw new Error(`the owner of dealer ${run.dealerSlug} has closed the account`);
      await tx.query('RELEASE SAVEPOINT import_rows');
    } catch (err) {
      await tx.query('ROLLBACK TO SAVEPOINT import_rows');
      log.warn({ err, run: run.id }, 'a chunk of new cars is written one by one');
      for (const { n, car } of writable) outcomes.push(await applyCar(tx, run, n, car, matches));
      return outcomes;
    }
    for (const { n, car } of writable) {
      const id = ids.get(car.externalId)!;
      matches.written({ id, status: 'active', import_photos: null }, car);
      if (car.below !== null && car.ad.price < car.below) await hiddenAdsRepository(tx).holdForPrice(id, car.below);
      if (car.photos.length > 0) {
        const payload: DealerPhotosPayload = { car: id, run: run.id, row: n, photos: car.photos };
        await jobsRepository(tx).enqueue(DEALER_PHOTOS_JOB, payload);
      }
      outcomes.push('created');
    }
    return outcomes;
  }

  /** Applies one checked car in the chunk's transaction, inside a savepoint: a refused write is the row's error. */
  async function applyCar(
    tx: Queryable,
    run: RunState,
    n: number,
    car: ImportCar,
    matches: ChunkMatches,
  ): Promise<Outcome> {
    const repo = dealerImportRepository(tx);
    const matched = matches.find(car.externalId, car.registrationNumber);
    // As read at the chunk's start and untouched since: nothing to write (the same feed again).
    if (matched && 'for_sale' in matched) {
      if (unchangedBy(matched as ChunkAd, { ...car, photos: car.photos.join('\n') }, run.dealerName))
        return 'unchanged';
    }
    await tx.query('SAVEPOINT import_row');
    try {
      let outcome: 'created' | 'updated' | 'unchanged';
      let id: number;
      const photos = car.photos.join('\n');
      if (matched) {
        id = matched.id;
        outcome = (await repo.update(run, id, { ...car, photos })) ? 'updated' : 'unchanged';
        matches.written(matched, car);
      } else {
        const inserted = await repo.insert(run, { ...car, facts: car.facts ?? null, photos });
        if (inserted === null) throw new Error(`the owner of dealer ${run.dealerSlug} has closed the account`);
        id = inserted;
        outcome = 'created';
        matches.written({ id, status: 'active', import_photos: photos }, car);
      }
      if (outcome !== 'unchanged' && car.below !== null && car.ad.price < car.below) {
        await hiddenAdsRepository(tx).holdForPrice(id, car.below);
      }
      // Photos named anew are fetched by their own job, queued with the row (the pipeline runs outside any chunk).
      if (photos !== (matched?.import_photos ?? '')) {
        const payload: DealerPhotosPayload = { car: id, run: run.id, row: n, photos: car.photos };
        await jobsRepository(tx).enqueue(DEALER_PHOTOS_JOB, payload);
      }
      await tx.query('RELEASE SAVEPOINT import_row');
      return outcome;
    } catch (err) {
      await tx.query('ROLLBACK TO SAVEPOINT import_row');
      if (registrationNumberTaken(err)) {
        return {
          row: n,
          field: 'registrationNumber',
          message: REGISTRATION_NUMBER_MESSAGES.taken(car.registrationNumber),
        };
      }
      // A constraint the rules above do not know of: the row is refused, the feed goes on.
      const code = String((err as { code?: unknown } | null)?.code ?? '');
      if (code.startsWith('23')) {
        log.warn({ err, run: run.id, row: n }, 'an imported row broke a constraint');
        return { row: n, message: 'raden kunde inte sparas' };
      }
      throw err;
    }
  }

  /**
   * One chunk: the rows after the committed cursor are checked (no transaction open: the register and the price
   * range are read), then written in one transaction with the new cursor, which first checks that no other runner
   * moved it. Answers false when the run has no rows left.
   */
  async function applyChunk(runId: number, dealer: { kommun: string | null }): Promise<boolean> {
    const before = await runs.state(runId);
    if (!before || before.status === 'done' || before.status === 'failed' || before.cursor >= before.total) {
      return false;
    }
    const rows = await runs.rows(runId, before.cursor, IMPORT_CHUNK);
    // The dealer's ads of these rows as they stand: no register lookup for a car it has, no price range for a row
    // that changes nothing (the transaction reads them again before it writes).
    const existing = chunkMatches(
      await runs.matchAll(
        before.dealerSlug,
        rows.flatMap((r) => (r.fields.externalId ? [r.fields.externalId] : [])),
        rows.map((r) => normalizeRegistrationNumber(r.fields.registrationNumber ?? '')),
      ),
    );
    const known = {
      has: (externalId: string, number: string) => existing.find(externalId, number) !== null,
      unchanged: (car: ImportCar) => {
        const ad = existing.find(car.externalId, car.registrationNumber);
        return (
          ad !== null &&
          'for_sale' in ad &&
          unchangedBy(ad as ChunkAd, { ...car, photos: car.photos.join('\n') }, before.dealerName)
        );
      },
    };
    const checked: CheckedRow[] = [];
    const lookups = chunkLookups();
    for (const row of rows) checked.push(await checkRow(row, dealer, known, lookups));

    await db.transaction(async (tx) => {
      const repo = dealerImportRepository(tx);
      const run = await repo.state(runId, true);
      // Another runner applied this chunk meanwhile: nothing is written twice.
      if (!run || run.cursor !== before.cursor || run.status === 'done' || run.status === 'failed') return;
      const tally = {
        cursor: run.cursor + rows.length,
        created: 0,
        updated: 0,
        unchanged: 0,
        errors: [] as FeedRowError[],
      };
      const cars = checked.flatMap((row) => ('car' in row ? [row.car] : []));
      const matches = chunkMatches(
        await repo.matchAll(
          run.dealerSlug,
          cars.map((c) => c.externalId),
          cars.map((c) => c.registrationNumber),
        ),
      );
      const count = (outcome: Outcome) => {
        if (typeof outcome === 'object') tally.errors.push(outcome);
        else tally[outcome]++;
      };
      // Cars new to the dealer go in together (one statement, its triggers once); the others one by one.
      const fresh: { n: number; car: ImportCar }[] = [];
      for (const row of checked) {
        if ('error' in row) count(row.error);
        else if (matches.find(row.car.externalId, row.car.registrationNumber)) {
          count(await applyCar(tx, run, row.n, row.car, matches));
        } else fresh.push(row);
      }
      for (const outcome of await insertFresh(tx, run, fresh, matches)) count(outcome);
      tally.errors.sort((a, b) => a.row - b.row);
      await repo.addChunk(runId, tally);
      await hooks?.beforeCommit?.(run, tally.cursor);
    });
    return true;
  }

  /** The run's end: a full feed's absent cars sold, the run done, in one transaction. */
  async function finish(runId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const repo = dealerImportRepository(tx);
      const run = await repo.state(runId, true);
      if (!run || run.status === 'done' || run.status === 'failed' || run.cursor < run.total) return;
      const sold = run.full ? await repo.markAbsentSold(run) : 0;
      await repo.finish(runId, sold);
      await repo.clearOldPhotos();
    });
  }

  return {
    /**
     * Queues a parsed feed as a run of the dealer, with its job, in one transaction; the feed's seller is the
     * dealer's owner.
     */
    async queue(
      dealer: DealerRef,
      how: { source: ImportRun['source']; startedBy: string | null; full: boolean },
      feed: ParsedFeed,
    ): Promise<{ id: number; total: number }> {
      const id = await db.transaction(async (tx) => {
        const runId = await dealerImportRepository(tx).insertRun(
          {
            dealerSlug: dealer.slug,
            dealerName: dealer.name,
            owner: dealer.owner,
            full: how.full,
            source: how.source,
            startedBy: how.startedBy,
            format: feed.format,
          },
          feed.rows,
          feed.photos,
        );
        await jobsRepository(tx).enqueue(DEALER_IMPORT_JOB, { run: runId, kommun: dealer.kommun });
        return runId;
      });
      return { id, total: feed.rows.length };
    },

    /** The job's work: the run's chunks from its cursor, then its end. Safe to run again after a crash. */
    async run(runId: number, dealer: { kommun: string | null } = { kommun: null }): Promise<void> {
      const run = await runs.state(runId);
      if (!run || run.status === 'done' || run.status === 'failed') return;
      if (await runs.olderUnfinished(run)) throw new ImportWaiting(runId);
      if (await closedSellersRepository(db).isClosed(run.owner)) {
        await runs.fail(runId, 'Handlarens ägarkonto är avslutat');
        return;
      }
      await runs.markRunning(runId);
      while (await applyChunk(runId, dealer));
      await finish(runId);
    },

    list: (dealerSlug: string) => runs.list(dealerSlug, 20),
    find: (dealerSlug: string, id: number) => runs.find(dealerSlug, id),
    countSince: (dealerSlug: string, since: Date) => runs.countSince(dealerSlug, since),
  };
}

export type DealerImportService = ReturnType<typeof dealerImportService>;
