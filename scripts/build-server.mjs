// Bundles the server entry points (and the photo worker) to server/dist with esbuild; see esbuild-server.mjs.
import path from 'node:path';
import { buildServerBundles, repoRoot } from './esbuild-server.mjs';

await buildServerBundles({
  entryPoints: [
    'server/src/main.ts',
    'server/src/identity.ts',
    'server/src/inventory.ts',
    'server/src/messaging.ts',
  ].map((p) => path.join(repoRoot, p)),
  outdir: path.join(repoRoot, 'server/dist'),
});
console.log('server built: server/dist');
