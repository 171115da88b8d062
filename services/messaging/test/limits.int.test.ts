import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingPaths as paths } from '@bilmarknaden/shared/api-paths';
import { DEFAULT_HOURLY_LIMITS } from '../src/services/conversation-service.ts';
import { buildTestApp, caller, startConversation, type TestApp } from './messaging-helpers.ts';

// Issue #25's limits against spam, counted in the database (so replicas agree): 20 new conversations, 200 messages
// and 10 reports per user an hour, refused with a Swedish message and Retry-After.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 180_000);
afterAll(() => t?.close());

describe('hourly limits', () => {
  it('are 20 conversations, 200 messages and 10 reports', () => {
    expect(DEFAULT_HOURLY_LIMITS).toEqual({ conversations: 20, messages: 200, reports: 10 });
  });

  it('refuses the 21st new conversation within an hour, but still lets the user write in the ones they have', async () => {
    const buyer = await caller(t, 'ivrig');
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const seller = await caller(t, 'säljare');
      ids.push(await startConversation(buyer, t.addAd(seller.username)));
    }
    // The oldest began 40 minutes ago: one is free again in 20 minutes.
    await t.db.query(`UPDATE messaging.conversations SET created_at = now() - interval '40 minutes' WHERE id = $1`, [
      ids[0],
    ]);
    const seller = await caller(t, 'säljare');
    const res = await buyer.start(t.addAd(seller.username));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Du har startat för många konversationer. Försök igen om 20 minuter.' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(19 * 60);
    expect(retryAfter).toBeLessThanOrEqual(20 * 60);
    expect((await buyer.send(ids[1]!, 'Fortfarande intresserad')).statusCode).toBe(201);

    // An hour after the oldest, one more may begin.
    await t.db.query(`UPDATE messaging.conversations SET created_at = now() - interval '61 minutes' WHERE id = $1`, [
      ids[0],
    ]);
    expect((await buyer.start(t.addAd(seller.username))).statusCode).toBe(201);
  });

  it('refuses the 201st message within an hour, in every conversation', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'spammare');
    const id = await startConversation(buyer, t.addAd(seller.username));
    const other = await startConversation(buyer, t.addAd(seller.username));
    // 197 more, the oldest 30 minutes ago: 199 in the hour.
    await t.db.query(
      `INSERT INTO messaging.messages (conversation_id, sender, text, sent_at)
       SELECT $1, $2, 'Köp!', now() - interval '30 minutes' + n * interval '1 second' FROM generate_series(1, 197) AS n`,
      [id, buyer.username],
    );
    expect((await buyer.send(id, 'Nummer 200')).statusCode).toBe(201);
    for (const res of [await buyer.send(id, 'För mycket'), await buyer.send(other, 'För mycket')]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        message: expect.stringMatching(/^Du har skickat för många meddelanden\. Försök igen om (30|31) minuter\.$/),
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(28 * 60);
    }
    // Asking about an ad counts as a message too.
    const continued = await buyer.start((await buyer.get(paths.conversation(id))).json().car.id, 'Igen');
    expect(continued.statusCode).toBe(429);
    // The seller's own count is untouched.
    expect((await seller.send(id, 'Sluta')).statusCode).toBe(201);
  });

  it('refuses the 11th report within an hour', async () => {
    const reporter = await caller(t, 'anmälare');
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) {
      const seller = await caller(t, 'säljare');
      ids.push(await startConversation(reporter, t.addAd(seller.username)));
    }
    for (const id of ids.slice(0, 10)) {
      expect((await reporter.post(paths.report(id), { reason: 'Annat' })).statusCode).toBe(201);
    }
    const res = await reporter.post(paths.report(ids[10]!), { reason: 'Annat' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Du har gjort för många anmälningar. Försök igen om 60 minuter.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
