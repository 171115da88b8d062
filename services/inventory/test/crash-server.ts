// A stand-alone inventory for the crash test: PGlite in <dir>/db, photos in <dir>/files. Started as
//   node --import tsx crash-server.ts <dir>   (env INVENTORY_TEST_JWK: the public key; PUT_DELAY_MS: slow writes)
// With --cleanup it runs removeIncompleteAds first and prints its result. Prints `READY <port>` when listening.
import path from 'node:path';
import Fastify from 'fastify';
import { importJWK, type JWK } from 'jose';
import { openDatabase } from '@bilmarknaden/db/database';
import { runMigrations } from '@bilmarknaden/db/migrations';
import { createTokenVerifier, TOKEN_ALGORITHM } from '@bilmarknaden/shared/auth/token';
import { INVENTORY_BASE } from '@bilmarknaden/shared/api-paths';
import { inventoryApp } from '../src/app.ts';
import { inventoryMigrations } from '../src/migrations.ts';
import { removeIncompleteAds } from '../src/services/startup-cleanup.ts';
import { LocalFileStorage } from '../src/storage/local-storage.ts';
import type { FileStorage } from '../src/storage/file-storage.ts';

const dir = process.argv[2]!;
const cleanup = process.argv.includes('--cleanup');
const putDelay = Number(process.env.PUT_DELAY_MS ?? 0);

const db = await openDatabase({ dataDir: path.join(dir, 'db') });
await runMigrations(db, [inventoryMigrations]);
const local = new LocalFileStorage(path.join(dir, 'files'));
// Slow writes widen the window in which a kill lands between an ad's row and its last photo.
const storage: FileStorage = {
  put: async (key, data, type) => {
    // Photo n lands n × delay after the first: a kill between them leaves a pending ad with some files.
    const n = Number(/-(\d)(-card)?\.jpeg$/.exec(key)?.[1] ?? 1);
    await new Promise((r) => setTimeout(r, putDelay * n));
    return local.put(key, data, type);
  },
  get: (key) => local.get(key),
  delete: (keys) => local.delete(keys),
  list: () => local.list(),
  removeTemporaryFiles: () => local.removeTemporaryFiles(),
};
if (cleanup) console.log(`CLEANUP ${JSON.stringify(await removeIncompleteAds(db, storage))}`);

const key = await importJWK(JSON.parse(process.env.INVENTORY_TEST_JWK!) as JWK, TOKEN_ALGORITHM);
const app = Fastify({ logger: false });
await app.register(inventoryApp, {
  prefix: INVENTORY_BASE,
  db,
  storage,
  verifyToken: createTokenVerifier(key),
  docs: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .then(() => process.exit(0));
});
