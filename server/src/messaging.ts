import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteJWKSet } from 'jose';
import { MESSAGING_BASE } from '@bilmarknaden/shared/api-paths';
import { createTokenVerifier } from '@bilmarknaden/shared/auth/token';
import { httpIdentityClient } from '@bilmarknaden/service-kit/identity-client';
import { messagingApp } from '@bilmarknaden/messaging/app';
import { httpAdLookup } from '@bilmarknaden/messaging/ad-lookup';
import { messagingMigrations } from '@bilmarknaden/messaging/migrations';
import { loadSettings, SettingsError } from './settings.ts';
import { buildStandalone } from './standalone.ts';
import { closeOnSignals, exitOnBootError } from './lifecycle.ts';
import { startMessagingClosureRelay } from './account-closure-relay.ts';

// `npm run start:messaging`: the messaging service alone (default port 3003). It verifies tokens with the public
// key identity publishes (IDENTITY_JWKS_URL), reads ads through inventory's public API (INVENTORY_URL) and asks
// identity to mail users through its internal route (IDENTITY_URL with INTERNAL_API_KEY).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
try {
  const settings = loadSettings(process.env, { port: 3003, repoRoot });
  const missing = [
    !settings.identityJwksUrl &&
      'IDENTITY_JWKS_URL is required, e.g. http://127.0.0.1:3001/api/identity/.well-known/jwks.json',
    !settings.inventoryUrl && 'INVENTORY_URL is required, e.g. http://127.0.0.1:3002',
    !settings.identityUrl && 'IDENTITY_URL is required (mail goes through identity), e.g. http://127.0.0.1:3001',
    !settings.internalApiKey && 'INTERNAL_API_KEY is required: the key identity shares with the other processes',
  ].filter((problem): problem is string => typeof problem === 'string');
  if (missing.length > 0) throw new SettingsError(missing);
  const verifyToken = createTokenVerifier(createRemoteJWKSet(new URL(settings.identityJwksUrl!)));
  const app = await buildStandalone(settings, messagingMigrations, async (app, db) => {
    await app.register(messagingApp, {
      prefix: MESSAGING_BASE,
      db,
      verifyToken,
      adLookup: httpAdLookup(settings.inventoryUrl!),
      mail: {
        identity: httpIdentityClient({ baseUrl: settings.identityUrl!, internalKey: settings.internalApiKey! }),
        publicUrl: settings.publicUrl,
      },
    });
    // Identity alone records closures in the shared database; this process erases their messages.
    startMessagingClosureRelay(app, db);
  });
  closeOnSignals(app);
  await app.listen({ port: settings.port, host: settings.host });
} catch (err) {
  exitOnBootError(err);
}
