// Bundles the server entry points (and the photo worker) to server/dist with esbuild; see esbuild-server.mjs.
import path from 'node:path';
import { buildServerBundles, repoRoot } from './esbuild-server.mjs';

await buildServerBundles({
  entryPoints: Object.fromEntries(
    ['main', 'identity', 'inventory', 'messaging'].map((name) => [name, path.join(repoRoot, `server/src/${name}.ts`)]),
  ),
  outdir: path.join(repoRoot, 'server/dist'),
});
console.log('server built: server/dist');
