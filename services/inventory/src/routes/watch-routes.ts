import type { FastifyInstance } from 'fastify';
import { inventoryPaths as paths } from '@bilmarknaden/shared/api-paths';
import { errorResponses, NoContentSchema } from '@bilmarknaden/shared/schemas/api-error-schemas';
import {
  WatchAdListSchema,
  WatchCreateSchema,
  WatchListSchema,
  WatchNewCountSchema,
  WatchSchema,
  WatchUnsubscribedSchema,
  WatchUnsubscribeSchema,
  WatchUpdateSchema,
} from '@bilmarknaden/shared/schemas/watch-schemas';
import { MAX_WATCHES, WATCH_MESSAGES } from '@bilmarknaden/shared/watches';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { IdParamsSchema, JSON_TYPE, jsonText, parseId, typed } from '@bilmarknaden/service-kit/route-context';
import type { RouteContext } from './context.ts';

/** Bevakningar (issue 26): the owner's saved searches, their new ads, and the mails' unsubscribe link. */
export function watchRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { watches, auth } = ctx;
  const user = (request: Parameters<typeof auth.user>[0]) => auth.user(request).username;
  // preValidation: a request without a good token is 401 before its body is looked at.
  const owner = { preValidation: auth.required };
  const tags = ['watches'];

  typed(app).get(
    paths.watches,
    {
      ...owner,
      schema: {
        summary: "The caller's bevakningar, newest first, each with its count of new ads",
        tags,
        security: bearerSecurity,
        response: { 200: WatchListSchema, ...errorResponses(401) },
      },
    },
    async (request) => watches.list(user(request)),
  );

  typed(app).post(
    paths.watches,
    {
      ...owner,
      schema: {
        summary: 'Save a search as a bevakning',
        description: `The search is read as the list reads it (same 400s). At most ${MAX_WATCHES} per user (409).`,
        tags,
        security: bearerSecurity,
        body: WatchCreateSchema,
        response: { 201: WatchSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await watches.create(user(request), request.body)),
  );

  typed(app).get(
    paths.watchesNewCount,
    {
      ...owner,
      schema: {
        summary: "New ads across the caller's bevakningar",
        tags,
        security: bearerSecurity,
        response: { 200: WatchNewCountSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ newCount: await watches.newCount(user(request)) }),
  );

  typed(app).post(
    paths.watchesUnsubscribe,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "A mail's one-click unsubscribe: the bevakning stays, its mails stop (no login)",
        description: 'A forged or altered token is 400, an expired one 400, a token of another bevakning 403.',
        tags,
        body: WatchUnsubscribeSchema,
        response: { 200: WatchUnsubscribedSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => {
      const raw = request.body.watch;
      const { name } = await watches.unsubscribe(
        parseId(typeof raw === 'number' ? String(raw) : raw),
        request.body.token,
      );
      return { message: WATCH_MESSAGES.unsubscribed, name };
    },
  );

  typed(app).get(
    '/watches/:id',
    {
      ...owner,
      schema: {
        summary: "One of the caller's bevakningar",
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: WatchSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => watches.get(parseId(request.params.id), user(request)),
  );

  typed(app).put(
    '/watches/:id',
    {
      ...owner,
      schema: {
        summary: 'Rename, change how to be told, pause or resume',
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        body: WatchUpdateSchema,
        response: { 200: WatchSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => watches.update(parseId(request.params.id), user(request), request.body),
  );

  typed(app).delete(
    '/watches/:id',
    {
      ...owner,
      schema: {
        summary: 'Delete a bevakning',
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await watches.remove(parseId(request.params.id), user(request));
      return reply.code(204).send(null);
    },
  );

  typed(app).get(
    '/watches/:id/ads',
    {
      ...owner,
      schema: {
        summary: "The bevakning's matched ads (visible), new ones first, marked isNew",
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: WatchAdListSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const json = await watches.adsJson(parseId(request.params.id), user(request));
      reply.type(JSON_TYPE);
      return jsonText(json);
    },
  );

  typed(app).put(
    '/watches/:id/seen',
    {
      ...owner,
      schema: {
        summary: 'The owner has looked: its ads are no longer new',
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await watches.markSeen(parseId(request.params.id), user(request));
      return reply.code(204).send(null);
    },
  );
}
