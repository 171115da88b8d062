// Trust and moderation (issue #27) in the default process: reports, the Kontrollpanel's actions, hiding everywhere,
// the reporters' and the seller's mail, the once-only review, the append-only audit log and blocking.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { KEY_FILE } from '@bilmarknaden/identity/keys';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { carsRepository } from '@bilmarknaden/inventory/repositories/cars-repository';
import { AUTH_MESSAGES } from '@bilmarknaden/service-kit/bearer-auth';
import { MODERATION_MESSAGES, REPORTS_PER_HOUR } from '@bilmarknaden/shared/validation/moderation';
import { buildApp, type BuiltApp } from '../src/app.ts';
import type { Settings } from '../src/settings.ts';
import { earlierToken, testSettings } from './helpers.ts';
import { createAd, mailWith, registerUser, withRole, type TestUser } from './security/security-helpers.ts';

let database: TestDatabase;
let settings: Settings;
let first: BuiltApp;
/** A second process on the same database: it learns of revocations when it reads its list. */
let second: BuiltApp;
let privateKey: KeyObject;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;
let moderator: TestUser;
let admin: TestUser;

const inject = (opts: InjectOptions) => first.app.inject(opts);

beforeAll(async () => {
  database = await createTestDatabase([identityMigrations, inventoryMigrations]);
  settings = testSettings();
  first = await buildApp(settings, { db: database.db });
  second = await buildApp(settings, { db: database.db });
  await Promise.all([first.app.ready(), second.app.ready()]);
  privateKey = createPrivateKey(await readFile(path.join(settings.dataDir, KEY_FILE), 'utf8'));
  seller = await registerUser(first.app, 'saljare');
  buyer = await registerUser(first.app, 'kopare');
  other = await registerUser(first.app, 'annan');
  moderator = await withRole(first.app, database.db, await registerUser(first.app, 'moderator'), 2);
  admin = await withRole(first.app, database.db, await registerUser(first.app, 'admin'), 3);
}, 120_000);
afterAll(async () => {
  await first?.app.close();
  await second?.app.close();
  await database?.dispose();
});

const report = (user: TestUser, carId: number, reason = 'Misstänkt bedrägeri', text = 'Priset är för bra') =>
  inject({ method: 'POST', url: '/api/inventory/reports', headers: user.headers, payload: { carId, reason, text } });
const hide = (user: TestUser, carId: number, reason = 'Annonsen är ett bedrägeriförsök') =>
  inject({
    method: 'PUT',
    url: `/api/inventory/moderation/cars/${carId}/hidden`,
    headers: user.headers,
    payload: { reason },
  });
const restore = (user: TestUser, carId: number) =>
  inject({ method: 'DELETE', url: `/api/inventory/moderation/cars/${carId}/hidden`, headers: user.headers });
const dismiss = (user: TestUser, carId: number) =>
  inject({
    method: 'POST',
    url: `/api/inventory/moderation/cars/${carId}/dismissal`,
    headers: user.headers,
    payload: {},
  });
const block = (user: TestUser, username: string, blocked: boolean, reason = 'Upprepade bedrägeriförsök') =>
  inject({
    method: 'PUT',
    url: `/api/identity/users/${username}/blocked`,
    headers: user.headers,
    payload: { blocked, reason },
  });

/** Where the public meets an ad: detail, list, seller's list, photo, saved list (the buyer's), messaging. */
async function publicViews(carId: number) {
  const detail = await inject({ method: 'GET', url: `/api/inventory/001/2001?carid=${carId}` });
  const list = await inject({ method: 'GET', url: '/api/inventory/001/2003?end=100' });
  const byUser = await inject({ method: 'GET', url: `/api/inventory/001/2002?username=${seller.username}` });
  const photo = await inject({ method: 'GET', url: `/files/${carId}-1.jpeg` });
  const saved = await inject({ method: 'GET', url: '/api/inventory/001/3002', headers: buyer.headers });
  const ids = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((x) => x.id);
  const savedEntry = (saved.json() as { id: number; removed: boolean }[]).find((x) => x.id === carId);
  return {
    detail: detail.statusCode,
    inList: ids(list).includes(carId),
    onUserPage: ids(byUser).includes(carId),
    photo: photo.statusCode,
    // The saved list keeps it, marked removed and showing nothing else of it (issue 46).
    inSaved: savedEntry
      ? savedEntry.removed
        ? JSON.stringify(savedEntry) === JSON.stringify({ id: carId, removed: true }) && 'removed'
        : 'shown'
      : 'absent',
  };
}
const VISIBLE = { detail: 200, inList: true, onUserPage: true, photo: 200, inSaved: 'shown' };
const HIDDEN = { detail: 404, inList: false, onUserPage: false, photo: 404, inSaved: 'removed' };

describe('reporting an ad', () => {
  it('takes a reason from the list and an optional text; one open report per user and ad; not one’s own ad', async () => {
    const ad = await createAd(first.app, seller);
    expect((await report(buyer, ad, 'Dålig bil')).json()).toEqual({ message: 'Välj en anledning', field: 'reason' });
    expect((await report(buyer, ad, 'Annat', 'x'.repeat(1001))).json()).toMatchObject({ field: 'text' });
    const anonymous = await inject({
      method: 'POST',
      url: '/api/inventory/reports',
      payload: { carId: ad, reason: 'Annat' },
    });
    expect(anonymous.statusCode).toBe(401);
    const own = await report(seller, ad);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MODERATION_MESSAGES.reportOwnAd);
    expect((await report(buyer, ad, 'Annat', '')).statusCode).toBe(201);
    const again = await report(buyer, ad);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MODERATION_MESSAGES.alreadyReported);
    expect((await report(buyer, 99_999_999)).statusCode).toBe(404);
    const mine = await inject({ method: 'GET', url: '/api/inventory/reports/mine', headers: buyer.headers });
    expect(mine.json()[0]).toMatchObject({ carId: ad, reason: 'Annat', outcome: 'open', decidedAt: null });
  });

  it('keeps a closed account’s reports without its name', async () => {
    const ad = await createAd(first.app, seller);
    const leaving = await registerUser(first.app, 'lamnar');
    const id = (await report(leaving, ad)).json().id as number;
    const closed = await inject({
      method: 'DELETE',
      url: '/api/identity/user',
      headers: leaving.headers,
      payload: { password: leaving.password },
    });
    expect(closed.statusCode).toBe(204);
    const reporter = async () =>
      (await database.db.query('SELECT reporter FROM inventory.ad_reports WHERE id = $1', [id])).rows[0];
    await expect.poll(reporter).toEqual({ reporter: null });
    // Deciding it mails nobody and still works.
    expect((await dismiss(moderator, ad)).statusCode).toBe(204);
  });

  it(`refuses more than ${REPORTS_PER_HOUR} reports an hour with a Swedish message and Retry-After`, async () => {
    const reporter = await registerUser(first.app, 'flitig');
    const ads = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, () => createAd(first.app, seller)));
    for (const ad of ads.slice(0, REPORTS_PER_HOUR)) expect((await report(reporter, ad)).statusCode).toBe(201);
    const over = await report(reporter, ads[REPORTS_PER_HOUR]!);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3500);
    expect(over.json().message).toMatch(
      /^Du har skickat många anmälningar den senaste timmen\. Försök igen om \d+ minuter\.$/,
    );
  });
});

describe('the Kontrollpanel', () => {
  it('queues open reports by ad, most reported first, with reasons and texts but not the reporters', async () => {
    const once = await createAd(first.app, seller, 1, { title: 'En gång anmäld' });
    const twice = await createAd(first.app, seller, 1, { title: 'Två gånger anmäld' });
    await report(buyer, once);
    await report(buyer, twice, 'Felaktiga uppgifter', 'Fel årsmodell');
    await report(other, twice, 'Stötande innehåll', '');
    const queue = await inject({ method: 'GET', url: '/api/inventory/moderation/queue', headers: moderator.headers });
    expect(queue.statusCode).toBe(200);
    const items = queue.json() as { carId: number; openReports: number; reports: { reason: string }[] }[];
    const at = (id: number) => items.findIndex((x) => x.carId === id);
    expect(at(twice)).toBeGreaterThanOrEqual(0);
    expect(at(twice)).toBeLessThan(at(once));
    expect(items[at(twice)]).toMatchObject({ openReports: 2, seller: seller.username, reviewRequested: false });
    expect(items[at(twice)]!.reports.map((r) => r.reason)).toEqual(['Felaktiga uppgifter', 'Stötande innehåll']);
    expect(queue.body).not.toContain(buyer.username);
    const view = await inject({
      method: 'GET',
      url: `/api/inventory/moderation/cars/${twice}`,
      headers: moderator.headers,
    });
    expect(view.json()).toMatchObject({
      car: { id: twice, title: 'Två gånger anmäld', user: seller.username },
      status: 'active',
      hidden: null,
      sellerBlocked: false,
    });
    expect(view.json().sellerAds.map((a: { id: number }) => a.id)).toContain(once);
    expect(view.json().sellerHistory.reports).toBeGreaterThanOrEqual(3);
  });

  it('hiding removes the ad from every public place at once, the owner still sees it with the reason; restoring brings it back', async () => {
    const ad = await createAd(first.app, seller, 1, { title: 'Dold bil' });
    await inject({ method: 'POST', url: `/api/inventory/001/3001?carid=${ad}`, headers: buyer.headers });
    expect(await publicViews(ad)).toEqual(VISIBLE);
    await report(buyer, ad);
    const hidden = await hide(moderator, ad, 'Bilderna visar en annan bil');
    expect(hidden.statusCode).toBe(204);
    expect(await publicViews(ad)).toEqual(HIDDEN);
    // Messaging treats it as removed: no new conversation about it.
    const talk = await inject({
      method: 'POST',
      url: '/api/messaging/conversations',
      headers: other.headers,
      payload: { carId: ad, text: 'Finns bilen kvar?' },
    });
    expect(talk.statusCode).toBe(404);
    const own = await inject({ method: 'GET', url: '/api/inventory/cars/hidden', headers: seller.headers });
    expect(own.json()).toContainEqual(
      expect.objectContaining({
        id: ad,
        title: 'Dold bil',
        reason: 'Bilderna visar en annan bil',
        reviewRequestedAt: null,
      }),
    );
    // The owner cannot edit it (409) but may remove it; nobody can hide it twice.
    const sold = await inject({ method: 'PUT', url: `/api/inventory/cars/${ad}/sold`, headers: seller.headers });
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toBe(MODERATION_MESSAGES.hiddenNotEdited);
    expect((await hide(admin, ad)).statusCode).toBe(409);
    expect((await restore(admin, ad)).statusCode).toBe(204);
    expect(await publicViews(ad)).toEqual(VISIBLE);
    expect((await restore(admin, ad)).statusCode).toBe(409);
  });

  it('tells every reporter the outcome by mail and on their list, without naming the moderator; the seller gets the reason', async () => {
    const ad = await createAd(first.app, seller, 1, { title: 'Anmäld av två' });
    const kept = await createAd(first.app, seller, 1, { title: 'Ingen regel bruten' });
    const reporter = await registerUser(first.app, 'rapport');
    await report(reporter, ad);
    await report(other, ad);
    expect((await hide(moderator, ad, 'Säljaren äger inte bilen')).statusCode).toBe(204);
    const mail = await mailWith(settings, reporter.email, '”Anmäld av två”');
    expect(mail.subject).toBe('Besked om din anmälan');
    expect(mail.text).toContain('”Anmäld av två”');
    expect(mail.text).toContain('tagit bort annonsen');
    expect(mail.text).not.toContain(moderator.username);
    const sellerMail = await mailWith(settings, seller.email, 'Säljaren äger inte bilen');
    expect(sellerMail.subject).toBe('Din annons har dolts');
    expect(sellerMail.text).toContain('Anledning: Säljaren äger inte bilen');
    expect(sellerMail.text).not.toContain(moderator.username);
    await report(reporter, kept);
    expect((await dismiss(moderator, kept)).statusCode).toBe(204);
    expect((await dismiss(moderator, kept)).statusCode).toBe(409);
    const list = await inject({ method: 'GET', url: '/api/inventory/reports/mine', headers: reporter.headers });
    const outcomes = Object.fromEntries(
      (list.json() as { carId: number; outcome: string }[]).map((r) => [r.carId, r.outcome]),
    );
    expect(outcomes).toEqual({ [ad]: 'hidden', [kept]: 'dismissed' });
    expect(list.body).not.toContain(moderator.username);
    const second = await mailWith(settings, reporter.email, 'hittade inget brott');
    expect(second.text).toContain('hittade inget brott mot våra regler');
    expect(await publicViews(kept)).toMatchObject({ detail: 200, inList: true });
  });

  it('lets the seller ask once for a review; it returns to the queue marked, and keeping it hidden ends it', async () => {
    const ad = await createAd(first.app, seller, 1, { title: 'Omprövas' });
    const review = (user: TestUser, text = 'Jag har bytt bilderna mot mina egna') =>
      inject({ method: 'POST', url: `/api/inventory/cars/${ad}/review`, headers: user.headers, payload: { text } });
    expect((await review(seller)).statusCode).toBe(409); // not hidden
    const toggle = () => inject({ method: 'POST', url: `/api/inventory/001/3001?carid=${ad}`, headers: other.headers });
    expect((await toggle()).json()).toEqual({ saved: true });
    await hide(moderator, ad);
    // A saver can remove the hidden ad from the list, not save it again.
    expect((await toggle()).json()).toEqual({ saved: false });
    expect((await toggle()).statusCode).toBe(404);
    // Anyone else is answered as if the hidden ad did not exist, and 'Liknande bilar' shows it to no one (issue 46).
    expect((await review(buyer)).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: `/api/inventory/cars/${ad}/similar` })).statusCode).toBe(404);
    expect((await review(seller, '')).json()).toMatchObject({ field: 'text' });
    expect((await review(seller)).statusCode).toBe(204);
    const again = await review(seller, 'Snälla');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MODERATION_MESSAGES.reviewAlreadyAsked);
    const queue = await inject({ method: 'GET', url: '/api/inventory/moderation/queue', headers: admin.headers });
    expect(queue.json()).toContainEqual(
      expect.objectContaining({ carId: ad, reviewRequested: true, status: 'hidden' }),
    );
    const view = await inject({ method: 'GET', url: `/api/inventory/moderation/cars/${ad}`, headers: admin.headers });
    expect(view.json().hidden).toMatchObject({ reviewText: 'Jag har bytt bilderna mot mina egna' });
    expect((await dismiss(admin, ad)).statusCode).toBe(204);
    const after = await inject({ method: 'GET', url: '/api/inventory/moderation/queue', headers: admin.headers });
    expect((after.json() as { carId: number }[]).map((x) => x.carId)).not.toContain(ad);
    expect((await review(seller)).statusCode).toBe(409);
    expect(await publicViews(ad)).toMatchObject({ detail: 404 });
  });

  it('refuses a moderator’s action on their own ad and on an ad they reported', async () => {
    const ownAd = await createAd(first.app, moderator);
    await report(buyer, ownAd);
    const own = await hide(moderator, ownAd);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MODERATION_MESSAGES.ownAd);
    expect((await dismiss(moderator, ownAd)).statusCode).toBe(403);
    const reported = await createAd(first.app, seller);
    await report(moderator, reported);
    const mine = await hide(moderator, reported);
    expect(mine.statusCode).toBe(403);
    expect(mine.json().message).toBe(MODERATION_MESSAGES.ownReport);
    // Another moderator decides it.
    expect((await dismiss(admin, reported)).statusCode).toBe(204);
  });

  it('shows a moderator the open reports about their own ads, users and conversations only in others’ queues', async () => {
    const queueOf = async (who: TestUser, url: string) =>
      (await inject({ method: 'GET', url, headers: who.headers })).json() as Record<string, unknown>[];
    const ownAd = await createAd(first.app, moderator, 1, { title: 'Moderatorns egen bil' });
    await report(buyer, ownAd);
    await inject({
      method: 'POST',
      url: `/api/inventory/users/${moderator.username}/reports`,
      headers: buyer.headers,
      payload: { reason: 'Misstänkt bedrägeri', text: 'Svarar aldrig' },
    });
    const started = await inject({
      method: 'POST',
      url: '/api/messaging/conversations',
      headers: buyer.headers,
      payload: { carId: ownAd, text: 'Hej!' },
    });
    const conversationId = started.json().conversationId as number;
    await inject({
      method: 'POST',
      url: `/api/messaging/conversations/${conversationId}/report`,
      headers: buyer.headers,
      payload: { reason: 'Misstänkt bedrägeri' },
    });
    const ads = (items: Record<string, unknown>[]) => items.map((i) => i.carId);
    const users = (items: Record<string, unknown>[]) => items.map((i) => i.username);
    const conversations = (items: Record<string, unknown>[]) => items.map((i) => i.conversationId);
    expect(ads(await queueOf(moderator, '/api/inventory/moderation/queue'))).not.toContain(ownAd);
    expect(users(await queueOf(moderator, '/api/inventory/moderation/users'))).not.toContain(moderator.username);
    expect(conversations(await queueOf(moderator, '/api/messaging/reports'))).not.toContain(conversationId);
    expect(ads(await queueOf(admin, '/api/inventory/moderation/queue'))).toContain(ownAd);
    expect(users(await queueOf(admin, '/api/inventory/moderation/users'))).toContain(moderator.username);
    expect(conversations(await queueOf(admin, '/api/messaging/reports'))).toContain(conversationId);
  });
});

describe('reported conversations', () => {
  it('show in the queue with their newest messages, for staff only', async () => {
    const ad = await createAd(first.app, seller, 1, { title: 'Samtalsbil' });
    const started = await inject({
      method: 'POST',
      url: '/api/messaging/conversations',
      headers: buyer.headers,
      payload: { carId: ad, text: 'Betala med presentkort?' },
    });
    const conversationId = started.json().conversationId as number;
    const reported = await inject({
      method: 'POST',
      url: `/api/messaging/conversations/${conversationId}/report`,
      headers: seller.headers,
      payload: { reason: 'Misstänkt bedrägeri', text: 'Vill betala med presentkort' },
    });
    expect(reported.statusCode).toBe(201);
    const queue = await inject({ method: 'GET', url: '/api/messaging/reports', headers: moderator.headers });
    expect(queue.json()).toContainEqual(
      expect.objectContaining({
        conversationId,
        carId: ad,
        carTitle: 'Samtalsbil',
        seller: seller.username,
        buyer: buyer.username,
        reportedBy: 'seller',
        reason: 'Misstänkt bedrägeri',
        messages: [expect.objectContaining({ sender: buyer.username, text: 'Betala med presentkort?' })],
      }),
    );
    const byUser = await inject({ method: 'GET', url: '/api/messaging/reports', headers: buyer.headers });
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json().message).toBe(MODERATION_MESSAGES.staffOnly);
  });
});

describe('the audit log', () => {
  it('records who, when, what and why; administrators read and filter it, moderators get 403', async () => {
    const ad = await createAd(first.app, seller);
    await hide(moderator, ad, 'Loggas');
    await restore(admin, ad);
    const all = await inject({ method: 'GET', url: '/api/inventory/moderation/audit', headers: admin.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json().slice(0, 2)).toMatchObject([
      { actor: admin.username, action: 'restore', carId: ad, username: seller.username },
      { actor: moderator.username, action: 'hide', carId: ad, username: seller.username, reason: 'Loggas' },
    ]);
    const filtered = await inject({
      method: 'GET',
      url: `/api/inventory/moderation/audit?actor=${moderator.username}&action=hide&carId=${ad}`,
      headers: admin.headers,
    });
    expect(filtered.json()).toHaveLength(1);
    const bad = await inject({
      method: 'GET',
      url: '/api/inventory/moderation/audit?action=radera',
      headers: admin.headers,
    });
    expect(bad.json()).toEqual({ message: MODERATION_MESSAGES.auditFilter, field: 'action' });
    const byModerator = await inject({
      method: 'GET',
      url: '/api/inventory/moderation/audit',
      headers: moderator.headers,
    });
    expect(byModerator.statusCode).toBe(403);
    expect(byModerator.json().message).toBe(MODERATION_MESSAGES.auditAdminOnly);
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const ad = await createAd(first.app, seller);
    await hide(moderator, ad, 'Bevis');
    const before = await database.db.query('SELECT * FROM inventory.moderation_audit ORDER BY id');
    expect(before.rows.length).toBeGreaterThan(0);
    await expect(database.db.query(`UPDATE inventory.moderation_audit SET reason = 'ändrad'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(database.db.query('DELETE FROM inventory.moderation_audit')).rejects.toThrow(/append-only/);
    await expect(database.db.query('TRUNCATE inventory.moderation_audit')).rejects.toThrow(/append-only/);
    const after = await database.db.query('SELECT * FROM inventory.moderation_audit ORDER BY id');
    expect(after.rows).toEqual(before.rows);
  });
});

describe('blocking', () => {
  const savedList = (built: BuiltApp, token: string) =>
    built.app.inject({ method: 'GET', url: '/api/inventory/001/3002', headers: { authorization: `Bearer ${token}` } });

  it('refuses the login, every old token (at once here, in another process once it reads its list) and hides the ads', async () => {
    const bad = await registerUser(first.app, 'spärras');
    const ad = await createAd(first.app, bad, 1, { title: 'Spärrad säljares bil' });
    const old = await earlierToken(privateKey, bad.username, 60);
    expect((await savedList(second, old)).statusCode).toBe(200);
    const asked = await inject({
      method: 'POST',
      url: '/api/messaging/conversations',
      headers: buyer.headers,
      payload: { carId: ad, text: 'Finns bilen kvar?' },
    });
    const conversationId = asked.json().conversationId as number;
    const write = () =>
      inject({
        method: 'POST',
        url: `/api/messaging/conversations/${conversationId}/messages`,
        headers: buyer.headers,
        payload: { text: 'Hallå?' },
      });
    const res = await block(moderator, bad.username, true);
    expect(res.json()).toEqual({ username: bad.username, blocked: true });
    const login = await inject({
      method: 'POST',
      url: '/api/identity/user/login',
      payload: { email: bad.email, password: bad.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MODERATION_MESSAGES.blockedLogin);
    expect((await savedList(first, old)).json()).toEqual({ message: AUTH_MESSAGES.invalid });
    await second.revocations.refresh();
    expect((await savedList(second, old)).statusCode).toBe(401);
    // Posting, messaging and saving need a token, and identity refuses to refresh one.
    expect((await inject({ method: 'GET', url: '/api/identity/user/refresh', headers: bad.headers })).statusCode).toBe(
      401,
    );
    const talk = await inject({
      method: 'POST',
      url: '/api/messaging/conversations',
      headers: bad.headers,
      payload: { carId: ad, text: 'Hej' },
    });
    expect(talk.statusCode).toBe(401);
    await first.app.inject({ method: 'GET', url: '/healthz' });
    const detail = await inject({ method: 'GET', url: `/api/inventory/001/2001?carid=${ad}` });
    expect(detail.statusCode).toBe(404);
    // Nobody writes to a blocked user (issue 46), with a message that says why.
    const toBlocked = await write();
    expect(toBlocked.statusCode).toBe(403);
    expect(toBlocked.json().message).toBe('Användaren är spärrad av Bilmarknaden och kan inte få meddelanden');
    const audit = await inject({
      method: 'GET',
      url: `/api/inventory/moderation/audit?action=block&username=${bad.username}`,
      headers: admin.headers,
    });
    expect(audit.json()).toMatchObject([{ actor: moderator.username, reason: 'Upprepade bedrägeriförsök' }]);
    // An upload that was under way when the block came publishes hidden.
    const pending = await database.db.query<{ id: number }>(
      `INSERT INTO inventory.cars (title, description, price, make, model, year, milage, hp, color, type, transmission,
         drivetrain, fuel, username)
       SELECT title, description, price, make, model, year, milage, hp, color, type, transmission, drivetrain, fuel,
         username FROM inventory.cars WHERE id = $1 RETURNING id`,
      [ad],
    );
    const late = pending.rows[0]!.id;
    expect(await carsRepository(database.db).activate(late, 1)).toBe(true);
    expect((await inject({ method: 'GET', url: `/api/inventory/001/2001?carid=${late}` })).statusCode).toBe(404);
    // Unblocking lets them log in and shows the ads again.
    expect((await block(moderator, bad.username, false)).json()).toEqual({ username: bad.username, blocked: false });
    const again = await inject({
      method: 'POST',
      url: '/api/identity/user/login',
      payload: { email: bad.email, password: bad.password },
    });
    expect(again.statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: `/api/inventory/001/2001?carid=${ad}` })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: `/api/inventory/001/2001?carid=${late}` })).statusCode).toBe(200);
    expect((await write()).statusCode).toBe(201);
  });

  it('lets a moderator block users only, an administrator also moderators, and nobody themselves or an administrator', async () => {
    const mod2 = await withRole(first.app, database.db, await registerUser(first.app, 'moderator2'), 2);
    const user = await registerUser(first.app, 'vanlig');
    const forbidden = await block(moderator, mod2.username, true);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(MODERATION_MESSAGES.blockForbidden);
    expect((await block(moderator, admin.username, true)).statusCode).toBe(403);
    expect((await block(admin, admin.username, true)).json().message).toBe(MODERATION_MESSAGES.blockSelf);
    expect((await block(user, other.username, true)).statusCode).toBe(403);
    expect((await block(moderator, 'finns-inte-alls', true)).statusCode).toBe(404);
    expect((await block(moderator, user.username, true, '')).json()).toMatchObject({ field: 'reason' });
    expect((await block(admin, mod2.username, true)).json()).toEqual({ username: mod2.username, blocked: true });
    const queue = await inject({ method: 'GET', url: '/api/inventory/moderation/queue', headers: mod2.headers });
    expect(queue.statusCode).toBe(401);
  });
});
