import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';
import type { AdService } from '../services/ad-service.ts';
import { HttpError } from '../errors.ts';
import { errorSchema } from '../schemas.ts';

/** What every route file gets from the plugin. */
export interface RouteContext {
  db: Database;
  ads: AdService;
  /** Bearer token required: 401 without a good one. */
  auth: preHandlerAsyncHookHandler;
  /** Bearer token used when good, ignored otherwise. */
  optionalAuth: preHandlerAsyncHookHandler;
  feedbackRateLimit: { max: number; timeWindow: number } | false;
}

const INT_MAX = 2_147_483_647;

/** An ad id from a query or path: digits only and within the column's range, else null (answered 404). */
export function parseId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= INT_MAX ? n : null;
}

/** The params of a `/…/:id` route: declared a string, read by `pathId` or `parseId`. */
export const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;

/** The `:id` of the path, or 404 with `notFound`. */
export function pathId(request: { params: unknown }, notFound: string): number {
  const id = parseId((request.params as { id?: unknown }).id);
  if (id === null) throw new HttpError(404, notFound);
  return id;
}

/**
 * The content type of an answer whose JSON the database wrote (decision 022): with it, Fastify sends the text as
 * it is instead of serializing it again.
 */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Response schemas of the error answers a route gives. */
export function errorResponses(...codes: number[]): Record<number, typeof errorSchema> {
  return Object.fromEntries(codes.map((c) => [c, errorSchema]));
}
