import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { isPageRead } from './page-reads.ts';

/** JSON logs (pino) with secrets redacted; request bodies are never logged. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.password_hash'],
      censor: '[redacted]',
    },
  };
}

/** Request timeouts: slow clients are cut off, normal requests keep their latency. */
export const serverTimeouts = {
  connectionTimeout: 30_000,
  requestTimeout: 60_000,
  keepAliveTimeout: 10_000,
} as const;

/**
 * The timeouts with the settings' values. Node checks them only every `connectionsCheckingInterval`, so that
 * follows the headers timeout: a slow client is cut off close to its timeout (docs/security.md).
 */
export function serverTimeoutOptions(settings: { requestTimeoutMs: number; headersTimeoutMs: number }) {
  return {
    ...serverTimeouts,
    requestTimeout: settings.requestTimeoutMs,
    http: {
      headersTimeout: settings.headersTimeoutMs,
      requestTimeout: settings.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(2000, Math.max(250, Math.floor(settings.headersTimeoutMs / 4))),
    },
  } as const;
}

/** One log line per completed request (Fastify logs two); a page's own API reads are covered by the page's line. */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    if (isPageRead(req.headers)) return;
    req.log.info(
      { method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
}

/** Fastify's trustProxy from the setting; a hop count as a function (Fastify's types take no number). */
export function trustProxyOption(
  value: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}
