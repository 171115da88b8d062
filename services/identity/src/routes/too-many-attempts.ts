import type { FastifyReply } from 'fastify';

/** A rate limit's answer: 429, when to try again (Retry-After, seconds) and the Swedish message. */
export function sendTooManyAttempts(reply: FastifyReply, retryAfterSeconds: number, message: string) {
  return reply.code(429).header('retry-after', String(retryAfterSeconds)).send({ message });
}
