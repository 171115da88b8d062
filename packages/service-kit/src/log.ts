import type { FastifyBaseLogger } from 'fastify';

/**
 * What the services' own code logs through: Fastify's logger (pino). A function asks only for the levels it calls
 * (`Pick<Log, 'warn'>`), so a test hands it a stand-in with just those.
 */
export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
