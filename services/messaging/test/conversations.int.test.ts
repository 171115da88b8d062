import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingPaths as paths } from '@bilmarknaden/shared/api-paths';
import { MESSAGE_LIMITS } from '@bilmarknaden/shared/validation/message';
import { liveRepository } from '../src/repositories/live-repository.ts';
import { buildTestApp, caller, startConversation, url, type Caller, type TestApp } from './messaging-helpers.ts';

// Conversations between a buyer and a seller (issue #25): starting one, answering, the inbox, read marks and who
// may see what.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 180_000);
afterAll(() => t?.close());

interface Summary {
  id: number;
  car: { id: number; title: string; photo: string | null; state: string };
  otherParty: { username: string | null };
  iAmSeller: boolean;
  lastMessage: { id: number; text: string; fromMe: boolean };
  unread: boolean;
}

const inbox = async (who: Caller, cursor?: string) => {
  const res = await who.get(`${paths.conversations}${cursor ? `?cursor=${cursor}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { conversations: Summary[]; nextCursor: string | null };
};
const unread = async (who: Caller) => ((await who.get(paths.unreadCount)).json() as { unread: number }).unread;

describe('starting a conversation', () => {
  it('asks the seller about an ad and answers the conversation with the first message', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'köpare');
    const carId = t.addAd(seller.username, { title: 'Saab 9-3 Aero', photo: '/files/1-1-card.jpeg' });
    const res = await buyer.start(carId, '  Hej! Är bilen kvar?\nMvh  ');
    expect(res.statusCode).toBe(201);
    const answer = res.json() as { conversationId: number; message: { id: number; text: string; fromMe: boolean } };
    expect(answer.message).toMatchObject({ text: 'Hej! Är bilen kvar?\nMvh', fromMe: true });

    const page = await seller.get(paths.conversation(answer.conversationId));
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      id: answer.conversationId,
      car: { id: carId, title: 'Saab 9-3 Aero', photo: '/files/1-1-card.jpeg', state: 'active' },
      otherParty: { username: buyer.username },
      iAmSeller: true,
      blocked: { byMe: false, byOther: false },
      messages: [
        {
          id: answer.message.id,
          text: 'Hej! Är bilen kvar?\nMvh',
          sentAt: expect.any(String),
          fromMe: false,
          warning: false,
        },
      ],
      hasOlder: false,
    });

    // Asking again continues the same conversation.
    const again = await buyer.start(carId, 'Går det att provköra?');
    expect(again.statusCode).toBe(201);
    expect(again.json().conversationId).toBe(answer.conversationId);
    const seen = (await buyer.get(paths.conversation(answer.conversationId))).json() as {
      messages: { text: string; fromMe: boolean }[];
      iAmSeller: boolean;
    };
    expect(seen.iAmSeller).toBe(false);
    expect(seen.messages.map((m) => [m.text, m.fromMe])).toEqual([
      ['Hej! Är bilen kvar?\nMvh', true],
      ['Går det att provköra?', true],
    ]);
  });

  it('refuses one’s own ad, an ad that is not shown and a missing ad id, in Swedish', async () => {
    const seller = await caller(t, 'egen');
    const carId = t.addAd(seller.username);
    const own = await seller.start(carId);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: 'Du kan inte skicka meddelanden om din egen annons', field: 'carId' });

    const buyer = await caller(t, 'köpare');
    const unknown = await buyer.start(987654);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Annonsen finns inte', field: 'carId' });

    const missing = await buyer.post(paths.conversations, { text: 'Hej' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Ange vilken annons meddelandet gäller', field: 'carId' });
    const notAnId = await buyer.start('abc');
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().field).toBe('carId');
  });

  it('checks the text with the shared rule: every message in Swedish', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'köpare');
    const carId = t.addAd(seller.username);
    const cases: [unknown, string][] = [
      ['', 'Skriv ett meddelande'],
      ['   \n  ', 'Skriv ett meddelande'],
      [undefined, 'Skriv ett meddelande'],
      // Only zero-width characters would be stored and look empty (issue 46).
      ['\u200B\u200C\u200D\u2060\uFEFF', 'Skriv ett meddelande'],
      ['x'.repeat(MESSAGE_LIMITS.textMax + 1), 'Meddelandet får vara högst 2000 tecken'],
      ['Volvo \u202E09', 'Meddelandet innehåller otillåtna osynliga styrtecken'],
      ['pip\u0007', 'Meddelandet innehåller otillåtna osynliga styrtecken'],
    ];
    for (const [text, message] of cases) {
      const res = await buyer.post(paths.conversations, text === undefined ? { carId } : { carId, text });
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
      expect(res.json()).toEqual({ message, field: 'text' });
    }
    // Exactly 2000 characters (emoji count once), tabs and line breaks are fine.
    const longest = '🚗'.repeat(MESSAGE_LIMITS.textMax);
    expect((await buyer.start(carId, longest)).statusCode).toBe(201);
    const id = await startConversation(buyer, carId, 'Rad ett\n\tRad två');
    for (const [text, message] of cases) {
      const res = await buyer.post(paths.messages(id), text === undefined ? {} : { text });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, field: 'text' });
    }
  });

  it('answers 401 without a good token, before looking at the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: url(paths.conversations), payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Du måste logga in' });
    const bad = await t.app.inject({ url: url(paths.conversations), headers: { authorization: 'Bearer x.y.z' } });
    expect(bad.statusCode).toBe(401);
  });
});

describe('who may see a conversation', () => {
  it('answers 404 to a third user and to forged or unknown ids, on every route, and changes nothing', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'köpare');
    const third = await caller(t, 'tredje');
    const id = await startConversation(buyer, t.addAd(seller.username));
    const before = (await seller.get(paths.conversation(id))).body;

    const ids: (number | string)[] = [id, 987654, 0, -1, 'abc', '1e3', '99999999999', `0${id}x`];
    for (const forged of ids) {
      const who = forged === id ? third : buyer;
      const calls = [
        who.get(paths.conversation(forged)),
        who.send(forged, 'Inbrytning'),
        who.put(paths.read(forged), { upTo: 1 }),
        who.put(paths.block(forged)),
        who.del(paths.block(forged)),
        who.post(paths.report(forged), { reason: 'Annat' }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, `${String(forged)} ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Konversationen finns inte' });
      }
    }
    expect((await seller.get(paths.conversation(id))).body).toBe(before);
    expect((await inbox(third)).conversations).toEqual([]);
  });
});

describe('the inbox', () => {
  it('lists conversations newest message first, pages them, and counts unread conversations', async () => {
    const seller = await caller(t, 'säljare');
    const buyers = await Promise.all([1, 2, 3].map(() => caller(t, 'köpare')));
    const ids: number[] = [];
    for (const b of buyers)
      ids.push(await startConversation(b, t.addAd(seller.username, { title: `Bil ${b.username}` })));
    expect(await unread(seller)).toBe(3);
    // The first buyer writes again: that conversation comes first.
    const again = await buyers[0]!.send(ids[0]!, 'Hallå?');
    expect(again.statusCode).toBe(201);
    const listed = await inbox(seller);
    expect(listed.conversations.map((c) => c.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(listed.nextCursor).toBeNull();
    expect(listed.conversations[0]).toMatchObject({
      otherParty: { username: buyers[0]!.username },
      iAmSeller: true,
      lastMessage: { text: 'Hallå?', fromMe: false },
      unread: true,
      car: { title: `Bil ${buyers[0]!.username}`, state: 'active' },
    });
    const buyerView = await inbox(buyers[0]!);
    expect(buyerView.conversations).toHaveLength(1);
    expect(buyerView.conversations[0]).toMatchObject({
      iAmSeller: false,
      unread: false,
      lastMessage: { fromMe: true },
    });
    expect(await unread(buyers[0]!)).toBe(0);

    // Reading the newest conversation up to its last message.
    const last = listed.conversations[0]!.lastMessage.id;
    expect((await seller.put(paths.read(ids[0]!), { upTo: last })).statusCode).toBe(204);
    expect(await unread(seller)).toBe(2);
    // Reading part of a conversation leaves it unread; a mark never goes backwards; past the end is the end.
    const firstOfFirst = (await seller.get(paths.conversation(ids[0]!))).json().messages[0].id as number;
    expect((await seller.put(paths.read(ids[0]!), { upTo: firstOfFirst })).statusCode).toBe(204);
    expect(await unread(seller)).toBe(2);
    expect((await seller.put(paths.read(ids[1]!), { upTo: 2_000_000_000 })).statusCode).toBe(204);
    expect(await unread(seller)).toBe(1);
    const bad = await seller.put(paths.read(ids[1]!), { upTo: 0 });
    expect(bad.statusCode).toBe(400);

    // The seller answers: it is unread for the buyer, read for the seller.
    expect((await seller.send(ids[2]!, 'Ja, den finns kvar')).statusCode).toBe(201);
    expect(await unread(seller)).toBe(0);
    expect(await unread(buyers[2]!)).toBe(1);
  });

  it('pages 20 at a time with a cursor', async () => {
    const seller = await caller(t, 'handlare');
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      const buyer = await caller(t, 'köpare');
      ids.push(await startConversation(buyer, t.addAd(seller.username)));
    }
    const first = await inbox(seller);
    expect(first.conversations.map((c) => c.id)).toEqual(ids.slice(3).reverse());
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await inbox(seller, first.nextCursor!);
    expect(second.conversations.map((c) => c.id)).toEqual(ids.slice(0, 3).reverse());
    expect(second.nextCursor).toBeNull();
    const badCursor = await seller.get(`${paths.conversations}?cursor=abc`);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toEqual({ message: 'Ogiltig sidmarkör', field: 'cursor' });
  });
});

describe('a conversation page', () => {
  it('shows the newest 100 messages, older ones with before, in order', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'pratsam');
    const id = await startConversation(buyer, t.addAd(seller.username), 'Meddelande 0');
    await t.db.query(
      `INSERT INTO messaging.messages (conversation_id, sender, text)
       SELECT $1, $2, 'Meddelande ' || n FROM generate_series(1, 104) AS n`,
      [id, buyer.username],
    );
    const page = (await seller.get(paths.conversation(id))).json() as {
      messages: { id: number; text: string }[];
      hasOlder: boolean;
    };
    expect(page.messages).toHaveLength(100);
    expect(page.messages.at(-1)!.text).toBe('Meddelande 104');
    expect(page.messages[0]!.text).toBe('Meddelande 5');
    expect(page.hasOlder).toBe(true);
    const older = (await seller.get(`${paths.conversation(id)}?before=${page.messages[0]!.id}`)).json() as {
      messages: { text: string }[];
      hasOlder: boolean;
    };
    expect(older.messages.map((m) => m.text)).toEqual([0, 1, 2, 3, 4].map((n) => `Meddelande ${n}`));
    expect(older.hasOlder).toBe(false);
  });

  it('keeps the ad as it was when it is removed, marked removed', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'köpare');
    const carId = t.addAd(seller.username, { title: 'Volvo 240 GL', photo: '/files/9-1-card.jpeg' });
    const id = await startConversation(buyer, carId);
    t.ads.delete(carId);
    const page = (await buyer.get(paths.conversation(id))).json() as { car: object };
    expect(page.car).toEqual({ id: carId, title: 'Volvo 240 GL', photo: '/files/9-1-card.jpeg', state: 'removed' });
    expect((await inbox(seller)).conversations[0]!.car).toMatchObject({ title: 'Volvo 240 GL', state: 'removed' });
    // The conversation goes on.
    expect((await seller.send(id, 'Den är såld, tyvärr')).statusCode).toBe(201);
    expect((await buyer.start(carId, 'Synd!')).statusCode).toBe(201);
  });

  it('keeps both messages of two tabs sending at once, in id order', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'flikar');
    const id = await startConversation(buyer, t.addAd(seller.username));
    const sends = await Promise.all(['Flik ett', 'Flik två', 'Flik tre'].map((text) => buyer.send(id, text)));
    expect(sends.map((s) => s.statusCode)).toEqual([201, 201, 201]);
    const page = (await seller.get(paths.conversation(id))).json() as { messages: { id: number; text: string }[] };
    expect(
      page.messages
        .map((m) => m.text)
        .slice(1)
        .sort(),
    ).toEqual(['Flik ett', 'Flik tre', 'Flik två']);
    const messageIds = page.messages.map((m) => m.id);
    expect(messageIds).toEqual([...messageIds].sort((a, b) => a - b));
    const inboxed = (await inbox(seller)).conversations[0]!;
    expect(inboxed.lastMessage.id).toBe(messageIds.at(-1));
  });
});

describe('blocking', () => {
  it('stops messages both ways while either blocks, and lifting it lets them through again', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'tjatig');
    const id = await startConversation(buyer, t.addAd(seller.username));
    expect((await seller.put(paths.block(id))).statusCode).toBe(204);
    expect((await seller.put(paths.block(id))).statusCode).toBe(204);

    const fromBuyer = await buyer.send(id, 'Svara!');
    expect(fromBuyer.statusCode).toBe(403);
    expect(fromBuyer.json()).toEqual({ message: 'Du kan inte skicka meddelanden i den här konversationen' });
    const restart = await buyer.start((await seller.get(paths.conversation(id))).json().car.id, 'Hallå?');
    expect(restart.statusCode).toBe(403);
    const fromSeller = await seller.send(id, 'Hej');
    expect(fromSeller.statusCode).toBe(403);
    expect(fromSeller.json()).toEqual({
      message: 'Du har blockerat användaren. Häv blockeringen för att skicka meddelanden.',
    });
    expect((await seller.get(paths.conversation(id))).json().blocked).toEqual({ byMe: true, byOther: false });
    expect((await buyer.get(paths.conversation(id))).json().blocked).toEqual({ byMe: false, byOther: true });

    expect((await seller.del(paths.block(id))).statusCode).toBe(204);
    expect((await buyer.send(id, 'Tack')).statusCode).toBe(201);
    expect((await buyer.get(paths.conversation(id))).json().blocked).toEqual({ byMe: false, byOther: false });
  });

  it('follows the person: no new conversation about another ad, either way, until it is lifted (issue 46)', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'envis');
    const id = await startConversation(buyer, t.addAd(seller.username));
    const second = await startConversation(buyer, t.addAd(seller.username));
    expect((await seller.put(paths.block(id))).statusCode).toBe(204);
    const conversationsOf = async () =>
      (await t.db.query('SELECT count(*)::int AS n FROM messaging.conversations WHERE buyer = $1', [buyer.username]))
        .rows[0];
    const before = await conversationsOf();

    // Another ad of hers: refused with the same message as in the blocked conversation, nothing stored.
    const other = await buyer.start(t.addAd(seller.username), 'Då frågar jag om den här i stället');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'Du kan inte skicka meddelanden i den här konversationen' });
    expect(await conversationsOf()).toEqual(before);
    // The conversation they already had about another ad is blocked too.
    expect((await buyer.send(second, 'Hallå?')).statusCode).toBe(403);
    expect((await buyer.get(paths.conversation(second))).json().blocked).toEqual({ byMe: false, byOther: true });
    // The other way: she cannot write to him about his ad either while she blocks him.
    const hers = await seller.start(t.addAd(buyer.username), 'Säljer du din bil?');
    expect(hers.statusCode).toBe(403);
    expect(hers.json()).toEqual({
      message: 'Du har blockerat användaren. Häv blockeringen för att skicka meddelanden.',
    });

    expect((await seller.del(paths.block(id))).statusCode).toBe(204);
    expect((await buyer.send(second, 'Tack')).statusCode).toBe(201);
    expect((await buyer.start(t.addAd(seller.username), 'Och den här?')).statusCode).toBe(201);
  });
});

describe('reporting', () => {
  it('takes a reason from the shared list, once while open, and refuses bad input in Swedish', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'köpare');
    const id = await startConversation(buyer, t.addAd(seller.username));
    const bad: [object, string, string][] = [
      [{}, 'Välj en anledning', 'reason'],
      [{ reason: 'Felaktiga uppgifter' }, 'Välj en anledning', 'reason'],
      [{ reason: 'Annat', text: 'x'.repeat(1001) }, 'Beskrivningen får vara högst 1000 tecken', 'text'],
      [{ reason: 'Annat', text: 'a\u202Eb' }, 'Beskrivningen innehåller otillåtna osynliga styrtecken', 'text'],
    ];
    for (const [payload, message, field] of bad) {
      const res = await seller.post(paths.report(id), payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, field });
    }
    const ok = await seller.post(paths.report(id), { reason: 'Misstänkt bedrägeri', text: 'Vill ha förskott' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ id: expect.any(Number) });
    const twice = await seller.post(paths.report(id), { reason: 'Annat' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'Du har redan anmält den här konversationen' });
    // The other party reports on their own.
    expect((await buyer.post(paths.report(id), { reason: 'Stötande innehåll' })).statusCode).toBe(201);
    const stored = await t.db.query(
      'SELECT reporter, reason, text FROM messaging.reports WHERE conversation_id = $1 ORDER BY id',
      [id],
    );
    expect(stored.rows).toEqual([
      { reporter: seller.username, reason: 'Misstänkt bedrägeri', text: 'Vill ha förskott' },
      { reporter: buyer.username, reason: 'Stötande innehåll', text: '' },
    ]);
  });
});

describe('live delivery functions', () => {
  it('gives a message as each participant sees it, nothing to others, and what a user missed in id order', async () => {
    const seller = await caller(t, 'säljare');
    const buyer = await caller(t, 'köpare');
    const third = await caller(t, 'tredje');
    const first = await buyer.start(t.addAd(seller.username), 'Första');
    const { conversationId, message } = first.json() as { conversationId: number; message: { id: number } };
    const answer = (await seller.send(conversationId, 'Andra')).json() as { id: number };
    const repo = liveRepository(t.db);
    expect(await repo.messageEvent(message.id, seller.username)).toEqual({
      conversationId,
      message: { id: message.id, text: 'Första', sentAt: expect.any(String), fromMe: false, warning: false },
    });
    expect((await repo.messageEvent(message.id, buyer.username))!.message.fromMe).toBe(true);
    expect(await repo.messageEvent(message.id, third.username)).toBeNull();
    const missed = await repo.missedMessageEvents(buyer.username, message.id - 1, 200);
    expect(missed.map((e) => [e.message.id, e.message.fromMe])).toEqual([
      [message.id, true],
      [answer.id, false],
    ]);
    expect(await repo.missedMessageEvents(buyer.username, answer.id, 200)).toEqual([]);
    expect(await repo.missedMessageEvents(third.username, 0, 200)).toEqual([]);
  });
});
