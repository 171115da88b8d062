import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { FEED_LIMITS, FEED_MESSAGES } from '@bilmarknaden/shared/dealer-feed';
import { errorResponses, NoContentSchema } from '@bilmarknaden/shared/schemas/api-error-schemas';
import {
  DealerSlugParamsSchema,
  ImportQueuedSchema,
  ImportRunListSchema,
  ImportRunParamsSchema,
  ImportRunSchema,
  DealerFeedBodySchema,
  DealerFeedSettingSchema,
} from '@bilmarknaden/shared/schemas/dealer-import-schemas';
import type { DealerFeeds } from '../services/dealer-feeds.ts';
import { bearerToken } from '@bilmarknaden/shared/auth/token';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { parseId, typed } from '@bilmarknaden/service-kit/route-context';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { MESSAGES } from '../errors.ts';
import type { DealerFeedCallers, FeedCaller } from '../services/dealer-feed-callers.ts';
import type { DealerImportService } from '../services/dealer-import-service.ts';
import { parseFeed } from '../services/dealer-feed-parser.ts';
import { multipartError } from './ad-form.ts';
import type { RouteContext } from './context.ts';

/** `Authorization: ApiKey <key>` or `X-Api-Key: <key>`; null when the request names none. */
function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const auth = request.headers.authorization;
  const m = typeof auth === 'string' ? /^ApiKey\s+(\S+)\s*$/i.exec(auth) : null;
  return m ? m[1]! : null;
}

const AUTH_DESCRIPTION =
  "Authorised by a dealer member's token (staff too), or by the dealer's API key: `Authorization: ApiKey <key>` or " +
  '`X-Api-Key: <key>`. An unknown or revoked key, or a key of another dealer, is 401; a user who is not a member is ' +
  '403.';

/**
 * A dealer's import feed (issue 45, decision 060): the upload queues a run, its job applies it; the runs' status,
 * progress and reports for the dealer's members and staff.
 */
export function dealerImportRoutes(
  app: FastifyInstance,
  ctx: RouteContext & {
    feedCallers: DealerFeedCallers;
    imports: DealerImportService;
    feeds: DealerFeeds;
    wakeJobs: () => void;
  },
): void {
  const { feedCallers, imports } = ctx;

  /** The caller's right to this dealer's feed (its key, or a signed-in user), or the refusal (401, 403, 404). */
  async function caller(request: FastifyRequest, slug: string): Promise<FeedCaller> {
    const key = apiKeyOf(request);
    if (key !== null) return feedCallers.byApiKey(slug, key);
    if (!bearerToken(request.headers.authorization)) {
      throw new DomainError('unauthorized', FEED_MESSAGES.unauthorized);
    }
    await ctx.auth.required(request);
    return feedCallers.byUser(slug, ctx.auth.user(request));
  }

  /** The upload's `feed` file (bytes, cut at the zip's limit) and its `full` field. */
  async function readUpload(request: FastifyRequest): Promise<{ data: Buffer | null; full: boolean }> {
    if (!request.isMultipart()) throw new DomainError('unsupported', MESSAGES.notMultipart);
    let data: Buffer | null = null;
    let full = true;
    try {
      for await (const part of request.parts({
        limits: { fileSize: FEED_LIMITS.zipBytes, files: 1, fields: 5, parts: 6, fieldSize: 100 },
      })) {
        if (part.type === 'file') {
          const chunks: Buffer[] = [];
          for await (const chunk of part.file as AsyncIterable<Buffer>) chunks.push(chunk);
          if (part.file.truncated) throw new DomainError('too-large', FEED_MESSAGES.tooLarge, { field: 'feed' });
          if (part.fieldname === 'feed') data = Buffer.concat(chunks);
        } else if (part.fieldname === 'full') {
          const v = String(part.value).trim().toLowerCase();
          if (v !== 'true' && v !== 'false') throw new DomainError('invalid', FEED_MESSAGES.full, { field: 'full' });
          full = v === 'true';
        }
      }
    } catch (err) {
      const translated = multipartError(err);
      // The parser's size refusal names the feed here, not the photos of the ad form.
      if ((err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new DomainError('too-large', FEED_MESSAGES.tooLarge, { field: 'feed' });
      }
      throw translated;
    }
    return { data, full };
  }

  typed(app).post(
    inventoryPaths.dealerImports(':slug'),
    {
      schema: {
        summary: "Upload a dealer's import feed",
        description:
          'multipart/form-data: `feed`, the file (CSV, JSON, or a zip with one feed and its photos; docs/dealer-feed.md ' +
          `has the columns) and \`full\` (true by default: the dealer's imported cars absent from it are marked sold). ` +
          `The feed is read and queued (202); its run's status and report are at GET …/imports/{id}. ${AUTH_DESCRIPTION} ` +
          `At most ${FEED_LIMITS.rows} cars, 10 MB (a zip 50 MB), ${FEED_LIMITS.uploadsPerHour} uploads per dealer and hour.`,
        tags: ['dealers'],
        consumes: ['multipart/form-data'],
        security: bearerSecurity,
        params: DealerSlugParamsSchema,
        response: { 202: ImportQueuedSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const who = await caller(request, request.params.slug);
      const hourAgo = new Date(Date.now() - 60 * 60_000);
      if ((await imports.countSince(who.dealer.slug, hourAgo)) >= FEED_LIMITS.uploadsPerHour) {
        throw new DomainError(
          'too-many',
          `Högst ${FEED_LIMITS.uploadsPerHour} uppladdningar i timmen. Försök igen senare.`,
          {
            retryAfterSeconds: 600,
          },
        );
      }
      const { data, full } = await readUpload(request);
      if (data === null || data.length === 0) throw new DomainError('invalid', FEED_MESSAGES.noFile, { field: 'feed' });
      const feed = parseFeed(data);
      const queued = await imports.queue(who.dealer, { source: who.source, startedBy: who.username, full }, feed);
      ctx.wakeJobs();
      return reply.code(202).send(queued);
    },
  );

  typed(app).get(
    inventoryPaths.dealerImports(':slug'),
    {
      schema: {
        summary: "A dealer's latest import runs",
        description: `The latest 20 runs, newest first, with their progress and reports. ${AUTH_DESCRIPTION}`,
        tags: ['dealers'],
        security: bearerSecurity,
        params: DealerSlugParamsSchema,
        response: { 200: ImportRunListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const who = await caller(request, request.params.slug);
      return imports.list(who.dealer.slug);
    },
  );

  typed(app).get(
    inventoryPaths.dealerImport(':slug', ':id'),
    {
      schema: {
        summary: 'One import run: status, progress and report',
        description: `Status queued → running → done (or failed), rows done of total, counts and row errors. ${AUTH_DESCRIPTION}`,
        tags: ['dealers'],
        security: bearerSecurity,
        params: ImportRunParamsSchema,
        response: { 200: ImportRunSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const who = await caller(request, request.params.slug);
      const id = parseId(request.params.id);
      const run = id === null ? null : await imports.find(who.dealer.slug, id);
      if (!run) throw new DomainError('not-found', FEED_MESSAGES.runNotFound);
      return run;
    },
  );

  const feedSchema = (summary: string, description: string) => ({
    summary,
    description: `${description} ${AUTH_DESCRIPTION}`,
    tags: ['dealers'],
    security: bearerSecurity,
    params: DealerSlugParamsSchema,
  });

  typed(app).get(
    inventoryPaths.dealerFeed(':slug'),
    {
      schema: {
        ...feedSchema("The dealer's scheduled feed", 'Its URL, interval and next fetch; 404 when it has none.'),
        response: { 200: DealerFeedSettingSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ctx.feeds.get((await caller(request, request.params.slug)).dealer.slug),
  );

  typed(app).put(
    inventoryPaths.dealerFeed(':slug'),
    {
      schema: {
        ...feedSchema(
          "Set the dealer's scheduled feed",
          '`{url, intervalMinutes}`: the feed is fetched from the URL (http or https) every interval (15–10080 ' +
            'minutes, default a day) through the job queue and imported as a full feed; the first fetch is due at once.',
        ),
        body: DealerFeedBodySchema,
        response: { 200: DealerFeedSettingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const who = await caller(request, request.params.slug);
      const setting = await ctx.feeds.set(who.dealer, request.body);
      ctx.wakeJobs();
      return setting;
    },
  );

  typed(app).delete(
    inventoryPaths.dealerFeed(':slug'),
    {
      schema: {
        ...feedSchema("Stop the dealer's scheduled feed", 'No more fetches; the runs stay.'),
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await ctx.feeds.remove((await caller(request, request.params.slug)).dealer.slug);
      return reply.code(204).send(null);
    },
  );
}
