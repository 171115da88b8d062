// The process the benchmark measures: the default all-in-one server (buildApp, as server/src/main.ts starts
// it) plus the ceiling route, which is only added here. Bundled like the production server and run with node;
// photos go to the photo workers as in production (PHOTO_WORKERS, passed through by server-process.ts).
import path from 'node:path';
import { buildApp } from '@bilmarknaden/server/app';
import { closeOnSignals, exitOnBootError } from '@bilmarknaden/server/lifecycle';
import { loadSettings } from '@bilmarknaden/server/settings';
import { registerCeilingRoute } from './ceiling-route.ts';

try {
  const settings = loadSettings(process.env, { port: 3000, repoRoot: path.resolve(process.cwd()) });
  const { app, db } = await buildApp(settings);
  if (process.env.BENCH_CEILING_ROUTE === 'true') registerCeilingRoute(app, db);
  closeOnSignals(app);
  await app.listen({ port: settings.port, host: settings.host });
} catch (err) {
  exitOnBootError(err);
}
