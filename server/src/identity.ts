import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IDENTITY_BASE } from '@bilmarknaden/shared/api-paths';
import { identityApp } from '@bilmarknaden/identity/app';
import { loadIdentityKeys } from '@bilmarknaden/identity/keys';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { identityOptions } from './identity-options.ts';
import { loadSettings } from './settings.ts';
import { buildStandalone } from './standalone.ts';
import { demoteDemoStaff } from './seed/demo-staff.ts';
import { closeOnSignals, exitOnBootError } from './lifecycle.ts';

// `npm run start:identity`: the identity service alone (default port 3001).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
try {
  const settings = loadSettings(process.env, { port: 3001, repoRoot });
  const keys = await loadIdentityKeys({
    privateKeyPem: settings.jwtPrivateKey,
    dataDir: settings.dataDir,
    production: settings.production,
  });
  const app = await buildStandalone(settings, identityMigrations, async (app, db) => {
    if (settings.production) await demoteDemoStaff(db, app.log);
    await app.register(identityApp, { prefix: IDENTITY_BASE, ...identityOptions(settings, db, keys, app.log) });
  });
  closeOnSignals(app);
  await app.listen({ port: settings.port, host: settings.host });
} catch (err) {
  exitOnBootError(err);
}
