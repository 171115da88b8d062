import type { FastifyInstance } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';
import type { TokenVerifier } from '@bilmarknaden/shared/auth/token';
import { bearerAuth } from '@bilmarknaden/service-kit/bearer-auth';
import type { IdentityClient } from '@bilmarknaden/service-kit/identity-client';
import { serviceKit } from '@bilmarknaden/service-kit/service-plugin';
import { statesByLookup, type AdLookup, type AdStates } from './ad-lookup.ts';
import type { HourlyLimits } from './repositories/conversations-repository.ts';
import { conversationService } from './services/conversation-service.ts';
import { createMailSweep, MAIL_SWEEP_INTERVAL_MS } from './services/mail-sweep.ts';
import type { RouteContext } from './routes/context.ts';
import { conversationRoutes } from './routes/conversation-routes.ts';
import { safetyRoutes } from './routes/safety-routes.ts';
import { eventsRoutes, type EventsRoutesOptions } from './routes/events-routes.ts';
import { moderationRoutes } from './routes/moderation-routes.ts';
import { reportDecisionService } from './services/report-decision-service.ts';
import { conversationsRepository } from './repositories/conversations-repository.ts';

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
  /** Tests: the live streams' limits and how often their tokens are checked again. */
  live?: EventsRoutesOptions['live'];
  /** Largest JSON body in bytes (default 16 KiB: a message is at most 2000 characters). */
  jsonBodyLimit?: number;
  /** Serve the OpenAPI document and its UI at `/docs` (default true). */
  docs?: boolean;
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
    }),
    auth: bearerAuth(opts.verifyToken),
  };
  conversationRoutes(app, ctx);
  safetyRoutes(app, ctx);
  moderationRoutes(app, {
    ...ctx,
    db: opts.db,
    decisions: reportDecisionService({
      db: opts.db,
      mail: opts.mail,
      log: app.log,
      onDecided: opts.onReportDecided,
    }),
  });
  eventsRoutes(app, {
    db: opts.db,
    source: conversationsRepository(opts.db),
    auth: ctx.auth,
    verifyToken: opts.verifyToken,
    ...(opts.live ? { live: opts.live } : {}),
  });

  if (opts.mail) runMailSweep(app, opts.db, opts.mail);
}

/** Sweeps for due mail while the app runs; a running pass ends before the database closes. */
function runMailSweep(app: FastifyInstance, db: Database, mail: NonNullable<MessagingOptions['mail']>): void {
  const sweep = createMailSweep({ db, identity: mail.identity, publicUrl: mail.publicUrl, log: app.log });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = sweep.runOnce().catch((err: unknown) => app.log.error({ err }, 'the mail sweep failed; tried again'));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(pass, mail.intervalMs ?? MAIL_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
