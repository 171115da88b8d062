import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSettings } from './settings.ts';
import { closeOnSignals, exitOnBootError } from './lifecycle.ts';
import { buildMessagingProcess } from './messaging-process.ts';

// `npm run start:messaging`: the messaging service alone (default port 3003). It needs IDENTITY_URL and
// INTERNAL_API_KEY (identity's public key, token revocations and mail) and INVENTORY_URL (the ads).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
try {
  const settings = loadSettings(process.env, { port: 3003, repoRoot });
  const { app } = await buildMessagingProcess(settings);
  closeOnSignals(app);
  await app.listen({ port: settings.port, host: settings.host });
} catch (err) {
  exitOnBootError(err);
}
