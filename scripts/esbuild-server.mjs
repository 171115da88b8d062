// How server entry points are bundled, shared by scripts/build-server.mjs (server/dist) and the bench
// (bench/src/server-process.ts → bench/dist). Workspace code (TypeScript) is bundled; npm packages stay
// external. Inside workspace files, import.meta.url keeps pointing at the source file, so services find their
// migrations folders from the bundle too. Every bundle emits the photo worker (photo-worker.js) next to it.
import { build } from 'esbuild';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const photoWorkerEntry = path.join(repoRoot, 'services/inventory/src/images/photo-worker.ts');

/** The worker thread that holds the server's PGlite (decision 061), emitted as pglite-thread-worker.js. */
export const pgliteThreadEntry = path.join(repoRoot, 'packages/db/src/pglite-thread-worker.ts');

export const keepSourceUrl = {
  name: 'keep-source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      const dir = JSON.stringify(path.dirname(args.path));
      return {
        contents: source.replaceAll('import.meta.url', url).replaceAll('import.meta.dirname', dir),
        loader: 'ts',
      };
    });
  },
};

export const externalPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@bilmarknaden/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * `require` for the external CommonJS packages, and the bundle's own URL (the banner is not rewritten by
 * keepSourceUrl): the photo worker pool finds photo-worker.js next to it.
 */
const banner =
  "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url); " +
  'globalThis.__bilmarknadenBundleUrl = import.meta.url;';

export const serverBuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [keepSourceUrl, externalPackages],
  banner: { js: banner },
};

/**
 * Bundles `entryPoints` ({ outputName: sourcePath }) into `outdir`, with the PGlite thread as
 * `outdir/pglite-thread-worker.js` and the photo worker as `outdir/photo-worker.js`. The photo worker is built on
 * its own with code splitting: it lowers its CPU priority and then imports the image pipeline dynamically, and only
 * a separate chunk keeps sharp from being loaded (hoisted to the top of the file) before that.
 */
export async function buildServerBundles({ entryPoints, outdir }) {
  // Chunks of earlier builds (their names change with their content).
  const old = await readdir(outdir).catch(() => []);
  await Promise.all(
    old.filter((f) => /^photo-worker-.*\.js(\.map)?$/.test(f)).map((f) => rm(path.join(outdir, f), { force: true })),
  );
  await Promise.all([
    build({
      ...serverBuildOptions,
      entryPoints: { ...entryPoints, 'pglite-thread-worker': pgliteThreadEntry },
      outdir,
    }),
    build({
      ...serverBuildOptions,
      entryPoints: { 'photo-worker': photoWorkerEntry },
      outdir,
      splitting: true,
      chunkNames: 'photo-worker-[name]-[hash]',
    }),
  ]);
}
