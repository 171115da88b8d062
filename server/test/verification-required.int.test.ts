import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VERIFICATION_REQUIRED_MESSAGES } from '@bilmarknaden/shared/verification';
import { buildSecureApp, createAd, registerUser, type SecureApp, type TestUser } from './security/security-helpers.ts';

// VERIFICATION_REQUIRED=publish,message (issue 42): the default process refuses new ads and new conversations of a
// user not verified with BankID, and takes them once the user has verified with the local verifier.

let t: SecureApp;
beforeAll(async () => {
  t = await buildSecureApp({ VERIFICATION_REQUIRED: 'publish,message' });
}, 180_000);
afterAll(() => t?.close());

/** Verifies `user` with the default (local) verifier, as the profile page does; answers the user with the new token. */
async function verify(user: TestUser, personalNumber: string): Promise<TestUser> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/identity/user/verification',
    headers: user.headers,
    payload: { personalNumber },
  });
  expect(started.statusCode).toBe(200);
  const url = `/api/identity/user/verification/${started.json().orderRef}`;
  // The local verifier signs a few seconds after the start, as a person with the app would.
  const done = await vi.waitFor(
    async () => {
      const state = (await t.app.inject({ url, headers: user.headers })).json();
      if (state.status === 'pending') throw new Error('still pending');
      return state;
    },
    { timeout: 20_000, interval: 500 },
  );
  expect(done.status).toBe('complete');
  return { ...user, token: done.token, headers: { authorization: `Bearer ${done.token}` } };
}

describe('VERIFICATION_REQUIRED', () => {
  it('refuses an unverified seller and buyer in Swedish, and lets them in once verified', async () => {
    const seller = await registerUser(t.app, 'osäker');
    await expect(createAd(t.app, seller)).rejects.toThrow(
      `create ad: 403 ${JSON.stringify({ message: VERIFICATION_REQUIRED_MESSAGES.publish })}`,
    );
    const { rows } = await t.db.query('SELECT 1 FROM inventory.cars WHERE username = $1', [seller.username]);
    expect(rows).toHaveLength(0);

    const verifiedSeller = await verify(seller, '19850312-9804');
    const carId = await createAd(t.app, verifiedSeller);

    const buyer = await registerUser(t.app, 'köparen');
    const ask = (who: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: '/api/messaging/conversations',
        headers: who.headers,
        payload: { carId, text: 'Hej! Finns bilen kvar?' },
      });
    const refused = await ask(buyer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(VERIFICATION_REQUIRED_MESSAGES.message);
    expect((await ask(await verify(buyer, '19791123-9817'))).statusCode).toBe(201);
  }, 60_000);
});
