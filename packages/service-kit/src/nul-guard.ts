import type { FastifyRequest } from 'fastify';
import { DomainError } from './domain-error.ts';

/**
 * The top-level name of the first value holding a NUL character, or null. PostgreSQL text cannot store
 * U+0000: such a value would fail inside the query as a 500, so it is refused up front as bad input.
 */
export function fieldWithNul(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : null;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || fieldWithNul(inner, depth + 1) !== null) return key;
  }
  return null;
}

/** preValidation hook: 400 `{message, field}` for a NUL in the query, path or JSON body. */
export function refuseNul(message: string) {
  return async (request: FastifyRequest) => {
    for (const part of [request.query, request.params, request.body]) {
      const field = fieldWithNul(part);
      if (field !== null) throw new DomainError('invalid', message, { field: field || undefined });
    }
  };
}
