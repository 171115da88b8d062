import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { Database } from '@bilmarknaden/db/database';
import type { TokenVerifier } from '@bilmarknaden/shared/auth/token';
import { bearerAuth } from '@bilmarknaden/service-kit/bearer-auth';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { serviceKit } from '@bilmarknaden/service-kit/service-plugin';
import { processImage as defaultProcessImage, ImageRejectedError } from './images/image-pipeline.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { adService, type ImageProcessor } from './services/ad-service.ts';
import { feedbackService } from './services/feedback-service.ts';
import { moderationService, type ModerationMail, type UserLookup } from './services/moderation-service.ts';
import { savedService } from './services/saved-service.ts';
import { watchService } from './services/watch-service.ts';
import { createJobRunner, type JobRunner } from './services/job-runner.ts';
import { watchMails } from './services/watch-mails.ts';
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
  /** Serve the OpenAPI document and its UI at `/docs` (default true). */
  docs?: boolean;
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
    storage: opts.storage,
    processImage: opts.processImage ?? defaultProcessImage,
    log: app.log,
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

  const runner = opts.mail ? runJobs(app, opts.db, opts.mail) : undefined;
  // A publish or an edit queues its matching in its transaction; the runner takes it at once.
  const waking =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await fn(...args);
      runner?.wake();
      return result;
    };

  const ctx: RouteContext = {
    db: opts.db,
    ads: {
      ...ads,
      create: tracked(waking(ads.create)),
      update: tracked(waking(ads.update)),
      remove: tracked(ads.remove),
    },
    feedback: feedbackService({ db: opts.db }),
    moderation: moderationService({
      db: opts.db,
      mail: opts.mail,
      log: app.log,
      ...(opts.userLookup ? { userLookup: opts.userLookup } : {}),
    }),
    saved: savedService({ db: opts.db }),
    watches: watchService({ db: opts.db }),
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
}

/** Runs the job runner while the app runs: from ready, and it ends (a job under way first) before the database. */
function runJobs(app: FastifyInstance, db: Database, jobs: NonNullable<InventoryOptions['mail']>): JobRunner {
  const mails = watchMails({ db, identity: jobs.identity, publicUrl: jobs.publicUrl });
  const runner = createJobRunner({
    db,
    handlers: mails.handlers,
    beforeRound: async (at) => void (await mails.scheduleDigest(at)),
    log: app.log,
    intervalMs: jobs.intervalMs,
  });
  app.addHook('onReady', async () => runner.start());
  app.addHook('preClose', () => runner.close());
  return runner;
}

/** '1 minut', '5 minuter'. */
const minutes = (n: number) => `${n} ${n === 1 ? 'minut' : 'minuter'}`;
