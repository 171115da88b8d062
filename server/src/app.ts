import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onRouteHookHandler,
} from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { Database } from '@bilmarknaden/db/database';
import { openSettingsDatabase } from './open-database.ts';
import { runMigrations } from '@bilmarknaden/db/migrations';
import { createTokenVerifier } from '@bilmarknaden/shared/auth/token';
import { FILES_BASE, IDENTITY_BASE, INVENTORY_BASE, MESSAGING_BASE } from '@bilmarknaden/shared/api-paths';
import { identityApp } from '@bilmarknaden/identity/app';
import { loadIdentityKeys } from '@bilmarknaden/identity/keys';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { identityNotifications } from '@bilmarknaden/identity/services/notifications';
import { identityTokenRevocations } from '@bilmarknaden/identity/services/token-revocations';
import { refuseRevoked, type TokenRevocationList } from '@bilmarknaden/service-kit/token-revocations';
import { inventoryApp } from '@bilmarknaden/inventory/app';
import { createVehicleRegister } from '@bilmarknaden/inventory/register/create-register';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { createFileStorage } from '@bilmarknaden/inventory/storage/create-storage';
import type { FileStorage } from '@bilmarknaden/inventory/storage/file-storage';
import { filesRoutes } from '@bilmarknaden/inventory/files/files-routes';
import { removeIncompleteAds } from '@bilmarknaden/inventory/services/startup-cleanup';
import type { ImageProcessor } from '@bilmarknaden/inventory/services/ad-service';
import { createPhotoWorkerPool } from '@bilmarknaden/inventory/images/photo-worker-pool';
import { messagingApp } from '@bilmarknaden/messaging/app';
import { messagingMigrations } from '@bilmarknaden/messaging/migrations';
import { logRequests, loggerOptions, serverTimeoutOptions, trustProxyOption } from './logger.ts';
import { helmetOptions, registerSecurityHeaders, securityHeaders } from './security-headers.ts';
import { isPageRequest, webRoutes, type PageAnswers } from './web-routes.ts';
import { registerHealthCheck } from './health.ts';
import { identityOptions } from './identity-options.ts';
import { seedDemoData } from './seed/demo-seed.ts';
import { demoteDemoStaff } from './seed/demo-staff.ts';
import { createJob, runJobs } from '@bilmarknaden/service-kit/jobs/job-runner';
import { blockRelayJob } from './jobs/block-relay.ts';
import { closureRelayJob } from './jobs/closure-relay.ts';
import { leftoverCleanupJob } from './jobs/leftover-cleanup.ts';
import { messagingClosureRelayJob } from './jobs/messaging-closure-relay.ts';
import { reportDecisionRelayJob } from './jobs/report-decision-relay.ts';
import { contractSaleRelayJob } from './jobs/contract-sale-relay.ts';
import { inventoryAdLookup, inventoryAdStates } from './ad-lookup.ts';
import { identityUserLookup, identityUserNames } from './user-lookup.ts';
import { identityDealerDirectory } from './dealer-directory.ts';
import type { Settings } from './settings.ts';

export interface BuiltApp {
  app: FastifyInstance;
  db: Database;
  storage: FileStorage;
  /** The process's token revocations: every service's verifier checks it (decision 033). */
  revocations: TokenRevocationList;
}

/** The security headers of every answer, and which other sites may call the API. */
export async function registerSecurity(app: FastifyInstance, settings: Settings): Promise<void> {
  registerSecurityHeaders(app, settings.production);
  await app.register(cors, { origin: settings.corsOrigins.length > 0 ? settings.corsOrigins : false });
}

/**
 * API answers of 1 KiB or more are sent gzip- or brotli-compressed to clients that accept it (the lists' JSON
 * shrinks to a fraction). The SPA and its assets carry their own precompressed copies, photos are JPEG, and live
 * events are never held back by a compressor. Request bodies are not decompressed: no zip bombs.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, threshold: 1024, globalDecompression: false });
}

const ROOT_MESSAGES: Record<number, string> = {
  404: 'Sidan eller resursen finns inte',
  413: 'Förfrågan är för stor',
  414: 'Adressen är för lång',
  415: 'Formatet stöds inte',
  429: 'För många förfrågningar. Försök igen lite senare.',
};

/**
 * Errors outside the services (routing, e.g. an over-long path parameter; the SPA; /files): the same
 * Swedish `{message}` as the services, never Fastify's default body that echoes the request.
 */
export function registerErrorAnswers(app: FastifyInstance): void {
  app.setErrorHandler((err: { statusCode?: number }, request, reply) => {
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err, method: request.method, url: request.url }, 'request failed');
      return reply.code(status === 503 ? 503 : 500).send({ message: 'Något gick fel. Försök igen senare.' });
    }
    return reply.code(status).send({ message: ROOT_MESSAGES[status] ?? 'Ogiltig förfrågan' });
  });
}

/**
 * Fastify's `frameworkErrors`: a bad or over-long path segment gets `{message}`, not a body echoing the path; a
 * page's path with a malformed percent-encoding gets the app's page (with status 400) when `pages` can answer it.
 * No hook has run for these requests, so the security headers are set here.
 */
export function frameworkErrorAnswer(headers: Record<string, string>, pages?: PageAnswers) {
  return (err: { statusCode?: number; code?: string }, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers);
    if (err.code === 'FST_ERR_BAD_URL' && pages?.malformed && isPageRequest(request)) {
      return pages.malformed(request, reply);
    }
    const status = err.statusCode === 414 ? 414 : 400;
    return reply.code(status).send({ message: ROOT_MESSAGES[status] ?? 'Ogiltig förfrågan' });
  };
}

/**
 * Fastify's options for every process (default and standalone): logs, timeouts, proxies, parsing. `pages`: the
 * default process's web pages, filled in when webRoutes is registered.
 */
export function fastifyOptions(settings: Settings, pages?: PageAnswers) {
  return {
    logger: loggerOptions(settings.logLevel),
    ...serverTimeoutOptions(settings),
    trustProxy: trustProxyOption(settings.trustProxy),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // One log line per request comes from logRequests; Fastify's own two lines are off.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: frameworkErrorAnswer(securityHeaders(helmetOptions(settings.production)), pages),
  } as const;
}

/**
 * PHOTO_WORKERS > 0: photos are checked and re-encoded in that many child processes at the lowest CPU
 * priority (started on the first upload, ended when the app closes), so this process's thread, which serves
 * every request and runs the embedded database, gets the CPU first. 0: undefined, the in-process pipeline.
 */
export function photoWorkers(app: FastifyInstance, settings: Settings): ImageProcessor | undefined {
  if (settings.photoWorkers === 0) return undefined;
  const pool = createPhotoWorkerPool({
    size: settings.photoWorkers,
    priority: settings.photoWorkerPriority,
    log: app.log,
  });
  app.addHook('onClose', () => pool.close());
  return pool.processImage;
}

/**
 * Removes what a crash left (pending ads, recorded photo removals, temporary files) and logs what it did; the
 * leftover-cleanup job does the same while the app runs.
 */
export async function cleanUpAtStart(app: FastifyInstance, db: Database, storage: FileStorage): Promise<void> {
  const cleaned = await removeIncompleteAds(db, storage, { log: app.log });
  if (cleaned.removedAds.length > 0 || cleaned.fileRemovals > 0 || cleaned.removedTemporaryFiles > 0) {
    app.log.info(cleaned, 'removed what an interrupted upload or removal left behind');
  }
}

/** The default all-in-one process: identity, inventory, messaging, photos and the SPA on one port. */
export async function buildApp(
  settings: Settings,
  deps: {
    db?: Database;
    storage?: FileStorage;
    /** Sees every route as it is added (the security tests build their route list from it). */
    onRoute?: onRouteHookHandler;
    /** Fewer demo ads than the seed's default (tests). */
    demoAdCount?: number;
  } = {},
): Promise<BuiltApp> {
  const db = deps.db ?? (await openSettingsDatabase(settings));
  const pages: PageAnswers = {};
  const app = Fastify(fastifyOptions(settings, pages));
  logRequests(app);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // Root onClose hooks run in reverse order of adding (after the plugins registered later): added first, the
  // database closes last, once the inventory has waited for its writes and the photo workers have ended.
  app.addHook('onClose', async () => {
    if (!deps.db) await db.close();
  });
  try {
    await runMigrations(db, [identityMigrations, inventoryMigrations, messagingMigrations]);
    const keys = await loadIdentityKeys({
      privateKeyPem: settings.jwtPrivateKey,
      dataDir: settings.dataDir,
      production: settings.production,
    });
    const storage = deps.storage ?? createFileStorage({ dataDir: settings.dataDir, s3: settings.s3 });
    await cleanUpAtStart(app, db, storage);
    if (settings.production) await demoteDemoStaff(db, app.log);
    if (settings.seedDemo) {
      await seedDemoData(db, storage, app.log, { withStaff: !settings.production, count: deps.demoAdCount });
    }

    registerErrorAnswers(app);
    await registerSecurity(app, settings);
    await registerCompression(app);
    registerHealthCheck(app, db);
    const closures = createJob(closureRelayJob(db, storage, app.log), app.log);
    const messagingClosures = createJob(messagingClosureRelayJob(db, app.log), app.log);
    // One revocation list for the services of this process, read from identity's table; closed before the database.
    const revocations = identityTokenRevocations({ db, lifetimeSeconds: settings.tokenTtlSeconds, log: app.log });
    app.addHook('onClose', () => revocations.close());
    await revocations.start();
    const identity = identityOptions(settings, db, keys, app.log);
    // Identity's notification path; `notifications.client` is the IdentityClient of the other services here.
    const notifications = identityNotifications({
      db,
      mailer: identity.mailer!,
      publicUrl: settings.publicUrl,
      log: app.log,
    });
    const moderationMail = { identity: notifications.client, publicUrl: settings.publicUrl };
    const blocks = createJob(blockRelayJob(db, app.log, moderationMail), app.log);
    const reportDecisions = createJob(reportDecisionRelayJob(db, app.log), app.log);
    const contractSales = createJob(contractSaleRelayJob(db, app.log), app.log);
    // The relays run right after each change, when the app is ready (what a crash or a process elsewhere left),
    // and every minute; closing waits for a run under way before the database closes.
    const leftovers = createJob(leftoverCleanupJob(db, storage, app.log), app.log);
    runJobs(app, [leftovers, closures, messagingClosures, blocks, reportDecisions, contractSales]);
    await app.register(identityApp, {
      prefix: IDENTITY_BASE,
      ...identity,
      notifications,
      tokenRevocations: revocations,
      onAccountClosed: () => {
        closures.wake();
        messagingClosures.wake();
      },
      onBlockChanged: () => blocks.wake(),
    });
    await app.register(inventoryApp, {
      prefix: INVENTORY_BASE,
      db,
      storage,
      verifyToken: refuseRevoked(createTokenVerifier(keys.publicKey), revocations),
      processImage: photoWorkers(app, settings),
      mail: moderationMail,
      userLookup: identityUserLookup(db),
      vehicleRegister: createVehicleRegister(db, {
        provider: settings.vehicleRegister,
        url: settings.vehicleRegisterUrl,
      }),
      requireVerified: settings.verificationRequired.includes('publish'),
      dealers: identityDealerDirectory(db),
    });
    await app.register(messagingApp, {
      prefix: MESSAGING_BASE,
      db,
      verifyToken: refuseRevoked(createTokenVerifier(keys.publicKey), revocations),
      adLookup: inventoryAdLookup(db),
      adStates: inventoryAdStates(db),
      mail: { identity: notifications.client, publicUrl: settings.publicUrl },
      onReportDecided: () => reportDecisions.wake(),
      requireVerified: settings.verificationRequired.includes('message'),
      userNames: identityUserNames(db),
      onContractSigned: () => contractSales.wake(),
    });
    await app.register(filesRoutes, { prefix: FILES_BASE, db, storage });
    await app.register(webRoutes, { webDist: settings.webDist, pages });
    return { app, db, storage, revocations };
  } catch (err) {
    await app.close().catch(() => undefined);
    if (!deps.db) await db.close().catch(() => undefined);
    throw err;
  }
}
