import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSettings } from './settings.ts';
import { buildApp } from './app.ts';
import { closeOnSignals, exitOnBootError } from './lifecycle.ts';

/** Where a browser on this machine reaches the server: a wildcard host becomes localhost. */
function browsableUrl(host: string, address: AddressInfo | string | null): string {
  const port = typeof address === 'object' && address ? address.port : 0;
  const name = ['0.0.0.0', '::', ''].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

try {
  const settings = loadSettings(process.env, { port: 3000, repoRoot });
  const { app } = await buildApp(settings);
  closeOnSignals(app);
  await app.listen({ port: settings.port, host: settings.host });
  // One line for a person on stderr; stdout keeps only the JSON log lines for machines.
  process.stderr.write(`Bilmarknaden körs på ${browsableUrl(settings.host, app.server.address())}\n`);
} catch (err) {
  exitOnBootError(err);
}
