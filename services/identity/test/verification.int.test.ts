import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { VERIFICATION_MESSAGES, VERIFICATIONS_PER_HOUR } from '../src/services/verification-service.ts';
import type { IdentityVerifier } from '../src/verification/identity-verifier.ts';
import { ORDER_TTL_MS } from '../src/verification/identity-verifier.ts';
import { localIdentityVerifier, TEST_PERSONS } from '../src/verification/local-verifier.ts';
import { api, buildIdentity, newUser, type TestIdentity } from './helpers.ts';

const ANNA = '198503129804'; // a named test person of the local verifier
const OTHER = '199001019828';

// One clock for the service and its local verifier: tests move it instead of waiting.
let clock = new Date();
const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));
let providerDown = false;
const local = localIdentityVerifier({ now: () => clock, signAfterMs: 3_000 });
const verifier: IdentityVerifier = {
  start: (r) => (providerDown ? Promise.reject(new Error('connect ECONNREFUSED')) : local.start(r)),
  collect: (ref) => (providerDown ? Promise.reject(new Error('connect ECONNREFUSED')) : local.collect(ref)),
  cancel: (ref) => local.cancel(ref),
};

const logLines: string[] = [];
let t: TestIdentity;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await buildIdentity({ now: () => clock, identityVerifier: verifier }, { logger: { level: 'trace', stream } });
});
afterAll(() => t.close());

async function registered() {
  const user = newUser();
  const res = await t.app.inject({ method: 'POST', url: api('/user'), payload: user });
  expect(res.statusCode).toBe(200);
  return { username: user.username, token: res.body };
}

const call = (method: 'GET' | 'POST' | 'DELETE', path: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url: api(path),
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const start = (token: string, personalNumber: string) => call('POST', '/user/verification', token, { personalNumber });
const poll = (token: string, orderRef: string) => call('GET', `/user/verification/${orderRef}`, token);

async function verified(token: string, personalNumber: string) {
  const started = await start(token, personalNumber);
  expect(started.statusCode).toBe(200);
  tick(3_000);
  return (await poll(token, started.json().orderRef)).json();
}

describe('Verifiera med BankID', () => {
  it('starts, is pending with an animated QR code, completes with the name and a token that carries it', async () => {
    const anna = await registered();
    const started = await start(anna.token, '19850312-9804');
    expect(started.statusCode).toBe(200);
    const { orderRef, autoStartToken } = started.json();
    expect(orderRef).toMatch(/^[0-9a-f-]{36}$/);
    expect(autoStartToken).toMatch(/^[0-9a-f-]{36}$/);

    const first = (await poll(anna.token, orderRef)).json();
    expect(first).toMatchObject({ status: 'pending', hint: 'outstanding' });
    expect(first.qr).toMatch(/^bankid\.[0-9a-f-]{36}\.0\.[0-9a-f]{64}$/);
    tick(1_000);
    const second = (await poll(anna.token, orderRef)).json();
    expect(second).toMatchObject({ status: 'pending', hint: 'started' });
    expect(second.qr).toMatch(/^bankid\.[0-9a-f-]{36}\.1\.[0-9a-f]{64}$/);
    expect(second.qr.split('.')[1]).toBe(first.qr.split('.')[1]);
    expect(second.qr.split('.')[3]).not.toBe(first.qr.split('.')[3]);

    tick(2_000);
    const done = (await poll(anna.token, orderRef)).json();
    expect(done).toMatchObject({ status: 'complete', name: TEST_PERSONS[ANNA] });
    expect(decodeJwt(done.token)).toMatchObject({ sub: anna.username, verified: true });
    expect(decodeJwt(anna.token).verified).toBeUndefined();

    const me = (await call('GET', '/user', done.token)).json();
    expect(me.verified).toEqual({ name: 'Anna Svensson', at: clock.toISOString() });
    const profile = await t.app.inject({ url: api(`/user/username?username=${anna.username}`) });
    expect(profile.json()).toMatchObject({ username: anna.username, verified: true });
    // A login and a refresh later carry it too.
    expect(decodeJwt((await call('GET', '/user/refresh', done.token)).body).verified).toBe(true);

    // The order is used up; a verified account cannot start again.
    expect((await poll(done.token, orderRef)).statusCode).toBe(404);
    const again = await start(done.token, ANNA);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(VERIFICATION_MESSAGES.alreadyVerified);
  });

  it('stores, answers and logs the personnummer only as a keyed hash', async () => {
    const user = await registered();
    const done = await verified(user.token, '19900101-9828');
    expect(done.status).toBe('complete');
    const { rows } = await t.db.query<Record<string, unknown>>(
      `SELECT u.*, (SELECT json_agg(o) FROM identity.verification_orders o) AS orders
         FROM identity.users u WHERE username = $1`,
      [user.username],
    );
    const stored = JSON.stringify(rows);
    for (const form of [OTHER, '900101-9828', '9001019828', '19900101-9828']) {
      expect(stored).not.toContain(form);
      expect(logLines.join('')).not.toContain(form);
      expect(JSON.stringify(done)).not.toContain(form);
    }
    expect(rows[0]!.person_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a bad or missing personnummer in Swedish and starts nothing', async () => {
    const user = await registered();
    for (const [personalNumber, message] of [
      ['19900101-9829', 'Ange ett giltigt personnummer, ÅÅÅÅMMDD-NNNN'],
      ['', 'Ange ditt personnummer'],
    ] as const) {
      const res = await start(user.token, personalNumber);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ field: 'personalNumber', message });
    }
    const none = await call('POST', '/user/verification', user.token, {});
    expect(none.json()).toEqual({ field: 'personalNumber', message: 'Ange ditt personnummer' });
    const { rows } = await t.db.query(
      'SELECT 1 FROM identity.verification_orders o JOIN identity.users u ON u.id = o.user_id WHERE u.username = $1',
      [user.username],
    );
    expect(rows).toHaveLength(0);
  });

  it("is cancelled with 'Avbryt', and then gone", async () => {
    const user = await registered();
    const { orderRef } = (await start(user.token, OTHER)).json();
    expect((await call('DELETE', `/user/verification/${orderRef}`, user.token)).statusCode).toBe(204);
    const gone = await poll(user.token, orderRef);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(VERIFICATION_MESSAGES.unknownOrder);
    tick(3_000);
    expect((await call('GET', '/user', user.token)).json().verified).toBeUndefined();
  });

  it('expires when the person never signs', async () => {
    const slow = localIdentityVerifier({ now: () => clock, signAfterMs: ORDER_TTL_MS * 2 });
    const app = await buildIdentity({ now: () => clock, identityVerifier: slow });
    try {
      const reg = await app.app.inject({ method: 'POST', url: api('/user'), payload: newUser() });
      const token = reg.body;
      const headers = { authorization: `Bearer ${token}` };
      const s = await app.app.inject({
        method: 'POST',
        url: api('/user/verification'),
        headers,
        payload: { personalNumber: OTHER },
      });
      tick(ORDER_TTL_MS);
      const res = await app.app.inject({ url: api(`/user/verification/${s.json().orderRef}`), headers });
      expect(res.json()).toEqual({ status: 'failed', reason: 'expired', message: VERIFICATION_MESSAGES.expired });
      expect((await app.app.inject({ url: api(`/user/verification/${s.json().orderRef}`), headers })).statusCode).toBe(
        404,
      );
    } finally {
      await app.close();
    }
  });

  it("another user's order is unknown to them: neither polled nor cancelled", async () => {
    const owner = await registered();
    const other = await registered();
    const { orderRef } = (await start(owner.token, OTHER)).json();
    expect((await poll(other.token, orderRef)).statusCode).toBe(404);
    expect((await call('DELETE', `/user/verification/${orderRef}`, other.token)).statusCode).toBe(404);
    tick(3_000);
    expect((await poll(owner.token, orderRef)).json().status).toBe('complete');
  });

  it("refuses a blocked person's number for a new account", async () => {
    const first = await registered();
    expect((await verified(first.token, '197911239817')).status).toBe('complete');
    await t.db.query('UPDATE identity.users SET blocked_at = now() WHERE username = $1', [first.username]);

    const second = await registered();
    const done = await verified(second.token, '197911239817');
    expect(done).toEqual({ status: 'failed', reason: 'refused', message: VERIFICATION_MESSAGES.blockedPerson });
    expect((await call('GET', '/user', second.token)).json().verified).toBeUndefined();
  });

  it('answers 503 in Swedish when BankID does not answer, and 401 without a login', async () => {
    const user = await registered();
    providerDown = true;
    try {
      const res = await start(user.token, OTHER);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(VERIFICATION_MESSAGES.unavailable);
    } finally {
      providerDown = false;
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: api('/user/verification'),
      payload: { personalNumber: OTHER },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it(`limits starts to ${VERIFICATIONS_PER_HOUR} an hour per user`, async () => {
    const user = await registered();
    for (let i = 0; i < VERIFICATIONS_PER_HOUR; i++) expect((await start(user.token, OTHER)).statusCode).toBe(200);
    const res = await start(user.token, OTHER);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(VERIFICATION_MESSAGES.tooMany);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
