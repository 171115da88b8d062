import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { BearerAuth } from '@bilmarknaden/service-kit/bearer-auth';
import { bearerToken, type TokenVerifier } from '@bilmarknaden/shared/auth/token';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { messagingPaths } from '@bilmarknaden/shared/api-paths';
import { errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import type { EventHub } from '../live/event-hub.ts';

export interface EventsRoutesOptions {
  /** The process's event hub: the app starts it when ready and stops it before closing. */
  hub: EventHub;
  auth: BearerAuth<{ username: string; exp: number }>;
  /** The service's verifier, asked again while a stream is open: a revoked token ends it. */
  verifyToken: TokenVerifier;
  /** Tests: how often an open stream's token is checked again. */
  recheckMs?: number | undefined;
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // Every byte must reach the client as it is written: no cache, no proxy buffering, no compression.
  'cache-control': 'no-cache, no-store, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
};

/**
 * An open stream's token is verified again this often: after a password change, a closure or a block (decision 033)
 * the stream ends within this and the revocation list's refresh.
 */
const RECHECK_MS = 15_000;

/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * `GET /events`: the caller's live events as server-sent events, from this process's event hub. The stream ends when the token expires; the client reconnects with a
 * fresh token and `Last-Event-ID`; it also ends when the token is revoked.
 */
export function eventsRoutes(app: FastifyInstance, opts: EventsRoutesOptions): void {
  const { hub } = opts;

  app.get(
    messagingPaths.events,
    {
      preHandler: opts.auth.required,
      schema: {
        summary: "The caller's live events (server-sent events)",
        description:
          '`event: message` (id: the message id, data `{conversationId, message}`) for each message in the ' +
          "caller's conversations, the caller's own from other tabs included; `event: read` (data " +
          '`{conversationId}`) when the caller read a conversation elsewhere; `: ping` every 25 s. With ' +
          '`Last-Event-ID` the messages after it (at most 200) come first. The stream ends when the token expires ' +
          'or is revoked.',
        tags: ['events'],
        security: bearerSecurity,
        headers: Type.Object({ 'last-event-id': Type.Optional(Type.String({ maxLength: 20 })) }),
        response: {
          200: {
            description: 'text/event-stream',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
          ...errorResponses(401),
        },
      },
    },
    (request, reply) => {
      const user = opts.auth.user(request);
      const header = request.headers['last-event-id'];
      const lastEventId = typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : null;

      reply.hijack();
      const res = reply.raw;
      // The headers hooks set (security headers, CORS) go out with the stream's own.
      res.writeHead(200, { ...reply.getHeaders(), ...SSE_HEADERS } as OutgoingHttpHeaders);
      res.flushHeaders();

      const expiry = setTimeout(() => res.end(), Math.min(MAX_TIMER_MS, user.exp * 1000 - Date.now()));
      const token = bearerToken(request.headers.authorization)!;
      const recheck = setInterval(() => {
        opts.verifyToken(token).then(
          (claims) => {
            if (!claims) res.end();
          },
          (err: unknown) => request.log.warn({ err }, 'live stream token not checked'),
        );
      }, opts.recheckMs ?? RECHECK_MS);
      recheck.unref();
      const forget = hub.open(
        user.username,
        {
          write: (chunk) => void res.write(chunk),
          bufferedBytes: () => res.writableLength,
          end: () => res.end(),
        },
        lastEventId,
      );
      res.on('close', () => {
        clearTimeout(expiry);
        clearInterval(recheck);
        forget();
      });
    },
  );
}
