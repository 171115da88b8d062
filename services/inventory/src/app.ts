import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Database } from '@bilmarknaden/db/database';
import type { TokenVerifier } from '@bilmarknaden/shared/auth/token';
import { processImage as defaultProcessImage, ImageRejectedError } from './images/image-pipeline.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { authenticate } from './auth.ts';
import { HttpError, MESSAGES } from './errors.ts';
import { refuseNul } from '@bilmarknaden/shared/http/nul-guard';
import { adService, type ImageProcessor } from './services/ad-service.ts';
import { FORM_LIMITS, multipartError } from './services/ad-form.ts';
import type { RouteContext } from './routes/context.ts';
import { listRoutes } from './routes/list.ts';
import { detailRoutes } from './routes/detail.ts';
import { createRoutes } from './routes/create.ts';
import { ownerRoutes } from './routes/owner.ts';
import { savedRoutes } from './routes/saved.ts';
import { makesRoutes } from './routes/makes.ts';
import { feedbackRoutes } from './routes/feedback.ts';

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
  /** Serve the OpenAPI document and its UI at `/docs` (default true). */
  docs?: boolean;
}

export const DEFAULT_FEEDBACK_RATE_LIMIT = { max: 5, timeWindow: 10 * 60 * 1000 };
export const DEFAULT_JSON_BODY_LIMIT = 16 * 1024;

/** The Swedish answer for any error, and whether it is the server's fault. */
export function errorAnswer(err: unknown): {
  status: number;
  body: { message: string; field?: string };
  headers?: Record<string, string>;
} {
  if (err instanceof HttpError) {
    return {
      status: err.statusCode,
      body: err.field ? { message: err.message, field: err.field } : { message: err.message },
      ...(err.headers ? { headers: err.headers } : {}),
    };
  }
  if (err instanceof ImageRejectedError) return { status: 400, body: { message: err.message, field: 'images' } };
  const mapped = multipartError(err);
  if (mapped !== err) return errorAnswer(mapped);
  const e = err as Partial<FastifyError>;
  if (e.validation) {
    const first = e.validation[0];
    const field =
      (first?.params as { missingProperty?: string } | undefined)?.missingProperty ??
      first?.instancePath?.split('/').filter(Boolean)[0];
    return { status: 400, body: field ? { message: MESSAGES.badRequest, field } : { message: MESSAGES.badRequest } };
  }
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    const message =
      e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err instanceof SyntaxError
        ? MESSAGES.badJson
        : status === 413
          ? MESSAGES.bodyTooLarge
          : status === 415
            ? MESSAGES.unsupportedMediaType
            : status === 404
              ? MESSAGES.notFound
              : status === 429
                ? MESSAGES.tooManyRequests
                : MESSAGES.badRequest;
    return { status, body: { message } };
  }
  return {
    status: status === 503 ? 503 : 500,
    body: { message: status === 503 ? MESSAGES.unavailable : MESSAGES.internal },
  };
}

/** JSON without prototype poisoning: `__proto__` and `constructor.prototype` keys are refused. */
function parseJson(text: string): unknown {
  return JSON.parse(text, function (key, value) {
    if (
      key === '__proto__' ||
      (key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value)
    ) {
      throw new HttpError(400, MESSAGES.badRequest);
    }
    return value;
  });
}

/**
 * The inventory service as an encapsulated Fastify plugin, registered with `{ prefix: '/api/inventory' }`:
 * ads with photos, lists and Swedish search, makes and models, saved ads, owner actions and feedback.
 */
export async function inventoryApp(app: FastifyInstance, opts: InventoryOptions): Promise<void> {
  const feedbackRateLimit = opts.feedbackRateLimit ?? DEFAULT_FEEDBACK_RATE_LIMIT;

  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const answer = errorAnswer(err);
    if (answer.status >= 500) {
      request.log.error(
        { err, method: request.method, url: request.url, reqId: request.id },
        'inventory request failed',
      );
    } else {
      request.log.info({ status: answer.status, message: answer.body.message, field: answer.body.field }, 'refused');
    }
    if (answer.headers) reply.headers(answer.headers);
    return reply.code(answer.status).send(answer.body);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: MESSAGES.notFound }));
  app.addHook('preValidation', refuseNul(MESSAGES.badRequest));

  // A small JSON limit of our own (no route takes large JSON) and no prototype poisoning, whatever the root sets.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: opts.jsonBodyLimit ?? DEFAULT_JSON_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, parseJson(body as string));
      } catch (err) {
        done(err instanceof HttpError ? err : new HttpError(400, MESSAGES.badJson), undefined);
      }
    },
  );

  await app.register(multipart, { limits: FORM_LIMITS });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `För många förfrågningar. Försök igen om ${minutes(Math.max(1, Math.ceil(context.ttl / 60_000)))}.`,
      ),
  });

  if (opts.docs !== false) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Bilmarknaden inventory',
          description:
            'Car ads with photos, search, makes and models, saved ads and feedback. Errors: {message, field?} in Swedish.',
          version: '1.0.0',
        },
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
  }

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

  const ctx: RouteContext = {
    db: opts.db,
    ads: { ...ads, create: tracked(ads.create), update: tracked(ads.update), remove: tracked(ads.remove) },
    auth: authenticate(opts.verifyToken, 'required'),
    optionalAuth: authenticate(opts.verifyToken, 'optional'),
    feedbackRateLimit,
  };

  listRoutes(app, ctx);
  detailRoutes(app, ctx);
  createRoutes(app, ctx);
  ownerRoutes(app, ctx);
  savedRoutes(app, ctx);
  makesRoutes(app, ctx);
  feedbackRoutes(app, ctx);
}

/** '1 minut', '5 minuter'. */
const minutes = (n: number) => `${n} ${n === 1 ? 'minut' : 'minuter'}`;
