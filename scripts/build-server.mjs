// Bundles the server entry points with esbuild. Workspace code (TypeScript) is bundled; npm packages
// stay external. Inside workspace files, import.meta.url keeps pointing at the source file, so
// services find their migrations folders from the bundle too.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const keepSourceUrl = {
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

const externalPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@bilmarknaden/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: ['server/src/main.ts', 'server/src/identity.ts', 'server/src/inventory.ts'].map((p) =>
    path.join(root, p),
  ),
  outdir: path.join(root, 'server/dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [keepSourceUrl, externalPackages],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
console.log('server built: server/dist');
