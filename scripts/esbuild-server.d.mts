// Types of esbuild-server.mjs for the TypeScript that imports it (the bench).
import type { BuildOptions, Plugin } from 'esbuild';

export const repoRoot: string;
export const photoWorkerEntry: string;
export const keepSourceUrl: Plugin;
export const externalPackages: Plugin;
export const serverBuildOptions: BuildOptions;
export function buildServerBundles(opts: {
  entryPoints: string[] | Record<string, string>;
  outdir: string;
}): Promise<void>;
