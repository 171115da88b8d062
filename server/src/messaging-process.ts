import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet } from 'jose';
import { IDENTITY_BASE, identityPaths, MESSAGING_BASE } from '@bilmarknaden/shared/api-paths';
import { createTokenVerifier } from '@bilmarknaden/shared/auth/token';
import { httpIdentityClient } from '@bilmarknaden/service-kit/identity-client';
import {
  createTokenRevocationList,
  httpTokenRevocationSource,
  refuseRevoked,
  type TokenRevocationList,
} from '@bilmarknaden/service-kit/token-revocations';
import { createJob, runJobs } from '@bilmarknaden/service-kit/jobs/job-runner';
import { messagingApp } from '@bilmarknaden/messaging/app';
import { httpAdLookup } from '@bilmarknaden/messaging/ad-lookup';
import { messagingMigrations } from '@bilmarknaden/messaging/migrations';
import { SettingsError, type Settings } from './settings.ts';
import { buildStandalone } from './standalone.ts';
import { identityAccess } from './identity-access.ts';
import { messagingClosureRelayJob } from './jobs/messaging-closure-relay.ts';

/**
 * The messaging service alone (`npm run start:messaging`): it verifies tokens with the public key identity
 * publishes (IDENTITY_JWKS_URL, by default from IDENTITY_URL), refuses revoked ones (decision 033), reads ads
 * through inventory's public API (INVENTORY_URL) and asks identity to mail users (decision 034).
 */
export async function buildMessagingProcess(
  settings: Settings,
): Promise<{ app: FastifyInstance; revocations: TokenRevocationList }> {
  const identity = identityAccess(settings);
  if (!settings.inventoryUrl) throw new SettingsError(['INVENTORY_URL is required, e.g. http://127.0.0.1:3002']);
  const inventoryUrl = settings.inventoryUrl;
  const jwksUrl = settings.identityJwksUrl ?? `${identity.baseUrl}${IDENTITY_BASE}${identityPaths.jwks}`;
  let revocations: TokenRevocationList | undefined;
  const app = await buildStandalone(settings, messagingMigrations, async (app, db) => {
    const list = createTokenRevocationList({
      source: httpTokenRevocationSource(identity),
      lifetimeSeconds: settings.tokenTtlSeconds,
      log: app.log,
    });
    revocations = list;
    app.addHook('onClose', () => list.close());
    await list.start();
    await app.register(messagingApp, {
      prefix: MESSAGING_BASE,
      db,
      verifyToken: refuseRevoked(createTokenVerifier(createRemoteJWKSet(new URL(jwksUrl))), list),
      adLookup: httpAdLookup(inventoryUrl),
      mail: { identity: httpIdentityClient(identity), publicUrl: settings.publicUrl },
      requireVerified: settings.verificationRequired.includes('message'),
    });
    // Identity alone records closures in the shared database; this process erases their messages (decision 034).
    runJobs(app, [createJob(messagingClosureRelayJob(db, app.log), app.log)]);
  });
  return { app, revocations: revocations! };
}
