import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { messagingPaths as paths } from '@bilmarknaden/shared/api-paths';
import { CONTRACT_MESSAGES as RULE_MESSAGES } from '@bilmarknaden/shared/validation/contract';
import type { IdentityClient, NotificationRequest } from '@bilmarknaden/service-kit/identity-client';
import type { ContractAnswer, ContractView } from '@bilmarknaden/shared/schemas/contract-schemas';
import { CONTRACT_MESSAGES } from '../src/services/contract-service.ts';
import { createContractMailSweep } from '../src/jobs/contract-mail-sweep.ts';
import type { AdSnapshot } from '../src/ad-lookup.ts';
import { buildTestApp, caller, startConversation, type Caller, type TestApp } from './messaging-helpers.ts';
import { pdfTextLines } from './pdf-text.ts';

// The köpekontrakt (issue 41, decision 055): who sees it, the shared rules, signatures that a change clears, the
// frozen text and its hash, the PDF, the 'Ägarbyte' checklist and the seller's reminder. The ad's sale in
// inventory is the default process's test (server/test/contracts.int.test.ts).

/** The tests' clock: the rules' 'today' and the signatures' time. */
let clock = new Date('2026-12-05T10:00:00Z');
let signedCount = 0;
let t: TestApp;
const asked: NotificationRequest[] = [];
const identity: IdentityClient = {
  async notify(request) {
    asked.push(request);
  },
};

beforeAll(async () => {
  t = await buildTestApp({
    now: () => clock,
    onContractSigned: () => signedCount++,
    userNames: async (names) => new Map(names.map((n) => [n, `Namn ${n}`])),
  });
}, 180_000);
afterAll(() => t?.close());

const sale = (fields: Partial<NonNullable<AdSnapshot['sale']>> = {}) => ({
  registrationNumber: 'ABC123',
  make: 'Volvo',
  model: 'V70',
  year: 2015,
  price: 85_000,
  milage: 18_500,
  ...fields,
});

const terms = (fields: Record<string, unknown> = {}) => ({
  price: '82 000',
  milage: 18_600,
  handoverDate: '2026-12-10',
  handoverPlace: 'Uppsala',
  payment: 'bank',
  knownDefects: 'Repa på höger bakdörr',
  noKnownDefects: false,
  serviceHistory: 'Servad 2025 hos märkesverkstad',
  keys: 2,
  ...fields,
});

interface Deal {
  seller: Caller;
  buyer: Caller;
  carId: number;
  id: number;
}

async function deal(fields: Partial<AdSnapshot> = {}): Promise<Deal> {
  const seller = await caller(t, 'säljare');
  const buyer = await caller(t, 'köpare');
  const carId = t.addAd(seller.username, { sale: sale(), ...fields });
  const id = await startConversation(buyer, carId, 'Jag tar den!');
  return { seller, buyer, carId, id };
}

const get = async (who: Caller, id: number) => {
  const res = await who.get(paths.contract(id));
  expect(res.statusCode).toBe(200);
  return res.json() as ContractAnswer;
};
const save = (who: Caller, id: number, body: Record<string, unknown> = terms()) =>
  who.put(paths.contract(id), { terms: body });
const sign = (who: Caller, id: number, version: number) => who.post(paths.contractSignature(id), { version });

async function created(d: Deal, body = terms()): Promise<ContractView> {
  const res = await save(d.seller, d.id, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ContractView;
}

async function signedByBoth(d: Deal): Promise<ContractView> {
  const c = await created(d);
  expect((await sign(d.seller, d.id, c.version)).statusCode).toBe(200);
  const res = await sign(d.buyer, d.id, c.version);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ContractView;
}

describe('making a contract', () => {
  it("prefills the seller's form from the ad, the register and the accounts; the buyer has none to fill", async () => {
    const d = await deal();
    expect(await get(d.seller, d.id)).toEqual({
      contract: null,
      draft: {
        car: { registrationNumber: 'ABC123', make: 'Volvo', model: 'V70', year: 2015 },
        seller: { username: d.seller.username, name: `Namn ${d.seller.username}` },
        buyer: { username: d.buyer.username, name: `Namn ${d.buyer.username}` },
        terms: { price: 85_000, milage: 18_500 },
      },
    });
    expect(await get(d.buyer, d.id)).toEqual({ contract: null, draft: null });
  });

  it('stores the terms with the text both will sign; the buyer cannot write it', async () => {
    const d = await deal();
    const c = await created(d);
    expect(c).toMatchObject({
      version: 1,
      iAmSeller: true,
      car: { registrationNumber: 'ABC123', make: 'Volvo', model: 'V70', year: 2015 },
      terms: { price: 82_000, milage: 18_600, payment: 'bank', keys: 2, noKnownDefects: false },
      signatures: { seller: null, buyer: null },
      signed: false,
      sha256: null,
      checklist: null,
    });
    expect(c.text).toContain('Registreringsnummer: ABC 123');
    expect(c.text).toContain('Pris: 82 000 kr');
    expect(c.text).toContain('Bilen säljs i befintligt skick.');
    expect(c.text).toContain('köplagen');
    const buyerView = (await get(d.buyer, d.id)).contract!;
    expect(buyerView).toMatchObject({ id: c.id, iAmSeller: false, text: c.text });

    const res = await save(d.buyer, d.id, terms({ price: 1 }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CONTRACT_MESSAGES.sellerOnly);
  });

  it.each([
    ['a price of 0', { price: 0 }, 'price', RULE_MESSAGES.price],
    ['a price over 100 million', { price: 100_000_001 }, 'price', RULE_MESSAGES.price],
    ['a handover date in the past', { handoverDate: '2026-12-04' }, 'handoverDate', RULE_MESSAGES.handoverPast],
    ['no such day', { handoverDate: '2026-02-30' }, 'handoverDate', RULE_MESSAGES.handoverDate],
    ['no defects and no tick', { knownDefects: ' ' }, 'knownDefects', RULE_MESSAGES.knownDefects],
    ['an unknown payment', { payment: 'bitcoin' }, 'payment', RULE_MESSAGES.payment],
    ['no keys', { keys: 0 }, 'keys', RULE_MESSAGES.keys],
  ])('refuses %s with a Swedish message and stores nothing', async (_what, fields, field, message) => {
    const d = await deal();
    const res = await save(d.seller, d.id, terms(fields));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field });
    expect((await get(d.seller, d.id)).contract).toBeNull();
  });

  it("takes 'Inga kända fel' instead of a description, and today as the handover day", async () => {
    const d = await deal();
    const c = await created(d, terms({ knownDefects: '', noKnownDefects: true, handoverDate: '2026-12-05' }));
    expect(c.terms).toMatchObject({ knownDefects: '', noKnownDefects: true });
    expect(c.text).toContain('Inga kända fel.');
  });

  it('refuses a contract for a sold ad (409) or a removed one (400)', async () => {
    const sold = await deal();
    t.ads.get(sold.carId)!.state = 'sold';
    const res = await save(sold.seller, sold.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CONTRACT_MESSAGES.adSold);

    const removed = await deal();
    t.ads.delete(removed.carId);
    const gone = await save(removed.seller, removed.id);
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe(CONTRACT_MESSAGES.adRemoved);
    expect((await get(removed.seller, removed.id)).contract).toBeNull();
  });
});

describe('who sees a contract', () => {
  it('answers 404 to anyone but the two parties, on every route', async () => {
    const d = await deal();
    const c = await signedByBoth(d);
    const other = await caller(t, 'annan');
    const calls = [
      other.get(paths.contract(d.id)),
      other.put(paths.contract(d.id), { terms: terms() }),
      other.post(paths.contractSignature(d.id), { version: c.version }),
      other.get(paths.contractPdf(d.id)),
      other.put(paths.contractChecklist(d.id), { item: 'reported', done: true }),
      other.get(paths.contract(999_999)),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Konversationen finns inte');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/messaging${paths.contract(d.id)}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('signing', () => {
  it('clears both signatures when the seller changes a signed version, and tells the buyer', async () => {
    const d = await deal();
    const first = await created(d);
    expect((await sign(d.buyer, d.id, first.version)).json().signatures.buyer).toEqual(clock.toISOString());
    asked.length = 0;

    const changed = await created(d, terms({ price: 80_000 }));
    expect(changed).toMatchObject({ version: 2, signatures: { seller: null, buyer: null }, signed: false });
    const buyerView = (await get(d.buyer, d.id)).contract!;
    expect(buyerView.notice).toBe(CONTRACT_MESSAGES.changedNotice);
    expect((await get(d.seller, d.id)).contract!.notice).toBeNull();

    // Signing what one read before the change is refused: the buyer reads it again.
    const stale = await sign(d.buyer, d.id, first.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CONTRACT_MESSAGES.changedSince);

    // The notice goes by mail too, once.
    const sweep = createContractMailSweep({
      db: t.db,
      identity,
      publicUrl: 'https://bilmarknaden.se',
      log: { error() {} },
    });
    await sweep.runOnce(clock);
    await sweep.runOnce(clock);
    expect(asked.filter((r) => r.username === d.buyer.username)).toEqual([
      expect.objectContaining({
        kind: 'messages',
        subject: expect.stringContaining('har ändrats'),
        text: expect.stringContaining(`https://bilmarknaden.se/messages/${d.id}`),
      }),
    ]);

    const again = await sign(d.buyer, d.id, 2);
    expect(again.statusCode).toBe(200);
    expect(again.json().notice).toBeNull();
  });

  it('refuses signing twice, and leaves an unchanged resend alone', async () => {
    const d = await deal();
    const c = await created(d);
    expect((await sign(d.seller, d.id, c.version)).statusCode).toBe(200);
    const twice = await sign(d.seller, d.id, c.version);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CONTRACT_MESSAGES.signedTwice);
    // The same terms again (a second click) keep the version and the signature.
    const same = await created(d);
    expect(same).toMatchObject({ version: 1, signatures: { seller: clock.toISOString(), buyer: null } });
  });

  it('freezes the contract at the second signature: its text and SHA-256 kept, no change after', async () => {
    const d = await deal();
    const before = signedCount;
    const c = await signedByBoth(d);
    expect(signedCount).toBe(before + 1);
    expect(c).toMatchObject({ signed: true, signedAt: clock.toISOString() });
    expect(c.sha256).toBe(createHash('sha256').update(c.text, 'utf8').digest('hex'));

    const change = await save(d.seller, d.id, terms({ price: 1000 }));
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe(CONTRACT_MESSAGES.signed);
    const signAgain = await sign(d.buyer, d.id, c.version);
    expect(signAgain.statusCode).toBe(409);
    // The kept text stays what was signed, whatever the accounts' names or the ad say now.
    t.ads.get(d.carId)!.sale = sale({ registrationNumber: 'XYZ999' });
    const later = (await get(d.buyer, d.id)).contract!;
    expect(later).toMatchObject({ text: c.text, sha256: c.sha256, terms: { price: 82_000 } });
    const rows = await t.db.query<{ signed_text: string; signed_sha256: string }>(
      'SELECT signed_text, signed_sha256 FROM messaging.contracts WHERE id = $1',
      [c.id],
    );
    expect(rows.rows[0]).toEqual({ signed_text: c.text, signed_sha256: c.sha256 });
  });

  it('refuses the second signature once the ad is sold or removed in the meantime', async () => {
    const d = await deal();
    const c = await created(d);
    await sign(d.seller, d.id, c.version);
    t.ads.get(d.carId)!.state = 'sold';
    const res = await sign(d.buyer, d.id, c.version);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CONTRACT_MESSAGES.adSold);
    expect((await get(d.buyer, d.id)).contract!.signed).toBe(false);
  });

  it('loses nothing when the process that took the first signature dies before the second', async () => {
    const d = await deal();
    const c = await created(d);
    // Another process on the same database takes the seller's signature, then goes away.
    const other = await buildTestApp({ db: t.db, now: () => clock, adLookup: async (id) => t.ads.get(id) ?? null });
    const sellerThere = await other.auth(d.seller.username);
    const first = await other.app.inject({
      method: 'POST',
      url: `/api/messaging${paths.contractSignature(d.id)}`,
      headers: sellerThere,
      payload: { version: c.version },
    });
    expect(first.statusCode).toBe(200);
    await other.app.close();
    await other.close().catch(() => undefined);

    const res = await sign(d.buyer, d.id, c.version);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ signed: true, signatures: { seller: clock.toISOString() } });
  });
});

describe('the signed contract', () => {
  it('is a PDF holding the registration number, the price and the hash, for the two parties', async () => {
    const d = await deal();
    const c = await signedByBoth(d);
    const res = await d.buyer.get(paths.contractPdf(d.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="kopekontrakt-ABC123.pdf"');
    const bytes = res.rawPayload;
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(1);
    const lines = pdfTextLines(bytes);
    expect(lines).toContain('Registreringsnummer: ABC 123');
    expect(lines).toContain('Pris: 82 000 kr');
    expect(lines).toContain('Köpare: Namn ' + d.buyer.username + ` (${d.buyer.username})`);
    expect(lines.join(' ')).toContain(c.sha256!);
  });

  it('has no PDF before both signed', async () => {
    const d = await deal();
    await created(d);
    const res = await d.seller.get(paths.contractPdf(d.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CONTRACT_MESSAGES.notSigned);
  });
});

describe("the 'Ägarbyte' checklist", () => {
  it('gives each party their own items after signing', async () => {
    const d = await deal();
    const unsigned = await created(d);
    expect(unsigned.checklist).toBeNull();
    const early = await d.seller.put(paths.contractChecklist(d.id), { item: 'reported', done: true });
    expect(early.statusCode).toBe(409);

    await sign(d.seller, d.id, 1);
    const c = await sign(d.buyer, d.id, 1);
    expect(c.json().checklist).toEqual({
      items: [
        { key: 'reported', label: expect.stringContaining('Transportstyrelsen'), party: 'seller', done: false },
        { key: 'keysHanded', label: expect.any(String), party: 'seller', done: false },
        { key: 'insured', label: expect.stringContaining('försäkrat'), party: 'buyer', done: false },
        { key: 'keysReceived', label: expect.any(String), party: 'buyer', done: false },
      ],
      deadline: '2026-12-17',
      reminder: null,
    });
    const insured = await d.buyer.put(paths.contractChecklist(d.id), { item: 'insured', done: true });
    expect(insured.statusCode).toBe(200);
    expect(insured.json().checklist.items[2].done).toBe(true);
    const notMine = await d.buyer.put(paths.contractChecklist(d.id), { item: 'reported', done: true });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe(CONTRACT_MESSAGES.otherPartysItem);
    expect((await get(d.seller, d.id)).contract!.checklist!.items[2]!.done).toBe(true);
  });

  it('reminds the seller on the site and by mail before the deadline, once, unless reported', async () => {
    const forgetful = await deal();
    const careful = await deal();
    await signedByBoth(forgetful);
    await signedByBoth(careful);
    expect(
      (await careful.seller.put(paths.contractChecklist(careful.id), { item: 'reported', done: true })).statusCode,
    ).toBe(200);
    const sweep = createContractMailSweep({
      db: t.db,
      identity,
      publicUrl: 'https://bilmarknaden.se',
      log: { error() {} },
    });
    const reminders = () =>
      asked.filter(
        (r) => r.subject.startsWith('Påminnelse') && [forgetful, careful].some((d) => d.seller.username === r.username),
      );

    // Handover 10 December, deadline 17 December: the reminder is due on the 15th.
    await sweep.runOnce(new Date('2026-12-14T12:00:00Z'));
    expect(reminders()).toEqual([]);
    expect((await get(forgetful.seller, forgetful.id)).contract!.checklist!.reminder).toBeNull();

    clock = new Date('2026-12-15T12:00:00Z');
    try {
      await sweep.runOnce(clock);
      await sweep.runOnce(new Date('2026-12-16T12:00:00Z'));
      expect(reminders()).toEqual([
        expect.objectContaining({
          username: forgetful.seller.username,
          text: expect.stringContaining('senast 2026-12-17'),
        }),
      ]);
      const seller = (await get(forgetful.seller, forgetful.id)).contract!;
      expect(seller.checklist!.reminder).toBe(
        'Kom ihåg att anmäla ägarbytet till Transportstyrelsen senast 2026-12-17.',
      );
      // Only the seller is reminded, and not once it is ticked.
      expect((await get(forgetful.buyer, forgetful.id)).contract!.checklist!.reminder).toBeNull();
      const ticked = await forgetful.seller.put(paths.contractChecklist(forgetful.id), {
        item: 'reported',
        done: true,
      });
      expect(ticked.json().checklist.reminder).toBeNull();
      expect((await get(careful.seller, careful.id)).contract!.checklist!.reminder).toBeNull();
    } finally {
      clock = new Date('2026-12-05T10:00:00Z');
    }
  });
});
