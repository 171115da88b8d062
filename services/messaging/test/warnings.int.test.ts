import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingPaths as paths } from '@bilmarknaden/shared/api-paths';
import { liveRepository } from '../src/repositories/live-repository.ts';
import { FLAGGED_PAGE } from '../src/services/report-decision-service.ts';
import { buildTestApp, caller, startConversation, type Caller, type TestApp } from './messaging-helpers.ts';

// Warnings in conversations (issue #42): a message with a phone number, an address, a link or words of the usual
// scams is sent as any other; its recipient sees a warning, the sender is not told, and the moderators list it with
// the rules it tripped. The rules themselves: packages/shared/src/validation/message-warnings.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ limits: { conversations: 1000, messages: 1000, reports: 10 } });
}, 180_000);
afterAll(() => t?.close());

interface Shown {
  id: number;
  text: string;
  fromMe: boolean;
  warning: boolean;
}
interface Flagged {
  id: number;
  conversationId: number;
  carId: number;
  carTitle: string;
  sender: string;
  recipient: string | null;
  text: string;
  flags: string[];
}

const messagesOf = async (who: Caller, id: number) => {
  const res = await who.get(paths.conversation(id));
  expect(res.statusCode).toBe(200);
  return (res.json() as { messages: Shown[] }).messages;
};
const flaggedPage = async (who: Caller, cursor?: string) => {
  const res = await who.get(`${paths.flaggedMessages}${cursor === undefined ? '' : `?cursor=${cursor}`}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { messages: Flagged[]; nextCursor: string | null };
};

describe('a message that trips a warning rule', () => {
  it('is delivered; the recipient sees the warning, the sender does not; other messages carry none', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'köpare');
    const carId = t.addAd(seller.username, { title: 'Audi A4 Avant' });
    const id = await startConversation(buyer, carId, 'Hej! Finns bilen kvar?');
    const sent = await seller.send(id, 'Ja! Betala förskott via Western Union, ring 070-123 45 67');
    expect(sent.statusCode).toBe(201);
    // The sender's own answer says nothing of it.
    expect(sent.json()).toMatchObject({ fromMe: true, warning: false });

    expect((await messagesOf(buyer, id)).map((m) => [m.text, m.warning])).toEqual([
      ['Hej! Finns bilen kvar?', false],
      ['Ja! Betala förskott via Western Union, ring 070-123 45 67', true],
    ]);
    expect((await messagesOf(seller, id)).map((m) => m.warning)).toEqual([false, false]);

    // The inbox's last message and live delivery say the same to each side.
    const inbox = (await buyer.get(paths.conversations)).json() as { conversations: { lastMessage: Shown }[] };
    expect(inbox.conversations[0]!.lastMessage.warning).toBe(true);
    const messageId = (sent.json() as Shown).id;
    const live = liveRepository(t.db);
    expect((await live.messageEvent(messageId, buyer.username))!.message.warning).toBe(true);
    expect((await live.messageEvent(messageId, seller.username))!.message.warning).toBe(false);
    expect((await live.missedMessageEvents(buyer.username, 0, 10)).map((e) => e.message.warning)).toEqual([
      false,
      true,
    ]);

    // A buyer who starts with a warned message warns the seller.
    const other = await caller(t, 'köpare');
    const second = await startConversation(other, carId, 'Maila mig på köpare@example.se');
    expect((await messagesOf(seller, second)).map((m) => m.warning)).toEqual([true]);
  });
});

describe("'Flaggade meddelanden' for moderators", () => {
  it('lists the flagged messages newest first with their rules, parties and ad; not the others', async () => {
    const seller = await caller(t, 'bedragare');
    const buyer = await caller(t, 'köpare');
    const moderator = await caller(t, 'moderator', 2);
    const carId = t.addAd(seller.username, { title: 'Volvo XC60' });
    const id = await startConversation(buyer, carId, 'Är den besiktigad?');
    await seller.send(id, 'Ja, till maj 2027. Priset är 185 000 kr.');
    await seller.send(id, 'Kolla fler bilder på www.bilfynd.se');
    await seller.send(id, 'Mitt ombud kör ut den, frakten betalar du i förskott');

    const page = await flaggedPage(moderator);
    const mine = page.messages.filter((m) => m.conversationId === id);
    expect(mine).toEqual([
      {
        id: expect.any(Number),
        conversationId: id,
        carId,
        carTitle: 'Volvo XC60',
        sender: seller.username,
        recipient: buyer.username,
        text: 'Mitt ombud kör ut den, frakten betalar du i förskott',
        sentAt: expect.any(String),
        flags: ['scam:förskott', 'scam:frakt', 'scam:ombud'],
      },
      expect.objectContaining({ text: 'Kolla fler bilder på www.bilfynd.se', flags: ['link'] }),
    ]);
    const ids = page.messages.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('pages by cursor without repeats, and refuses a bad cursor in Swedish', async () => {
    const seller = await caller(t, 'säljare');
    const moderator = await caller(t, 'moderator', 2);
    const carId = t.addAd(seller.username);
    for (let i = 0; i <= FLAGGED_PAGE; i++) {
      const buyer = await caller(t, 'köpare');
      await startConversation(buyer, carId, `Ring mig på 070-555 00 ${String(i).padStart(2, '0')}`);
    }
    const first = await flaggedPage(moderator);
    expect(first.messages).toHaveLength(FLAGGED_PAGE);
    expect(first.nextCursor).toBe(String(first.messages.at(-1)!.id));
    const second = await flaggedPage(moderator, first.nextCursor!);
    expect(second.messages.length).toBeGreaterThan(0);
    expect(Math.max(...second.messages.map((m) => m.id))).toBeLessThan(Math.min(...first.messages.map((m) => m.id)));

    const bad = await moderator.get(`${paths.flaggedMessages}?cursor=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Ogiltig sidmarkör', field: 'cursor' });
  });

  it('is for moderators and administrators only', async () => {
    const user = await caller(t, 'vanlig');
    expect((await user.get(paths.flaggedMessages)).statusCode).toBe(403);
    const admin = await caller(t, 'admin', 3);
    expect((await admin.get(paths.flaggedMessages)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/messaging${paths.flaggedMessages}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
