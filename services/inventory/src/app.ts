import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { Database } from '@bilmarknaden/db/database';
import type { TokenVerifier } from '@bilmarknaden/shared/auth/token';
import { bearerAuth } from '@bilmarknaden/service-kit/bearer-auth';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { createJob, runJobs, type Job } from '@bilmarknaden/service-kit/jobs/job-runner';
import { serviceKit } from '@bilmarknaden/service-kit/service-plugin';
import { processImage as defaultProcessImage, ImageRejectedError } from './images/image-pipeline.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { adService, type ImageProcessor } from './services/ad-service.ts';
import { catalogueService } from './services/catalogue-service.ts';
import { feedbackService } from './services/feedback-service.ts';
import { listingService } from './services/listing-service.ts';
import { moderationService, type ModerationMail, type UserLookup } from './services/moderation-service.ts';
import { priceService } from './services/price-service.ts';
import { savedService } from './services/saved-service.ts';
import { watchService } from './services/watch-service.ts';
import { adLifecycleService } from './services/ad-lifecycle-service.ts';
import { createViewCounter, VIEW_FLUSH_MS, type ViewCounter } from './services/view-counter.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { dealerImportService, type DealerImportService } from './services/dealer-import-service.ts';
import { dealerPhotos, type DealerPhotos } from './services/dealer-photos.ts';
import { dealerFeeds, FEED_FETCH_LIMITS, scheduleDealerFeeds, type DealerFeeds } from './services/dealer-feeds.ts';
import { httpPhotoFetcher, type PhotoFetcher } from './services/photo-fetcher.ts';
import { queuedJobs } from './jobs/queued-jobs.ts';
import { scheduleDigest } from './jobs/watch-digest.ts';
import { scheduleLifecycleSweep } from './jobs/ad-lifecycle.ts';
import { FORM_LIMITS, multipartError } from './routes/ad-form.ts';
import type { RouteContext } from './routes/context.ts';
import { listRoutes } from './routes/list-routes.ts';
import { detailRoutes } from './routes/detail-routes.ts';
import { createRoutes } from './routes/create-routes.ts';
import { ownerRoutes } from './routes/owner-routes.ts';
import { savedRoutes } from './routes/saved-routes.ts';
import { makesRoutes } from './routes/makes-routes.ts';
import { feedbackRoutes } from './routes/feedback-routes.ts';
import { priceRoutes } from './routes/price-routes.ts';
import { watchRoutes } from './routes/watch-routes.ts';
import { moderationRoutes } from './routes/moderation-routes.ts';
import { vehicleRoutes } from './routes/vehicle-routes.ts';
import { lifecycleRoutes } from './routes/lifecycle-routes.ts';
import { dealerImportRoutes } from './routes/dealer-import-routes.ts';
import { dealerFeedCallers } from './services/dealer-feed-callers.ts';
import { localVehicleRegister } from './register/local-register.ts';
import type { VehicleRegister } from './register/vehicle-register.ts';
import type { DealerDirectory } from '@bilmarknaden/service-kit/dealer-directory';

export interface InventoryOptions {
  db: Database;
  storage: FileStorage;
  /** Verifies identity's tokens with its public key; inventory never calls identity. */
  verifyToken: TokenVerifier;
  /** Checks and re-encodes one photo; the sharp pipeline by default. */
  processImage?: ImageProcessor;
  /** Feedback per client address; default 5 per 10 minutes, false turns it off. */
  feedbackRateLimit?: { max: number; timeWindow: number } | false;
  /** Largest JSON body in bytes (default 16 KiB). */
  jsonBodyLimit?: number;
  /**
   * Mail through identity (decision 032): to reporters and sellers about moderation, and the job runner of the
   * bevakningar's and price drops' mails (decision 039). Without it no mail is asked for and the jobs wait in their
   * table.
   */
  mail?: ModerationMail & { intervalMs?: number };
  /**
   * Who can be reported ('Anmäl användare'): identity's accounts. Without it, the sellers inventory knows (an ad
   * shown or hidden, the account open).
   */
  userLookup?: UserLookup;
  /** Where new ads' cars are looked up (decision 051); the local table `inventory.vehicle_register` by default. */
  vehicleRegister?: VehicleRegister;
  /** Serve the OpenAPI document and its UI at `/docs` (default true). */
  docs?: boolean;
  /** New ads need a seller verified with BankID (VERIFICATION_REQUIRED=publish, issue 42). */
  requireVerified?: boolean;
  /** The clock of renewals, the reminders' links, views and the job queue (tests move it). */
  now?: () => Date;
  /**
   * Dealers as identity knows them (issue 45): a member's new ads are the dealer's, and the import feed's uploads and
   * API keys are checked against it. Without it every seller is private and the feed endpoints answer 404.
   */
  dealers?: DealerDirectory;
  /**
   * Fetches the photos a dealer's feed names by URL; by default node's HTTP client with size and time limits that
   * refuses private network addresses.
   */
  photoFetcher?: PhotoFetcher;
  /** Counts ads' page views; one writing every VIEW_FLUSH_MS by default (tests pass theirs and flush it). */
  views?: ViewCounter;
}

export const DEFAULT_FEEDBACK_RATE_LIMIT = { max: 5, timeWindow: 10 * 60 * 1000 };
export const DEFAULT_JSON_BODY_LIMIT = 16 * 1024;

/** The photo pipeline's and the form parser's refusals as the domain errors they are. */
function translateError(err: unknown): unknown {
  if (err instanceof ImageRejectedError) return new DomainError('invalid', err.message, { field: 'images' });
  return multipartError(err);
}

/**
 * The inventory service as an encapsulated Fastify plugin, registered with `{ prefix: '/api/inventory' }`:
 * ads with photos, lists and Swedish search, makes and models, saved ads, owner actions and feedback.
 */
export async function inventoryApp(app: FastifyInstance, opts: InventoryOptions): Promise<void> {
  await app.register(serviceKit, {
    name: 'inventory',
    jsonBodyLimit: opts.jsonBodyLimit ?? DEFAULT_JSON_BODY_LIMIT,
    translateError,
    ...(opts.docs === false
      ? {}
      : {
          docs: {
            title: 'Bilmarknaden inventory',
            description:
              'Car ads with photos, search, makes and models, saved ads and feedback. Errors: {message, field?} in Swedish.',
          },
        }),
  });
  await app.register(multipart, { limits: FORM_LIMITS });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new DomainError(
        'too-many',
        `För många förfrågningar. Försök igen om ${minutes(Math.max(1, Math.ceil(context.ttl / 60_000)))}.`,
      ),
  });

  const ads = adService({
    db: opts.db,
    register: opts.vehicleRegister ?? localVehicleRegister(opts.db),
    storage: opts.storage,
    processImage: opts.processImage ?? defaultProcessImage,
    log: app.log,
    requireVerified: opts.requireVerified ?? false,
    ...(opts.dealers ? { dealers: opts.dealers } : {}),
  });
  // A write can outlive its request (the client hung up while photos were processed): closing waits for every
  // write to end before the database, the store and the photo workers close (a plugin's onClose runs before
  // its parent's), so no ad is left half-written by a shutdown.
  const writes = new Set<Promise<unknown>>();
  const tracked =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const work = fn(...args);
      writes.add(work);
      void work.then(
        () => writes.delete(work),
        () => writes.delete(work),
      );
      return work;
    };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...writes]);
  });

  // Dealers' feeds (decision 060): queued by the feed's routes, applied by the job queue's runner.
  const imports = opts.dealers
    ? dealerImportService({
        db: opts.db,
        register: opts.vehicleRegister ?? localVehicleRegister(opts.db),
        log: app.log,
      })
    : undefined;
  const photosOfImports = opts.dealers
    ? dealerPhotos({
        db: opts.db,
        storage: opts.storage,
        processImage: opts.processImage ?? defaultProcessImage,
        fetcher: opts.photoFetcher ?? httpPhotoFetcher(),
        log: app.log,
      })
    : undefined;
  const feeds =
    imports &&
    dealerFeeds({
      db: opts.db,
      imports,
      fetcher: opts.photoFetcher ?? httpPhotoFetcher(FEED_FETCH_LIMITS),
      log: app.log,
    });
  const dealerJobs = { imports, dealerPhotos: photosOfImports, dealerFeeds: feeds };
  const runner = opts.mail ? runQueuedJobs(app, opts, opts.mail, dealerJobs) : undefined;
  const views = opts.views ?? countViews(app, opts.db, opts.now);
  // A publish or an edit queues its matching in its transaction; the runner takes it at once.
  const waking =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await fn(...args);
      runner?.wake();
      return result;
    };

  const ctx: RouteContext = {
    ads: {
      ...ads,
      create: tracked(waking(ads.create)),
      update: tracked(waking(ads.update)),
      remove: tracked(ads.remove),
    },
    listings: listingService({ db: opts.db }),
    catalogue: catalogueService({ db: opts.db }),
    prices: priceService({ db: opts.db }),
    feedback: feedbackService({ db: opts.db }),
    moderation: moderationService({
      db: opts.db,
      mail: opts.mail,
      log: app.log,
      ...(opts.userLookup ? { userLookup: opts.userLookup } : {}),
    }),
    saved: savedService({ db: opts.db }),
    watches: watchService({ db: opts.db }),
    lifecycle: adLifecycleService({ db: opts.db, ...(opts.now ? { now: opts.now } : {}) }),
    views,
    auth: bearerAuth(opts.verifyToken),
    feedbackRateLimit: opts.feedbackRateLimit ?? DEFAULT_FEEDBACK_RATE_LIMIT,
  };

  listRoutes(app, ctx);
  detailRoutes(app, ctx);
  createRoutes(app, ctx);
  ownerRoutes(app, ctx);
  savedRoutes(app, ctx);
  makesRoutes(app, ctx);
  feedbackRoutes(app, ctx);
  priceRoutes(app, ctx);
  watchRoutes(app, ctx);
  moderationRoutes(app, ctx);
  vehicleRoutes(app, ctx);
  lifecycleRoutes(app, ctx);
  if (opts.dealers && imports) {
    dealerImportRoutes(app, {
      ...ctx,
      feedCallers: dealerFeedCallers(opts.dealers),
      imports,
      feeds: feeds!,
      wakeJobs: () => runner?.wake(),
    });
  }
}

/** The app's view counter, written every VIEW_FLUSH_MS and once more at close (before the database closes). */
function countViews(app: FastifyInstance, db: Database, now?: () => Date): ViewCounter {
  const views = createViewCounter({ db, ...(now ? { now } : {}) });
  const flush = createJob(
    { name: 'ad-views', intervalMs: VIEW_FLUSH_MS, runAtStart: false, run: () => views.flush(app.log) },
    app.log,
  );
  runJobs(app, [flush]);
  app.addHook('preClose', async () => {
    await views.flush(app.log).catch(() => undefined);
  });
  return views;
}

/** Runs the queue of `inventory.jobs` from ready; it ends (a job under way first) before the database closes. */
function runQueuedJobs(
  app: FastifyInstance,
  opts: InventoryOptions,
  mail: NonNullable<InventoryOptions['mail']>,
  dealerJobs: { imports?: DealerImportService; dealerPhotos?: DealerPhotos; dealerFeeds?: DealerFeeds | undefined },
): Job {
  const { db, storage, now } = opts;
  const deps = {
    db,
    ...(dealerJobs.imports ? { imports: dealerJobs.imports } : {}),
    ...(dealerJobs.dealerPhotos ? { dealerPhotos: dealerJobs.dealerPhotos } : {}),
    ...(dealerJobs.dealerFeeds ? { dealerFeeds: dealerJobs.dealerFeeds } : {}),
    identity: mail.identity,
    publicUrl: mail.publicUrl,
    storage,
    log: app.log,
    ...(now ? { now } : {}),
  };
  const queue = createJob(
    createJobQueue({
      db,
      jobs: queuedJobs(deps),
      beforeRound: async (at) => {
        await scheduleDigest(db, at);
        await scheduleLifecycleSweep(db, at);
        if (dealerJobs.dealerFeeds) await scheduleDealerFeeds(db, at);
      },
      log: app.log,
      intervalMs: mail.intervalMs,
      ...(now ? { now } : {}),
    }),
    app.log,
  );
  runJobs(app, [queue]);
  return queue;
}

/** '1 minut', '5 minuter'. */
const minutes = (n: number) => `${n} ${n === 1 ? 'minut' : 'minuter'}`;
