import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { parseRowId } from '@bilmarknaden/shared/schemas/id-schemas';
import { DomainError } from './domain-error.ts';

// The helpers every service's route files share, so the three read their input the same way.

/** The app with the routes' TypeBox schemas giving the request and reply types. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>();

/** An id from a path or query: digits only and within the column's range, else null (answered 404). */
export const parseId = parseRowId;

/** The params of a `/…/:id` route: declared a string, read by `pathId` or `parseId`. */
export const IdParamsSchema = Type.Object({ id: Type.String() });

/** The `:id` of the path, or 404 with `notFound`. */
export function pathId(request: { params: { id: string } }, notFound: string): number {
  const id = parseId(request.params.id);
  if (id === null) throw new DomainError('not-found', notFound);
  return id;
}

/**
 * The content type of an answer whose JSON the database wrote (decision 022): with it, Fastify sends the text as
 * it is instead of serializing it again.
 */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** JSON text the database wrote in the shape of the route's response schema, sent with `JSON_TYPE` as it is. */
export const jsonText = (json: string) => json as never;
