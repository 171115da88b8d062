import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecureApp, createAd, registerUser, type SecureApp, type TestUser } from './security/security-helpers.ts';

// The seller box (issue 42): how many ads a seller has for sale and sold (inventory), and how soon they answer
// (messaging), both public, in the default process.

let t: SecureApp;
beforeAll(async () => {
  t = await buildSecureApp();
}, 180_000);
afterAll(() => t?.close());

const summary = (username: string) =>
  t.app.inject({ url: `/api/inventory/sellers/summary?username=${encodeURIComponent(username)}` });
const replyTime = async (username: string) =>
  (await t.app.inject({ url: `/api/messaging/sellers/reply-time?username=${encodeURIComponent(username)}` })).json();

let buyers = 0;
/**
 * A conversation about `carId` started `daysAgo` days ago by a new buyer, answered by the seller `replyMinutes`
 * after it started (null: never answered).
 */
async function conversation(seller: TestUser, carId: number, daysAgo: number, replyMinutes: number | null) {
  const buyer = await registerUser(t.app, `köpare${++buyers}`);
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/messaging/conversations',
    headers: buyer.headers,
    payload: { carId, text: 'Hej! Finns bilen kvar?' },
  });
  expect(started.statusCode).toBe(201);
  const id = started.json().conversationId as number;
  await t.db.query(`UPDATE messaging.conversations SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [
    id,
    daysAgo,
  ]);
  if (replyMinutes === null) return;
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/messaging/conversations/${id}/messages`,
    headers: seller.headers,
    payload: { text: 'Ja, den finns kvar.' },
  });
  expect(answer.statusCode).toBe(201);
  await t.db.query(
    `UPDATE messaging.messages m SET sent_at = c.created_at + make_interval(mins => $2)
       FROM messaging.conversations c WHERE c.id = m.conversation_id AND c.id = $1 AND m.sender = $3`,
    [id, replyMinutes, seller.username],
  );
}

describe('the seller box', () => {
  it('counts the ads for sale and sold; an unknown seller has none', async () => {
    const seller = await registerUser(t.app, 'räknaren');
    await createAd(t.app, seller);
    await createAd(t.app, seller);
    const sold = await createAd(t.app, seller);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/inventory/cars/${sold}/sold`, headers: seller.headers }))
        .statusCode,
    ).toBe(200);
    expect((await summary(seller.username.toUpperCase())).json()).toEqual({ forSale: 2, sold: 1 });
    expect((await summary('finnsinte')).json()).toEqual({ forSale: 0, sold: 0 });
    const blank = await summary(' ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ field: 'username', message: 'Ange ett användarnamn' });
  });

  it('tells the median first reply of 90 days from three conversations on, and not when most go unanswered', async () => {
    const seller = await registerUser(t.app, 'svararen');
    const carId = await createAd(t.app, seller);
    await conversation(seller, carId, 10, 30);
    await conversation(seller, carId, 20, 120);
    expect(await replyTime(seller.username)).toEqual({ medianMinutes: null });
    // Older than 90 days, and unanswered but younger than a day: neither counts.
    await conversation(seller, carId, 100, 1);
    expect(await replyTime(seller.username)).toEqual({ medianMinutes: null });

    await conversation(seller, carId, 30, 300);
    expect(await replyTime(seller.username)).toEqual({ medianMinutes: 120 });
    await conversation(seller, carId, 0, null);
    expect(await replyTime(seller.username)).toEqual({ medianMinutes: 120 });
    // Unanswered for days: never answered.
    await conversation(seller, carId, 2, null);
    await conversation(seller, carId, 3, null);
    expect(await replyTime(seller.username)).toEqual({ medianMinutes: 300 });
    // Half unanswered: the median is still an answer; more than half: none.
    await conversation(seller, carId, 4, null);
    expect(await replyTime(seller.username)).toEqual({ medianMinutes: 300 });
    await conversation(seller, carId, 5, null);
    expect(await replyTime(seller.username)).toEqual({ medianMinutes: null });
  });
});
