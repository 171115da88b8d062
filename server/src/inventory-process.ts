import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet } from 'jose';
import { FILES_BASE, IDENTITY_BASE, identityPaths, INVENTORY_BASE } from '@bilmarknaden/shared/api-paths';
import { createTokenVerifier } from '@bilmarknaden/shared/auth/token';
import {
  createTokenRevocationList,
  httpTokenRevocationSource,
  refuseRevoked,
  type TokenRevocationList,
} from '@bilmarknaden/service-kit/token-revocations';
import { inventoryApp } from '@bilmarknaden/inventory/app';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { createFileStorage } from '@bilmarknaden/inventory/storage/create-storage';
import { filesRoutes } from '@bilmarknaden/inventory/files/files-routes';
import { SettingsError, type Settings } from './settings.ts';
import { buildStandalone } from './standalone.ts';
import { cleanUpAtStart, photoWorkers } from './app.ts';
import { startClosureRelay } from './account-closure-relay.ts';

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
 * The inventory service alone (`npm run start:inventory`): it verifies tokens with the public key identity
 * publishes (IDENTITY_JWKS_URL, by default from IDENTITY_URL) and refuses revoked ones from a list it reads from
 * identity every 15 s (decision 033).
 */
export async function buildInventoryProcess(
  settings: Settings,
): Promise<{ app: FastifyInstance; revocations: TokenRevocationList }> {
  const identity = identityAccess(settings);
  const jwksUrl = settings.identityJwksUrl ?? `${identity.baseUrl}${IDENTITY_BASE}${identityPaths.jwks}`;
  const storage = createFileStorage({ dataDir: settings.dataDir, s3: settings.s3 });
  let revocations: TokenRevocationList | undefined;
  const app = await buildStandalone(settings, inventoryMigrations, async (app, db) => {
    const list = createTokenRevocationList({
      source: httpTokenRevocationSource(identity),
      lifetimeSeconds: settings.tokenTtlSeconds,
      log: app.log,
    });
    revocations = list;
    app.addHook('onClose', () => list.close());
    await list.start();
    const verifyToken = refuseRevoked(createTokenVerifier(createRemoteJWKSet(new URL(jwksUrl))), list);
    await cleanUpAtStart(app, db, storage);
    const processImage = photoWorkers(app, settings);
    await app.register(inventoryApp, { prefix: INVENTORY_BASE, db, storage, verifyToken, processImage });
    // Identity alone records closures in the shared database; this process erases their ads (decision 026).
    startClosureRelay(app, db, storage);
    await app.register(filesRoutes, { prefix: FILES_BASE, db, storage });
  });
  return { app, revocations: revocations! };
}
