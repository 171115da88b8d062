import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { IDENTITY_BASE } from '@bilmarknaden/shared/api-paths';
import { identityApp } from '../src/app.ts';
import { loadIdentityKeys } from '../src/keys.ts';
import { fastHasher, openTestDatabase } from './helpers.ts';

const database = await openTestDatabase();
const host = Fastify({ logger: false });
host.post('/echo', async (request) => request.body);
host.get('/boom', async () => {
  throw new Error('host failure');
});
await host.register(identityApp, {
  prefix: IDENTITY_BASE,
  db: database.db,
  keys: await loadIdentityKeys({}),
  passwordHasher: fastHasher,
});
afterAll(async () => {
  await host.close();
  await database.dispose();
});

it('the small body limit, JSON parser and error handler stay inside the identity plugin', async () => {
  const big = { text: 'x'.repeat(20_000) };
  const echo = await host.inject({ method: 'POST', url: '/echo', payload: big });
  expect(echo.statusCode).toBe(200);
  expect(echo.json()).toEqual(big);
  const boom = await host.inject({ method: 'GET', url: '/boom' });
  expect(boom.statusCode).toBe(500);
  expect(boom.json().message).toBe('host failure'); // the host's own handler, not ours
  const outside = await host.inject({ method: 'GET', url: '/elsewhere' });
  expect(outside.json().message).not.toBe('Sidan finns inte');
  const inside = await host.inject({ method: 'GET', url: `${IDENTITY_BASE}/elsewhere` });
  expect(inside.json()).toEqual({ message: 'Sidan finns inte' });
});
