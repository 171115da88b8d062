import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSettings } from './settings.ts';
import { closeOnSignals, exitOnBootError } from './lifecycle.ts';
import { buildInventoryProcess } from './inventory-process.ts';

// `npm run start:inventory`: the inventory service alone (default port 3002). It needs IDENTITY_URL and
// INTERNAL_API_KEY: it reads identity's public key and token revocations from there.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
try {
  const settings = loadSettings(process.env, { port: 3002, repoRoot });
  const { app } = await buildInventoryProcess(settings);
  closeOnSignals(app);
  await app.listen({ port: settings.port, host: settings.host });
} catch (err) {
  exitOnBootError(err);
}
