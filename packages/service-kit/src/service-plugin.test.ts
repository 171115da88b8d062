import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, bearerAuth } from './bearer-auth.ts';
import { DOMAIN_ERROR_STATUS, DomainError, type DomainErrorKind } from './domain-error.ts';
import { SERVICE_MESSAGES, serviceKit } from './service-plugin.ts';

let app: FastifyInstance;
const auth = bearerAuth(async (token) => (token === 'good' ? { username: 'anna' } : null));

beforeAll(async () => {
  app = Fastify();
  await app.register(
    async (service) => {
      await service.register(serviceKit, { name: 'test', jsonBodyLimit: 64 });
      service.get<{ Params: { kind: DomainErrorKind } }>('/refuse/:kind', async (request) => {
        throw new DomainError(request.params.kind, 'Nej', { field: 'f', retryAfterSeconds: 7 });
      });
      service.get('/fail', async () => {
        throw new Error('secret internals');
      });
      service.post(
        '/echo',
        { schema: { body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } } },
        async (request) => request.body,
      );
      service.get('/me', { preHandler: auth.required }, async (request) => auth.user(request));
    },
    { prefix: '/api/test' },
  );
  // Outside the service: none of its answers apply.
  app.get('/outside', async () => {
    throw new Error('boom');
  });
});
afterAll(() => app.close());

const send = (method: 'GET' | 'POST', url: string, payload?: string, headers: Record<string, string> = {}) =>
  app.inject({ method, url: `/api/test${url}`, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('serviceKit', () => {
  it("answers each DomainError kind with its status, {message, field} and the kind's headers", async () => {
    for (const [kind, status] of Object.entries(DOMAIN_ERROR_STATUS)) {
      const res = await send('GET', `/refuse/${kind}`);
      expect(res.statusCode, kind).toBe(status);
      expect(res.json()).toEqual({ message: 'Nej', field: 'f' });
      expect(res.headers['retry-after']).toBe('7');
      expect(res.headers['www-authenticate']).toBe(kind === 'unauthorized' ? 'Bearer' : undefined);
    }
  });

  it('hides a 5xx behind the Swedish message', async () => {
    const res = await send('GET', '/fail');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: SERVICE_MESSAGES.internal });
  });

  it('answers schema validation with 400 and the field, bad JSON and poisoned keys with 400', async () => {
    expect((await send('POST', '/echo', '{}')).json()).toEqual({ message: SERVICE_MESSAGES.badRequest, field: 'n' });
    expect((await send('POST', '/echo', '{"n":')).json()).toEqual({ message: SERVICE_MESSAGES.badJson });
    for (const poisoned of ['{"n":1,"__proto__":{"x":1}}', '{"n":1,"constructor":{"prototype":{"x":1}}}']) {
      const res = await send('POST', '/echo', poisoned);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: SERVICE_MESSAGES.badJson });
    }
    const big = await send('POST', '/echo', JSON.stringify({ n: 1, pad: 'x'.repeat(100) }));
    expect([big.statusCode, big.json()]).toEqual([413, { message: SERVICE_MESSAGES.tooLarge }]);
  });

  it('refuses a NUL in the body or the query with its field', async () => {
    expect((await send('POST', '/echo', '{"n":1,"t":"a\\u0000"}')).json()).toEqual({
      message: SERVICE_MESSAGES.badRequest,
      field: 't',
    });
    expect((await send('GET', '/fail?q=%00')).json()).toEqual({ message: SERVICE_MESSAGES.badRequest, field: 'q' });
  });

  it('answers unknown paths under the service in Swedish, and stays inside it', async () => {
    expect((await send('GET', '/nothing')).json()).toEqual({ message: SERVICE_MESSAGES.notFound });
    expect((await app.inject({ method: 'GET', url: '/outside' })).json().message).toBe('boom');
  });

  it('bearerAuth: 401 without a token or with a bad one, the user with a good one', async () => {
    const none = await send('GET', '/me');
    expect([none.statusCode, none.json()]).toEqual([401, { message: AUTH_MESSAGES.missing }]);
    const bad = await send('GET', '/me', undefined, { authorization: 'Bearer bad' });
    expect([bad.statusCode, bad.json()]).toEqual([401, { message: AUTH_MESSAGES.invalid }]);
    const good = await send('GET', '/me', undefined, { authorization: 'Bearer good' });
    expect(good.json()).toEqual({ username: 'anna' });
  });
});
