import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSettings } from './settings.ts';
import { buildApp } from './app.ts';
import { closeOnSignals, exitOnBootError } from './lifecycle.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

try {
  const settings = loadSettings(process.env, { port: 3000, repoRoot });
  const { app } = await buildApp(settings);
  closeOnSignals(app);
  await app.listen({ port: settings.port, host: settings.host });
} catch (err) {
  exitOnBootError(err);
}
