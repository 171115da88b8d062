import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

declare global {
  /** The URL of the running bundle, set by its banner (scripts/esbuild-server.mjs); undefined from source. */
  var __bilmarknadenBundleUrl: string | undefined;
}

/**
 * A worker's script emitted by the server build next to its bundle (`file`, e.g. `photo-worker.js`), when this code
 * runs from the bundle; null when it runs from source (tsx, vitest), where the caller starts its TypeScript instead.
 * `what` names the worker in the error when the build left the script out.
 */
export function scriptNextToBundle(file: string, what: string): string | null {
  const bundleUrl = globalThis.__bilmarknadenBundleUrl;
  if (!bundleUrl) return null;
  const script = fileURLToPath(new URL(`./${file}`, bundleUrl));
  if (!existsSync(script)) throw new Error(`${what} not found next to the bundle: ${script}`);
  return script;
}
