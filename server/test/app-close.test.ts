// Shutting down while an ad is being posted: the default process closes its database only after the
// inventory's writes in flight have ended, so a post whose client has gone still completes (or is undone)
// instead of failing half-way on a closed database. Found by the soak: "PGlite is closed" at shutdown.
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '@bilmarknaden/db/database';
import { buildApp } from '../src/app.ts';
import { migratedDataDir, testSettings } from './helpers.ts';
import { adFields, multipart, photo, registerUser } from './security/security-helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

it('closing the app waits for a post in flight before closing the database, and the ad is whole', async () => {
  // The app owns its database here (PGlite in DATA_DIR), as in production; photos in the worker processes.
  const settings = testSettings({ DATA_DIR: migratedDataDir() });
  const { app } = await buildApp(settings);
  await app.ready();
  const user = await registerUser(app, 'sista');
  const form = multipart(adFields(), [{ data: await photo('jpeg') }, { data: await photo('png') }]);
  // inject holds no socket: like a client that hung up, nothing in the HTTP server waits for this request.
  const posting = app.inject({
    method: 'POST',
    url: '/api/inventory/001/1001',
    payload: form.payload,
    headers: { ...form.headers, ...user.headers },
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  await app.close();
  const res = await posting;
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;

  const db = await openDatabase({ dataDir: `${settings.dataDir}/db` });
  cleanups.push(() => db.close());
  const row = await db.query<{ status: string; image_count: number }>(
    'SELECT status, image_count FROM inventory.cars WHERE id = $1',
    [id],
  );
  expect(row.rows).toEqual([{ status: 'active', image_count: 2 }]);
});
