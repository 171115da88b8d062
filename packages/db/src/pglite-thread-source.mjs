// The PGlite worker thread run from source (tests, tsx): TypeScript through tsx, which a worker thread does not
// inherit from its parent's --import. The server's bundle runs pglite-thread-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread-worker.ts');
