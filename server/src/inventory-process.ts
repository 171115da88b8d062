import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet } from 'jose';
import { FILES_BASE, IDENTITY_BASE, identityPaths, INVENTORY_BASE } from '@bilmarknaden/shared/api-paths';
import { createTokenVerifier } from '@bilmarknaden/shared/auth/token';
import { httpIdentityClient } from '@bilmarknaden/service-kit/identity-client';
import { createJob, runJobs } from '@bilmarknaden/service-kit/jobs/job-runner';
import { refuseRevoked, type TokenRevocationList } from '@bilmarknaden/service-kit/token-revocations';
import { inventoryApp } from '@bilmarknaden/inventory/app';
import { httpDealerDirectory } from './dealer-directory.ts';
import { createVehicleRegister } from '@bilmarknaden/inventory/register/create-register';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { createFileStorage } from '@bilmarknaden/inventory/storage/create-storage';
import { filesRoutes } from '@bilmarknaden/inventory/files/files-routes';
import type { Settings } from './settings.ts';
import { identityAccess, revocationsFromIdentity } from './identity-access.ts';
import { buildStandalone } from './standalone.ts';
import { cleanUpAtStart, photoWorkers } from './app.ts';
import { blockRelayJob } from './jobs/block-relay.ts';
import { closureRelayJob } from './jobs/closure-relay.ts';
import { leftoverCleanupJob } from './jobs/leftover-cleanup.ts';
import { reportDecisionRelayJob } from './jobs/report-decision-relay.ts';
import { contractSaleRelayJob } from './jobs/contract-sale-relay.ts';
import { httpUserLookup } from './user-lookup.ts';

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
    const list = await revocationsFromIdentity(app, settings);
    revocations = list;
    const verifyToken = refuseRevoked(createTokenVerifier(createRemoteJWKSet(new URL(jwksUrl))), list);
    await cleanUpAtStart(app, db, storage);
    const processImage = photoWorkers(app, settings);
    const mail = { identity: httpIdentityClient(identity), publicUrl: settings.publicUrl };
    const userLookup = httpUserLookup(identity);
    await app.register(inventoryApp, {
      prefix: INVENTORY_BASE,
      db,
      storage,
      verifyToken,
      processImage,
      mail,
      userLookup,
      vehicleRegister: createVehicleRegister(db, {
        provider: settings.vehicleRegister,
        url: settings.vehicleRegisterUrl,
      }),
      requireVerified: settings.verificationRequired.includes('publish'),
      dealers: httpDealerDirectory(identity),
    });
    runJobs(app, [
      createJob(leftoverCleanupJob(db, storage, app.log), app.log),
      // Identity alone records closures in the shared database; this process erases their ads (decision 026).
      createJob(closureRelayJob(db, storage, app.log), app.log),
      // …and carries its blocks to the seller's ads (decision 041).
      createJob(blockRelayJob(db, app.log, mail), app.log),
      // …and records messaging's decisions of reported conversations in the audit log (decision 046).
      createJob(reportDecisionRelayJob(db, app.log), app.log),
      // …and marks the ads of köpekontrakt signed by both sold (decision 055).
      createJob(contractSaleRelayJob(db, app.log), app.log),
    ]);
    await app.register(filesRoutes, { prefix: FILES_BASE, db, storage });
  });
  return { app, revocations: revocations! };
}
