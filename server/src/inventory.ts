import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteJWKSet } from 'jose';
import { FILES_BASE, INVENTORY_BASE } from '@bilmarknaden/shared/api-paths';
import { createTokenVerifier } from '@bilmarknaden/shared/auth/token';
import { inventoryApp } from '@bilmarknaden/inventory/app';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { createFileStorage } from '@bilmarknaden/inventory/storage/create-storage';
import { filesRoutes } from '@bilmarknaden/inventory/files/files-routes';
import { loadSettings, SettingsError } from './settings.ts';
import { buildStandalone } from './standalone.ts';
import { cleanUpAtStart, photoWorkers } from './app.ts';
import { closeOnSignals, exitOnBootError } from './lifecycle.ts';
import { startClosureRelay } from './account-closure-relay.ts';

// `npm run start:inventory`: the inventory service alone (default port 3002). It verifies tokens with the
// public key identity publishes (IDENTITY_JWKS_URL) and never calls identity otherwise.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
try {
  const settings = loadSettings(process.env, { port: 3002, repoRoot });
  if (!settings.identityJwksUrl) {
    throw new SettingsError([
      'IDENTITY_JWKS_URL is required, e.g. http://127.0.0.1:3001/api/identity/.well-known/jwks.json',
    ]);
  }
  const verifyToken = createTokenVerifier(createRemoteJWKSet(new URL(settings.identityJwksUrl)));
  const storage = createFileStorage({ dataDir: settings.dataDir, s3: settings.s3 });
  const app = await buildStandalone(settings, inventoryMigrations, async (app, db) => {
    await cleanUpAtStart(app, db, storage);
    const processImage = photoWorkers(app, settings);
    await app.register(inventoryApp, { prefix: INVENTORY_BASE, db, storage, verifyToken, processImage });
    // Identity alone records closures in the shared database; this process erases their ads (decision 026).
    startClosureRelay(app, db, storage);
    await app.register(filesRoutes, { prefix: FILES_BASE, db, storage });
  });
  closeOnSignals(app);
  await app.listen({ port: settings.port, host: settings.host });
} catch (err) {
  exitOnBootError(err);
}
