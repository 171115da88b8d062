import type { FastifyInstance } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';
import type { TokenVerifier } from '@bilmarknaden/shared/auth/token';
import { bearerAuth } from '@bilmarknaden/service-kit/bearer-auth';
import type { IdentityClient } from '@bilmarknaden/service-kit/identity-client';
import { createJob, runJobs } from '@bilmarknaden/service-kit/jobs/job-runner';
import { serviceKit } from '@bilmarknaden/service-kit/service-plugin';
import { statesByLookup, type AdLookup, type AdStates } from './ad-lookup.ts';
import type { HourlyLimits } from './repositories/conversations-repository.ts';
import { conversationService } from './services/conversation-service.ts';
import { createMailSweep } from './jobs/mail-sweep.ts';
import { createContractMailSweep } from './jobs/contract-mail-sweep.ts';
import { contractService, type UserNames } from './services/contract-service.ts';
import { contractRoutes } from './routes/contract-routes.ts';
import type { RouteContext } from './routes/context.ts';
import { conversationRoutes } from './routes/conversation-routes.ts';
import { safetyRoutes } from './routes/safety-routes.ts';
import { sellerRoutes } from './routes/seller-routes.ts';
import { eventsRoutes } from './routes/events-routes.ts';
import { moderationRoutes } from './routes/moderation-routes.ts';
import { reportDecisionService } from './services/report-decision-service.ts';
import { liveRepository } from './repositories/live-repository.ts';
import { createEventHub, type EventHubOptions } from './live/event-hub.ts';

export interface MessagingOptions {
  db: Database;
  /** Verifies identity's tokens with its public key. */
  verifyToken: TokenVerifier;
  /** Finds an ad now: inventory's code in the default process, its public API when alone. */
  adLookup: AdLookup;
  /** The inbox page's ad states at once; by default one adLookup per ad. */
  adStates?: AdStates;
  /** Per user and hour (default issue #25's 20 conversations, 200 messages, 10 reports). */
  limits?: HourlyLimits;
  /** The mail about unread messages: swept every `intervalMs` while the app runs; none when omitted. */
  mail?: { identity: IdentityClient; publicUrl: string; intervalMs?: number };
  /**
   * Runs after a moderator decided a reported conversation: the default process's relay records it in inventory's
   * audit log at once (decision 046).
   */
  onReportDecided?: () => void;
  /** The names on the accounts for a köpekontrakt: identity's in the default process; usernames when omitted. */
  userNames?: UserNames;
  /** Runs after a köpekontrakt got its second signature: the default process's relay marks the ad sold at once. */
  onContractSigned?: () => void;
  /** Tests: the time of the köpekontrakt's rules (the handover date's 'today', the reminder). */
  now?: () => Date;
  /** Tests: the live streams' limits and how often their tokens are checked again. */
  live?: Pick<EventHubOptions, 'maxStreamsPerUser' | 'maxBufferedBytes' | 'pingIntervalMs'> & { recheckMs?: number };
  /** Largest JSON body in bytes (default 16 KiB: a message is at most 2000 characters). */
  jsonBodyLimit?: number;
  /** Serve the OpenAPI document and its UI at `/docs` (default true). */
  docs?: boolean;
  /** New conversations need a buyer verified with BankID (VERIFICATION_REQUIRED=message, issue 42). */
  requireVerified?: boolean;
}

export const DEFAULT_JSON_BODY_LIMIT = 16 * 1024;

/**
 * The messaging service as an encapsulated Fastify plugin, registered with `{ prefix: '/api/messaging' }`:
 * conversations between a buyer and a seller about an ad, read marks, blocks, reports and the mail about unread
 * messages (decision 034).
 */
export async function messagingApp(app: FastifyInstance, opts: MessagingOptions): Promise<void> {
  await app.register(serviceKit, {
    name: 'messaging',
    jsonBodyLimit: opts.jsonBodyLimit ?? DEFAULT_JSON_BODY_LIMIT,
    ...(opts.docs === false
      ? {}
      : {
          docs: {
            title: 'Bilmarknaden messaging',
            description: 'Conversations between buyers and sellers about an ad. Errors: {message, field?} in Swedish.',
          },
        }),
  });

  const ctx: RouteContext = {
    conversations: conversationService({
      db: opts.db,
      adLookup: opts.adLookup,
      adStates: opts.adStates ?? statesByLookup(opts.adLookup),
      limits: opts.limits,
      requireVerified: opts.requireVerified ?? false,
    }),
    decisions: reportDecisionService({
      db: opts.db,
      mail: opts.mail,
      log: app.log,
      onDecided: opts.onReportDecided,
    }),
    auth: bearerAuth(opts.verifyToken),
  };
  conversationRoutes(app, ctx);
  contractRoutes(app, {
    auth: ctx.auth,
    contracts: contractService({
      db: opts.db,
      adLookup: opts.adLookup,
      userNames: opts.userNames,
      onSigned: opts.onContractSigned,
      now: opts.now,
    }),
  });
  safetyRoutes(app, ctx);
  sellerRoutes(app, ctx);
  moderationRoutes(app, ctx);

  const { recheckMs, ...limits } = opts.live ?? {};
  const hub = createEventHub({ db: opts.db, source: liveRepository(opts.db), log: app.log, ...limits });
  app.addHook('onReady', () => hub.start());
  // Open streams would keep the server's close waiting: they end first.
  app.addHook('preClose', () => hub.stop());
  eventsRoutes(app, { hub, auth: ctx.auth, verifyToken: opts.verifyToken, recheckMs });

  // The sweep ends (a pass under way first) before the database closes.
  if (opts.mail) {
    const { identity, publicUrl, intervalMs } = opts.mail;
    const sweep = createMailSweep({ db: opts.db, identity, publicUrl, log: app.log, intervalMs });
    const contractSweep = createContractMailSweep({ db: opts.db, identity, publicUrl, log: app.log, now: opts.now });
    runJobs(app, [createJob(sweep, app.log), createJob(contractSweep, app.log)]);
  }
}
