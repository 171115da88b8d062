import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingPaths as paths } from '@bilmarknaden/shared/api-paths';
import type { IdentityClient, NotificationRequest } from '@bilmarknaden/service-kit/identity-client';
import { createMailSweep, MAIL_AFTER_MS } from '../src/jobs/mail-sweep.ts';
import { buildTestApp, caller, startConversation, type Caller, type TestApp } from './messaging-helpers.ts';

// The mail about unread messages (issue #25): within two minutes, never when read first, at most one per
// conversation until read. The sweep is driven with the times passed in; identity's side is a recorder here (the
// default process's test sends real mail).

let t: TestApp;
const asked: NotificationRequest[] = [];
let failNext = false;
const identity: IdentityClient = {
  async notify(request) {
    if (failNext) {
      failNext = false;
      throw new Error('identity is down');
    }
    asked.push(request);
  },
};
const sweep = () => createMailSweep({ db: t.db, identity, publicUrl: 'https://bilmarknaden.se', log: { error() {} } });
/** A sweep pass `ms` after now (the messages were sent at the database's now). */
const passAfter = (ms: number) => sweep().runOnce(new Date(Date.now() + ms));
const to = (user: Caller) => asked.filter((r) => r.username === user.username);

beforeAll(async () => {
  t = await buildTestApp();
}, 180_000);
afterAll(() => t?.close());

describe('the mail about unread messages', () => {
  it('mails the recipient once a message waited a minute unread, once per conversation until read', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'köpare');
    const carId = t.addAd(seller.username, { title: 'Volvo XC60 D4' });
    const id = await startConversation(buyer, carId, 'Är bilen kvar?');

    await passAfter(MAIL_AFTER_MS - 5_000);
    expect(to(seller)).toEqual([]);

    await passAfter(MAIL_AFTER_MS + 5_000);
    const first = (await seller.get(paths.conversation(id))).json().messages[0].id as number;
    expect(to(seller)).toEqual([
      {
        key: `message-${id}-${first}`,
        username: seller.username,
        kind: 'messages',
        subject: 'Nytt meddelande om Volvo XC60 D4',
        text: expect.stringContaining(`https://bilmarknaden.se/messages/${id}`),
      },
    ]);
    expect(to(buyer)).toEqual([]);

    // More messages, more passes: no second mail while unread.
    await buyer.send(id, 'Hallå?');
    await passAfter(3 * MAIL_AFTER_MS);
    expect(to(seller)).toHaveLength(1);

    // Read, then a new message: one more mail, about that message.
    const last = (await seller.get(paths.conversation(id))).json().messages.at(-1).id as number;
    expect((await seller.put(paths.read(id), { upTo: last })).statusCode).toBe(204);
    await passAfter(3 * MAIL_AFTER_MS);
    expect(to(seller)).toHaveLength(1);
    const next = (await buyer.send(id, 'Svara gärna')).json().id as number;
    await passAfter(MAIL_AFTER_MS + 5_000);
    expect(to(seller).map((r) => r.key)).toEqual([`message-${id}-${first}`, `message-${id}-${next}`]);
  });

  it('sends none when the message is read first, nor to the sender', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'köpare');
    const id = await startConversation(buyer, t.addAd(seller.username));
    const message = (await seller.get(paths.conversation(id))).json().messages[0].id as number;
    expect((await seller.put(paths.read(id), { upTo: message })).statusCode).toBe(204);
    // The seller's answer is read by its sender.
    await seller.send(id, 'Ja');
    const answer = (await buyer.get(paths.conversation(id))).json().messages.at(-1).id as number;
    expect((await buyer.put(paths.read(id), { upTo: answer })).statusCode).toBe(204);
    await passAfter(5 * MAIL_AFTER_MS);
    expect(to(seller)).toEqual([]);
    expect(to(buyer)).toEqual([]);
  });

  it('sends none to someone who blocked the sender, about messages sent before the block (issue 46)', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'påflugen');
    const id = await startConversation(buyer, t.addAd(seller.username));
    expect((await seller.put(paths.block(id))).statusCode).toBe(204);
    await passAfter(5 * MAIL_AFTER_MS);
    expect(to(seller)).toEqual([]);
  });

  it('asks again in a later pass when identity could not take the request', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'köpare');
    const id = await startConversation(buyer, t.addAd(seller.username));
    failNext = true;
    await passAfter(MAIL_AFTER_MS + 5_000);
    expect(to(seller)).toEqual([]);
    // The failed claim holds the row for a while (another replica's sweep might be on it), then it is due again.
    await passAfter(MAIL_AFTER_MS + 10_000);
    expect(to(seller)).toEqual([]);
    await passAfter(MAIL_AFTER_MS + 5 * 60_000);
    expect(to(seller).map((r) => r.key)).toEqual([expect.stringMatching(new RegExp(`^message-${id}-\\d+$`))]);
  });

  it('lets two sweeps at once mail each conversation once', async () => {
    const seller = await caller(t, 'säljare');
    const buyers = await Promise.all([1, 2, 3, 4].map(() => caller(t, 'köpare')));
    for (const b of buyers) await startConversation(b, t.addAd(seller.username));
    const at = new Date(Date.now() + MAIL_AFTER_MS + 5_000);
    await Promise.all([sweep().runOnce(at), sweep().runOnce(at)]);
    expect(new Set(to(seller).map((r) => r.key)).size).toBe(4);
    expect(to(seller)).toHaveLength(4);
  });
});
