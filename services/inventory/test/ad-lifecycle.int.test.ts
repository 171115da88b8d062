// The life of an ad (issue 43): expiry by the hourly sweep, the warning once, renewal, the one-click answers of
// 'Är bilen fortfarande till salu?' (forged and reused links refused), removal a year after expiry, 'Mina annonser'
// and the view counts. A movable clock drives the app, the job queue and the view counter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryPaths as paths } from '@bilmarknaden/shared/api-paths';
import { AD_LIFECYCLE_MESSAGES, DAY_MS } from '@bilmarknaden/shared/ad-lifecycle';
import type { IdentityClient, NotificationRequest } from '@bilmarknaden/service-kit/identity-client';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { queuedJobs } from '../src/jobs/queued-jobs.ts';
import { scheduleLifecycleSweep } from '../src/jobs/ad-lifecycle.ts';
import { createViewCounter } from '../src/services/view-counter.ts';
import { fileKey } from '../src/storage/file-keys.ts';
import { BASE, buildTestApp, countRows, insertCar, silent, type TestApp } from './inventory-helpers.ts';

const PUBLIC_URL = 'https://bilmarknaden.test';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let clock = new Date();
const now = () => clock;
let t: TestApp;
let counter: ReturnType<typeof createViewCounter>;
const mails: NotificationRequest[] = [];
const identity: IdentityClient = {
  async notify(request) {
    mails.push(request);
  },
};

beforeAll(async () => {
  // The app counts through the test's counter, which the tests flush themselves.
  t = await buildTestApp({
    now,
    views: { count: (v) => counter.count(v), flush: (log) => counter.flush(log), pending: () => counter.pending() },
  });
  counter = createViewCounter({ db: t.db, now });
}, 60_000);
afterAll(() => t?.close());

/** Runs the job queue as the app's runner would at the clock's time (the hour's sweep first). */
async function runJobsAt(at: Date) {
  clock = at;
  const queue = createJobQueue({
    db: t.db,
    jobs: queuedJobs({ db: t.db, identity, publicUrl: PUBLIC_URL, storage: t.storage, now }),
    log: silent,
    now,
    beforeRound: async (when) => void (await scheduleLifecycleSweep(t.db, when)),
  });
  await queue.runDue(at);
}

// Each test starts its own era far from the others', so each hour's sweep is new and earlier ads are long done.
let era = 0;
function newEra(): Date {
  era++;
  return new Date(Date.now() + era * 2000 * DAY_MS);
}
const days = (base: Date, n: number) => new Date(base.getTime() + n * DAY_MS);

/** An ad for sale published (and last changed) at `base`, so it ends 60 days after it. */
async function adAt(base: Date, overrides: Parameters<typeof insertCar>[1] = {}): Promise<number> {
  const id = await insertCar(t.db, { username: 'saljare', ...overrides });
  await t.db.query(
    `UPDATE inventory.cars SET updated = $2, expires_at = $2::timestamptz + interval '1440 hours' WHERE id = $1`,
    [id, base],
  );
  return id;
}

const status = async (id: number) =>
  (await t.db.query<{ status: string }>('SELECT status FROM inventory.cars WHERE id = $1', [id])).rows[0]?.status;
const expiresAt = async (id: number) =>
  new Date(
    (await t.db.query<{ e: Date | string }>('SELECT expires_at AS e FROM inventory.cars WHERE id = $1', [id])).rows[0]!
      .e,
  );
const mailsAbout = (id: number, prefix: string) => mails.filter((m) => m.key.startsWith(`${prefix}-${id}-`));

async function call(method: 'GET' | 'PUT' | 'POST', url: string, user?: string, payload?: object) {
  return t.app.inject({
    method,
    url: `${BASE}${url}`,
    headers: user ? await t.auth(user) : {},
    ...(payload ? { payload } : {}),
  });
}

describe('expiry', () => {
  it('an ad past its 60 days is expired: out of the list, the detail and Liknande bilar; its own page says so', async () => {
    const base = newEra();
    const ad = await adAt(base, { title: 'Volvo som går ut', model: 'V90' });
    const other = await adAt(days(base, 30), { model: 'V90' });
    await runJobsAt(days(base, 59));
    expect(await status(ad)).toBe('active');
    await runJobsAt(new Date(days(base, 60).getTime() + 3600_000));
    expect(await status(ad)).toBe('expired');
    expect(await status(other)).toBe('active');

    const list = await call('GET', `${paths.listCars}?make=Volvo&model=V90&start=0&end=50`);
    expect((list.json() as { id: number }[]).map((c) => c.id)).not.toContain(ad);
    expect((await call('GET', `${paths.car}?carid=${ad}`)).statusCode).toBe(404);
    const similar = await call('GET', paths.similarCars(other));
    expect((similar.json() as { id: number }[]).map((c) => c.id)).not.toContain(ad);
    const page = await call('GET', paths.expiredCar(ad));
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: ad, title: 'Volvo som går ut', user: 'saljare' });
    expect((await call('GET', paths.expiredCar(other))).statusCode).toBe(404);
  });

  it('warns the seller once, seven days before, by mail of the kind adReminders', async () => {
    const base = newEra();
    const ad = await adAt(base, { make: 'Volvo', model: 'V70' });
    await runJobsAt(days(base, 52));
    expect(mailsAbout(ad, 'ad-expiry')).toHaveLength(0);
    await runJobsAt(days(base, 53.5));
    await runJobsAt(days(base, 54));
    await runJobsAt(days(base, 56));
    const warnings = mailsAbout(ad, 'ad-expiry');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ username: 'saljare', kind: 'adReminders' });
    expect(warnings[0]!.text).toMatch(
      /Din annons för Volvo V70 går ut \d{1,2} [a-z]+\. Förnya gratis eller markera som såld\./,
    );
    expect(warnings[0]!.text).toContain(`${PUBLIC_URL}/mina-annonser`);
  });

  it('renewal gives 60 more days from now, shows an expired ad again, and warns again before the new end', async () => {
    const base = newEra();
    const ad = await adAt(base);
    await runJobsAt(days(base, 54));
    await runJobsAt(days(base, 61));
    expect(await status(ad)).toBe('expired');

    clock = days(base, 70);
    const renewed = await call('PUT', paths.carRenewal(ad), 'saljare');
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toEqual({
      expiresAt: days(base, 130).toISOString(),
      message: AD_LIFECYCLE_MESSAGES.renewed,
    });
    expect(await status(ad)).toBe('active');
    expect((await call('GET', `${paths.car}?carid=${ad}`)).statusCode).toBe(200);
    // Again, unlimited: from the clock again.
    clock = days(base, 71);
    expect((await call('PUT', paths.carRenewal(ad), 'saljare')).json().expiresAt).toBe(days(base, 131).toISOString());
    await runJobsAt(days(base, 125));
    expect(mailsAbout(ad, 'ad-expiry')).toHaveLength(2);
  });

  it("renewing someone else's ad is 404, a sold one 409 in Swedish, without a login 401", async () => {
    const base = newEra();
    const ad = await adAt(base);
    clock = days(base, 1);
    expect((await call('PUT', paths.carRenewal(ad), 'nagon.annan')).statusCode).toBe(404);
    expect((await call('PUT', paths.carRenewal(999_999), 'saljare')).statusCode).toBe(404);
    expect((await call('PUT', paths.carRenewal(ad))).statusCode).toBe(401);
    expect(await expiresAt(ad)).toEqual(days(base, 60));
    await t.db.query(`UPDATE inventory.cars SET status = 'sold', sold_at = now() WHERE id = $1`, [ad]);
    const sold = await call('PUT', paths.carRenewal(ad), 'saljare');
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toBe(AD_LIFECYCLE_MESSAGES.soldNotRenewed);
  });

  it('an expired ad cannot be edited or marked sold until renewed, but can be removed', async () => {
    const base = newEra();
    const ad = await adAt(base);
    await runJobsAt(days(base, 61));
    const sold = await call('PUT', paths.carSold(ad), 'saljare');
    expect([sold.statusCode, sold.json().message]).toEqual([409, AD_LIFECYCLE_MESSAGES.expiredNotEdited]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}${paths.carById(ad)}`,
      headers: await t.auth('saljare'),
    });
    expect(removed.statusCode).toBe(204);
    expect(await status(ad)).toBeUndefined();
  });

  it('expired ads older than a year are removed with their photos; their savers see them removed', async () => {
    const base = newEra();
    const old = await adAt(base, { imageCount: 1 });
    const young = await adAt(days(base, 200), { imageCount: 1 });
    for (const id of [old, young]) {
      await t.storage.put(fileKey(id, 1, 1), Buffer.from('jpeg'), 'image/jpeg');
      await t.storage.put(fileKey(id, 1, 1, 'card'), Buffer.from('jpeg'), 'image/jpeg');
    }
    await t.db.query(`INSERT INTO inventory.saved_cars (username, car_id) VALUES ('sparare', $1)`, [old]);
    await runJobsAt(days(base, 300));
    expect([await status(old), await status(young)]).toEqual(['expired', 'expired']);
    await runJobsAt(days(base, 60 + 366));
    expect(await status(old)).toBeUndefined();
    expect(await status(young)).toBe('expired');
    expect(t.storage.keys().filter((k) => k.startsWith(`${old}-`))).toEqual([]);
    expect(t.storage.keys().filter((k) => k.startsWith(`${young}-`))).toHaveLength(2);
    expect(await countRows(t.db, 'inventory.saved_removed', 'car_id = $1', [old])).toBe(1);
    expect(await countRows(t.db, 'inventory.file_removals', 'car_id = $1', [old])).toBe(0);
  });
});

describe('Är bilen fortfarande till salu?', () => {
  /** The two links of the ad's question mail, as the page posts them. */
  async function askedLinks(id: number) {
    const [mail] = mailsAbout(id, 'ad-still-for-sale');
    expect(mail, 'the question mail').toBeDefined();
    const link = (answer: string) => {
      const m = new RegExp(`/mina-annonser/svar#annons=(\\d+)&svar=${answer}&token=([^\\s]+)`).exec(mail!.text);
      return { car: Number(m![1]), answer, token: m![2]! };
    };
    return { mail: mail!, yes: link('yes'), sold: link('sold') };
  }
  const answer = (body: object) => call('POST', paths.stillForSale, undefined, body);

  it('is asked once after 30 days without changes, and Ja renews the ad once', async () => {
    const base = newEra();
    const ad = await adAt(base, { title: 'Saab 9-5 kvar?' });
    await runJobsAt(days(base, 29));
    expect(mailsAbout(ad, 'ad-still-for-sale')).toHaveLength(0);
    await runJobsAt(days(base, 31));
    await runJobsAt(days(base, 32));
    expect(mailsAbout(ad, 'ad-still-for-sale')).toHaveLength(1);
    const { mail, yes, sold } = await askedLinks(ad);
    expect(mail.subject).toBe('Är bilen fortfarande till salu? Saab 9-5 kvar?');
    expect(mail.text).toContain('Ja, den finns kvar');
    expect(mail.text).toContain('Den är såld');

    clock = days(base, 33);
    const first = await answer(yes);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ title: 'Saab 9-5 kvar?', message: AD_LIFECYCLE_MESSAGES.stillForSale });
    expect(await expiresAt(ad)).toEqual(days(base, 93));
    // Reused, or the other link of the same question: refused, nothing changes.
    const again = await answer(yes);
    expect([again.statusCode, again.json().message]).toEqual([409, AD_LIFECYCLE_MESSAGES.linkUsed]);
    expect((await answer(sold)).statusCode).toBe(409);
    expect(await status(ad)).toBe('active');
    // The renewal starts a new quiet period: asked again 30 days after it, not before.
    await runJobsAt(days(base, 60));
    expect(mailsAbout(ad, 'ad-still-for-sale')).toHaveLength(1);
    await runJobsAt(days(base, 64));
    expect(mailsAbout(ad, 'ad-still-for-sale')).toHaveLength(2);
  });

  it("'Den är såld' marks the ad sold", async () => {
    const base = newEra();
    const ad = await adAt(base);
    await runJobsAt(days(base, 31));
    const { sold } = await askedLinks(ad);
    const res = await answer(sold);
    expect(res.json()).toMatchObject({ message: AD_LIFECYCLE_MESSAGES.markedSold });
    expect(await status(ad)).toBe('sold');
    expect(await countRows(t.db, 'inventory.sales', 'car_id = $1', [ad])).toBe(1);
  });

  it('forged, altered, swapped or too old links are refused with a Swedish message and change nothing', async () => {
    const base = newEra();
    const ad = await adAt(base);
    const otherAd = await adAt(base);
    await runJobsAt(days(base, 31));
    const { yes, sold } = await askedLinks(ad);
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
    for (const body of [
      { ...yes, token: flip(yes.token) },
      { ...yes, token: 'x' },
      { ...yes, answer: 'sold' },
      { ...sold, answer: 'yes' },
      { ...yes, car: otherAd },
      { ...yes, car: 999_999 },
      { ...yes, token: yes.token.replace(/^\d+/, (n) => String(Number(n) + 1)) },
    ]) {
      const res = await answer(body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([
        400,
        AD_LIFECYCLE_MESSAGES.linkInvalid,
      ]);
    }
    const wrongShape = await answer({ ...yes, answer: 'kanske' });
    expect(wrongShape.statusCode).toBe(400);
    clock = days(base, 31 + 31);
    const late = await answer(yes);
    expect([late.statusCode, late.json().message]).toEqual([400, AD_LIFECYCLE_MESSAGES.linkExpired]);
    expect(await status(ad)).toBe('active');
    expect(await expiresAt(ad)).toEqual(days(base, 60));
  });
});

describe("views and 'Mina annonser'", () => {
  const view = async (id: number, opts: { user?: string; ua?: string; ip?: string } = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}${paths.carViews}`,
      payload: { carId: id },
      headers: { 'user-agent': opts.ua ?? BROWSER, ...(opts.user ? await t.auth(opts.user) : {}) },
      remoteAddress: opts.ip ?? '192.0.2.1',
    });
    expect(res.statusCode).toBe(204);
  };
  const mine = async (user: string) => {
    const res = await call('GET', paths.ownCars, user);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      id: number;
      status: string;
      held: boolean;
      views: number;
      savedBy: number;
      viewsPerDay: { day: string; views: number }[];
    }[];
  };

  it("counts a visitor once an hour, never the owner or a robot, per day, and lists them on 'Mina annonser'", async () => {
    const base = new Date('2030-03-10T09:00:00Z');
    clock = base;
    const ad = await adAt(base, { username: 'visare' });
    await view(ad);
    await view(ad);
    await view(ad, { ip: '192.0.2.2' });
    await view(ad, { user: 'visare' });
    await view(ad, { user: 'VISARE', ip: '192.0.2.9' });
    await view(ad, { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await view(ad, { ua: '' });
    await view(ad, { user: 'kopare' });
    await view(ad, { user: 'kopare' });
    clock = new Date(base.getTime() + 30 * 60_000);
    await view(ad);
    clock = new Date(base.getTime() + 61 * 60_000);
    await view(ad);
    clock = days(base, 1);
    await view(ad);
    await counter.flush();
    expect(counter.pending()).toBe(0);
    await t.db.query(`INSERT INTO inventory.saved_cars (username, car_id) VALUES ('kopare', $1), ('fler', $1)`, [ad]);

    const [own] = await mine('visare');
    expect(own).toMatchObject({ id: ad, status: 'active', held: false, views: 5, savedBy: 2 });
    expect(own!.viewsPerDay).toEqual([
      { day: '2030-03-10', views: 4 },
      { day: '2030-03-11', views: 1 },
    ]);
    // Another's list holds none of it.
    expect((await mine('kopare')).map((a) => a.id)).not.toContain(ad);
    expect((await call('GET', paths.ownCars)).statusCode).toBe(401);
  });

  it("lists the seller's ads in every state, 'Granskas' as held", async () => {
    const base = newEra();
    const active = await adAt(base, { username: 'flera' });
    const held = await adAt(base, { username: 'flera' });
    await t.db.query(`UPDATE inventory.cars SET status = 'hidden' WHERE id = $1`, [held]);
    await t.db.query(
      `INSERT INTO inventory.hidden_ads (car_id, reason, hidden_by, held_for_price) VALUES ($1, 'Pris', 'system', true)`,
      [held],
    );
    const listed = await mine('flera');
    expect(listed.find((a) => a.id === active)).toMatchObject({
      status: 'active',
      held: false,
      views: 0,
      viewsPerDay: [],
    });
    expect(listed.find((a) => a.id === held)).toMatchObject({ status: 'hidden', held: true });
  });

  it('views of an ad removed before the flush are dropped', async () => {
    const ad = await adAt(newEra(), { username: 'borta' });
    await view(ad, { ip: '198.51.100.7' });
    await t.db.query('DELETE FROM inventory.cars WHERE id = $1', [ad]);
    await counter.flush();
    expect(await countRows(t.db, 'inventory.ad_views', 'car_id = $1', [ad])).toBe(0);
  });
});
