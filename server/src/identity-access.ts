import type { FastifyInstance } from 'fastify';
import { httpIdentityClient, type IdentityClient } from '@bilmarknaden/service-kit/identity-client';
import {
  createTokenRevocationList,
  httpTokenRevocationSource,
  type TokenRevocationList,
} from '@bilmarknaden/service-kit/token-revocations';
import { SettingsError, type Settings } from './settings.ts';

/** What a service running alone needs to reach identity: its URL and the deployment's internal key. */
export function identityAccess(settings: Settings): { baseUrl: string; internalKey: string } {
  const problems = [
    ...(settings.identityUrl ? [] : ['IDENTITY_URL is required, e.g. http://127.0.0.1:3001']),
    ...(settings.internalApiKey ? [] : ['INTERNAL_API_KEY is required (the same secret as identity has)']),
  ];
  if (problems.length > 0) throw new SettingsError(problems);
  return { baseUrl: settings.identityUrl!, internalKey: settings.internalApiKey! };
}

/**
 * A service running alone: its token revocation list, read from identity now and every 15 s, closed with the app
 * (decision 033). Wrap the service's verifier with `refuseRevoked(verifier, list)`.
 */
export async function revocationsFromIdentity(app: FastifyInstance, settings: Settings): Promise<TokenRevocationList> {
  const list = createTokenRevocationList({
    source: httpTokenRevocationSource(identityAccess(settings)),
    lifetimeSeconds: settings.tokenTtlSeconds,
    log: app.log,
  });
  app.addHook('onClose', () => list.close());
  await list.start();
  return list;
}

/** A service running alone: the IdentityClient that sends its notifications to identity (decision 032). */
export function identityClientFromSettings(settings: Settings): IdentityClient {
  return httpIdentityClient(identityAccess(settings));
}
