// The process the benchmark measures: the default all-in-one server (buildApp, as server/src/main.ts starts
// it) plus the ceiling route, which is only added here. Bundled like the production server and run with node.
import path from 'node:path';
import { buildApp } from '@bilmarknaden/server/app';
import { closeOnSignals, exitOnBootError } from '@bilmarknaden/server/lifecycle';
import { loadSettings } from '@bilmarknaden/server/settings';
import { setImageConcurrency } from '@bilmarknaden/inventory/images/image-pipeline';
import { registerCeilingRoute } from './ceiling-route.ts';

try {
  const settings = loadSettings(process.env, { port: 3000, repoRoot: path.resolve(process.cwd()) });
  // An experiment knob only (default: the server's own setting): photos processed at once.
  if (process.env.BENCH_IMAGE_CONCURRENCY) setImageConcurrency(Number(process.env.BENCH_IMAGE_CONCURRENCY));
  const { app, db } = await buildApp(settings);
  if (process.env.BENCH_CEILING_ROUTE === 'true') registerCeilingRoute(app, db);
  closeOnSignals(app);
  await app.listen({ port: settings.port, host: settings.host });
} catch (err) {
  exitOnBootError(err);
}
