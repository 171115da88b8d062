import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';
import { api, buildIdentity, newUser, type TestIdentity } from './helpers.ts';

// Distinctive values, so a hit can only be a leak.
const secret = newUser({
  email: 'hemlig.person@privat-post.se',
  phone: '0739876543',
  street: 'Hemligvägen',
  zipcode: '98765',
  password: 'Superhemligt-Lösen-42',
});
const SECRETS = [
  secret.email,
  secret.phone,
  secret.street,
  secret.zipcode,
  secret.password,
  '$argon2',
  'password_hash',
];

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let t: TestIdentity;
beforeAll(async () => {
  t = await buildIdentity({}, { logger: { level: 'trace', stream: logStream } });
});
afterAll(() => t.close());

/** Everything a client can read of an answer: headers, body and, for tokens, the decoded JWT. */
function readable(res: LightMyRequestResponse): string {
  const parts = [JSON.stringify(res.headers), res.body];
  if (/^text\/plain/.test(String(res.headers['content-type'])) && res.body.split('.').length === 3) {
    parts.push(JSON.stringify(decodeProtectedHeader(res.body)), JSON.stringify(decodeJwt(res.body)));
  }
  return parts.join('\n');
}

function expectNoSecrets(text: string, allowed: readonly string[] = []) {
  for (const s of SECRETS) if (!allowed.includes(s)) expect(text.toLowerCase()).not.toContain(s.toLowerCase());
}

describe('no answer carries email, phone, address, zipcode or password material (but GET /user its own email)', () => {
  it('register, login, current user, refresh, public profile, keys and every error', async () => {
    const answers: LightMyRequestResponse[] = [];
    const call = async (opts: InjectOptions) => {
      const res = await t.app.inject(opts);
      answers.push(res);
      return res;
    };
    const registered = await call({ method: 'POST', url: api('/user'), payload: secret });
    expect(registered.statusCode).toBe(200);
    const token = registered.body;
    const auth = { authorization: `Bearer ${token}` };

    const statuses = [
      (await call({ method: 'POST', url: api('/user'), payload: secret })).statusCode,
      (await call({ method: 'POST', url: api('/user'), payload: { ...secret, phone: '1' } })).statusCode,
      (
        await call({
          method: 'POST',
          url: api('/user/login'),
          payload: { email: secret.email, password: secret.password },
        })
      ).statusCode,
      (
        await call({
          method: 'POST',
          url: api('/user/login'),
          payload: { email: secret.email, password: 'fel-lösenord' },
        })
      ).statusCode,
      (await call({ method: 'POST', url: api('/user/login'), payload: { email: 'x@y.se', password: secret.password } }))
        .statusCode,
      (await call({ method: 'POST', url: api('/user/login'), payload: { email: secret.email, password: 'x' } }))
        .statusCode,
      (await call({ method: 'GET', url: api('/user/refresh'), headers: auth })).statusCode,
      (await call({ method: 'GET', url: api(`/user/username?username=${secret.username}`) })).statusCode,
      (await call({ method: 'GET', url: api('/.well-known/jwks.json') })).statusCode,
      (await call({ method: 'GET', url: api('/docs/json') })).statusCode,
      (await call({ method: 'GET', url: api('/user'), headers: { authorization: 'Bearer x.y.z' } })).statusCode,
    ];
    expect(statuses).toEqual([409, 400, 200, 401, 404, 400, 200, 200, 200, 200, 401]);
    for (const res of answers) expectNoSecrets(readable(res));
    // The user's own GET /user adds their email, for the feedback form (decision 044), and nothing else private.
    const own = await t.app.inject({ method: 'GET', url: api('/user'), headers: auth });
    expect(own.statusCode).toBe(200);
    expect((own.json() as { email: string }).email).toBe(secret.email);
    expectNoSecrets(readable(own), [secret.email]);
  });

  it('the logs carry neither the password nor the token', async () => {
    const user = newUser({ password: 'Logg-Hemlighet-77' });
    const token = (await t.app.inject({ method: 'POST', url: api('/user'), payload: user })).body;
    await t.app.inject({
      method: 'POST',
      url: api('/user/login'),
      payload: { email: user.email, password: 'fel-lösen-77' },
    });
    await t.app.inject({ method: 'GET', url: api('/user'), headers: { authorization: `Bearer ${token}` } });
    const logs = logLines.join('');
    expect(logs).toContain('incoming request'); // the request log is on
    for (const s of ['Logg-Hemlighet-77', 'fel-lösen-77', token, secret.password]) expect(logs).not.toContain(s);
  });
});

describe('5xx answers hide internals', () => {
  it('a database failure answers 500 with a Swedish message and is logged', async () => {
    const broken: Database = {
      ...t.db,
      query: async () => {
        throw new Error('connection to 10.0.0.5 refused: SELECT password_hash FROM identity.users');
      },
    };
    const b = await buildIdentity(
      { db: broken },
      { logger: { level: 'info', stream: logStream } },
      { db: broken, dispose: async () => undefined },
    );
    try {
      const before = logLines.length;
      const res = await b.app.inject({ method: 'GET', url: api('/user/username?username=anna') });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Något gick fel. Försök igen senare.' });
      expect(res.body).not.toContain('10.0.0.5');
      const logged = logLines.slice(before).join('');
      expect(logged).toContain('identity request failed');
      expect(logged).toContain('/user/username');
    } finally {
      await b.close();
    }
  });
});
