import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { messagingPaths } from '@bilmarknaden/shared/api-paths';
import { httpAdLookup } from '@bilmarknaden/messaging/ad-lookup';
import { eraseAccount } from '@bilmarknaden/messaging/repositories/closed-accounts-repository';
import { createMailSweep, MAIL_AFTER_MS } from '@bilmarknaden/messaging/jobs/mail-sweep';
import { httpIdentityClient } from '@bilmarknaden/service-kit/identity-client';
import { inventoryAdLookup } from '../src/ad-lookup.ts';
import {
  buildSecureApp,
  createAd,
  mailTo,
  registerUser,
  type SecureApp,
  type TestUser,
} from './security/security-helpers.ts';

// Messaging in the default process (issue #25): real users and ads, the ad read through inventory's own code, and
// a closed account's messages erased by the closure relay, and the mail about an unread message through identity.

const INTERNAL_API_KEY = 'nyckel-for-interna-anrop-0123456789abcdef';
const PUBLIC_URL = 'https://bilmarknaden.exempel';

let t: SecureApp;
beforeAll(async () => {
  t = await buildSecureApp({ INTERNAL_API_KEY, PUBLIC_URL });
}, 180_000);
afterAll(() => t?.close());

const api = (path: string) => `/api/messaging${path}`;
const call = (user: TestUser, method: InjectOptions['method'], path: string, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: user.headers, ...(payload ? { payload } : {}) });

/** The process's address, listening from the first call (as a service running alone reaches it). */
let listening: Promise<string> | undefined;
const address = () => (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));

async function ask(buyer: TestUser, carId: number, text = 'Hej! Är bilen kvar?'): Promise<number> {
  const res = await call(buyer, 'POST', messagingPaths.conversations, { carId, text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().conversationId as number;
}

describe('messaging in the default process', () => {
  it("keeps the ad's title and photo from inventory, and the conversation when the ad is deleted", async () => {
    const seller = await registerUser(t.app, 'säljare');
    const buyer = await registerUser(t.app, 'köpare');
    const carId = await createAd(t.app, seller, 1, { title: 'Volvo V90 Momentum' });
    const id = await ask(buyer, carId);
    const page = await call(seller, 'GET', messagingPaths.conversation(id));
    expect(page.json().car).toEqual({
      id: carId,
      title: 'Volvo V90 Momentum',
      photo: `/files/${carId}-1-card.jpeg`,
      state: 'active',
    });
    expect(page.json().otherParty).toEqual({ username: buyer.username });
    // The seller's own ad: refused.
    const own = await call(seller, 'POST', messagingPaths.conversations, { carId, text: 'Hej' });
    expect(own.statusCode).toBe(400);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/inventory/cars/${carId}`,
      headers: seller.headers,
    });
    expect(removed.statusCode).toBe(204);
    const after = await call(buyer, 'GET', messagingPaths.conversation(id));
    expect(after.json().car).toEqual({
      id: carId,
      title: 'Volvo V90 Momentum',
      photo: `/files/${carId}-1-card.jpeg`,
      state: 'removed',
    });
    const inbox = (await call(buyer, 'GET', messagingPaths.conversations)).json();
    expect(inbox.conversations.map((c: { car: object }) => c.car)).toEqual([after.json().car]);
    expect((await call(seller, 'POST', messagingPaths.messages(id), { text: 'Den är såld nu' })).statusCode).toBe(201);
    // A new buyer cannot ask about the removed ad.
    const late = await registerUser(t.app, 'sen');
    expect((await call(late, 'POST', messagingPaths.conversations, { carId, text: 'Hej' })).statusCode).toBe(404);
  }, 90_000);

  it('marks a sold ad sold in the conversation and the inbox; nobody new asks about it, the buyer goes on', async () => {
    const seller = await registerUser(t.app, 'såld');
    const buyer = await registerUser(t.app, 'spekulant');
    const carId = await createAd(t.app, seller, 1, { title: 'Saab 9-5 Aero' });
    const id = await ask(buyer, carId);
    const sold = await t.app.inject({
      method: 'PUT',
      url: `/api/inventory/cars/${carId}/sold`,
      headers: seller.headers,
    });
    expect(sold.statusCode, sold.body).toBeLessThan(300);
    expect((await call(buyer, 'GET', messagingPaths.conversation(id))).json().car.state).toBe('sold');
    const inbox = (await call(seller, 'GET', messagingPaths.conversations)).json();
    expect(inbox.conversations.find((c: { id: number }) => c.id === id).car.state).toBe('sold');
    expect(await httpAdLookup(await address())(carId)).toMatchObject({ state: 'sold' });
    const late = await registerUser(t.app, 'för-sen');
    const refused = await call(late, 'POST', messagingPaths.conversations, { carId, text: 'Hej' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Bilen är såld. Du kan inte starta en ny konversation om den.',
      field: 'carId',
    });
    expect((await call(buyer, 'POST', messagingPaths.conversations, { carId, text: 'Grattis!' })).statusCode).toBe(201);
  }, 90_000);

  it("counts the conversations about each of the seller's own ads, for 'Mina annonser' (issue 43)", async () => {
    const seller = await registerUser(t.app, 'räknare');
    const [first, second] = [await registerUser(t.app, 'fråga1'), await registerUser(t.app, 'fråga2')];
    const asked = await createAd(t.app, seller, 1);
    await createAd(t.app, seller, 1);
    await ask(first, asked);
    await ask(second, asked);
    await ask(first, asked, 'En fråga till');
    const counts = await call(seller, 'GET', messagingPaths.adConversationCounts);
    expect(counts.json()).toEqual([{ carId: asked, conversations: 2 }]);
    // A buyer's own ads have none; the buyer's conversations are not theirs to count.
    expect((await call(first, 'GET', messagingPaths.adConversationCounts)).json()).toEqual([]);
    expect((await t.app.inject({ url: api(messagingPaths.adConversationCounts) })).statusCode).toBe(401);
  });

  it("erases a closed account's messages; its conversations show no name, and erasing again is harmless", async () => {
    const seller = await registerUser(t.app, 'stannar');
    const leaver = await registerUser(t.app, 'lämnar');
    const quiet = await registerUser(t.app, 'tyst');
    const leaversAd = await createAd(t.app, leaver, 1);
    const sellersAd = await createAd(t.app, seller, 1);
    const both = await ask(leaver, sellersAd, 'Mitt telefonnummer är 070-1234567');
    expect((await call(seller, 'POST', messagingPaths.messages(both), { text: 'Jag ringer dig' })).statusCode).toBe(
      201,
    );
    // Only the leaver wrote here: the conversation goes with them.
    const onlyLeaver = await ask(leaver, await createAd(t.app, quiet, 1), 'Hej tyst');
    // Someone asked about the leaver's ad.
    const aboutLeaversAd = await ask(seller, leaversAd, 'Finns den kvar?');

    const closed = await t.app.inject({
      method: 'DELETE',
      url: '/api/identity/user',
      headers: leaver.headers,
      payload: { password: leaver.password },
    });
    expect(closed.statusCode).toBe(204);
    await expect
      .poll(
        async () => (await t.db.query('SELECT 1 FROM messaging.messages WHERE sender = $1', [leaver.username])).rows,
      )
      .toEqual([]);

    const page = (await call(seller, 'GET', messagingPaths.conversation(both))).json();
    expect(page.otherParty).toEqual({ username: null });
    expect(page.messages.map((m: { text: string; fromMe: boolean }) => [m.text, m.fromMe])).toEqual([
      ['Jag ringer dig', true],
    ]);
    const inbox = (await call(seller, 'GET', messagingPaths.conversations)).json();
    expect(inbox.conversations.map((c: { id: number }) => c.id).sort()).toEqual([both, aboutLeaversAd].sort());
    for (const c of inbox.conversations) expect(c.otherParty).toEqual({ username: null });
    expect((await call(quiet, 'GET', messagingPaths.conversation(onlyLeaver))).statusCode).toBe(404);
    expect((await call(quiet, 'GET', messagingPaths.unreadCount)).json()).toEqual({ unread: 0 });
    // No one to write to; the leaver's token cannot write either.
    const toNobody = await call(seller, 'POST', messagingPaths.messages(both), { text: 'Hallå?' });
    expect(toNobody.statusCode).toBe(403);
    const ghost = await call(leaver, 'POST', messagingPaths.conversations, { carId: sellersAd, text: 'Jag igen' });
    expect(ghost.statusCode).toBe(401);
    // Identity revoked the account's tokens at the closure: reads are refused too.
    expect((await call(leaver, 'GET', messagingPaths.conversations)).statusCode).toBe(401);

    const twice = await eraseAccount(t.db, leaver.username);
    expect(twice).toEqual({ erasedMessages: 0 });
    expect((await call(seller, 'GET', messagingPaths.conversation(both))).json().messages).toHaveLength(1);
  });

  it('mails the recipient of an unread message through identity, into the mail folder', async () => {
    const seller = await registerUser(t.app, 'mejlas');
    const buyer = await registerUser(t.app, 'frågar');
    const carId = await createAd(t.app, seller, 1, { title: 'Audi A6 Avant' });
    const id = await ask(buyer, carId);
    // As messaging alone asks: identity's internal route over HTTP.
    const sweep = createMailSweep({
      db: t.db,
      identity: httpIdentityClient({ baseUrl: await address(), internalKey: INTERNAL_API_KEY }),
      publicUrl: PUBLIC_URL,
      log: { error() {} },
    });
    // The earlier cases' unread messages are mailed about in the same pass.
    expect(await sweep.runOnce(new Date(Date.now() + MAIL_AFTER_MS + 5_000))).toBeGreaterThan(0);
    const mail = await mailTo(t.settings, seller.email, 20_000);
    expect(mail.subject).toBe('Nytt meddelande om Audi A6 Avant');
    expect(mail.text).toContain(`${PUBLIC_URL}/messages/${id}`);
    // Once per conversation until read.
    expect(await sweep.runOnce(new Date(Date.now() + 3 * MAIL_AFTER_MS))).toBe(0);
  });

  it("reads an ad alone through inventory's public API as it does in process", async () => {
    const seller = await registerUser(t.app, 'api');
    const carId = await createAd(t.app, seller, 1, { title: 'Kia Ceed SW' });
    const overHttp = httpAdLookup(await address());
    const inProcess = inventoryAdLookup(t.db);
    expect(await overHttp(carId)).toEqual({
      seller: seller.username,
      title: 'Kia Ceed SW',
      photo: `/files/${carId}-1-card.jpeg`,
      state: 'active',
      // A köpekontrakt's prefill (issue 41).
      sale: {
        registrationNumber: expect.stringMatching(/^[A-Z]{3}\d{2}\w$/),
        make: expect.any(String),
        model: expect.any(String),
        year: expect.any(Number),
        price: expect.any(Number),
        milage: expect.any(Number),
      },
    });
    expect(await overHttp(carId)).toEqual(await inProcess(carId));
    expect(await overHttp(987_654_321)).toBeNull();
    expect(await inProcess(987_654_321)).toBeNull();
  }, 90_000);
});
