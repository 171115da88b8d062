// Reports of users ('Anmäl användare', decision 045) and the owner's view of a hidden ad, in the default process:
// the rules of a report, the limit shared with reports of ads, the Kontrollpanel's 'Anmälda användare', the
// outcome by block or dismissal on the reporter's list and by mail, and the owner-only read of a hidden ad.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { MODERATION_MESSAGES, REPORTS_PER_HOUR } from '@bilmarknaden/shared/validation/moderation';
import { USER_REPORT_REASONS } from '@bilmarknaden/shared/validation/report';
import { buildApp, type BuiltApp } from '../src/app.ts';
import type { Settings } from '../src/settings.ts';
import { testSettings } from './helpers.ts';
import { createAd, mailWith, registerUser, withRole, type TestUser } from './security/security-helpers.ts';

let database: TestDatabase;
let settings: Settings;
let built: BuiltApp;
let seller: TestUser;
let reporter: TestUser;
let other: TestUser;
let moderator: TestUser;
let admin: TestUser;

const inject = (opts: InjectOptions) => built.app.inject(opts);

beforeAll(async () => {
  database = await createTestDatabase([identityMigrations, inventoryMigrations]);
  settings = testSettings();
  built = await buildApp(settings, { db: database.db });
  await built.app.ready();
  seller = await registerUser(built.app, 'saljare');
  reporter = await registerUser(built.app, 'anmalare');
  other = await registerUser(built.app, 'annan');
  moderator = await withRole(built.app, database.db, await registerUser(built.app, 'moderator'), 2);
  admin = await withRole(built.app, database.db, await registerUser(built.app, 'admin'), 3);
}, 120_000);
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

const reportUser = (
  user: TestUser | null,
  username: string,
  reason = 'Misstänkt bedrägeri',
  text = 'Ber om förskott',
) =>
  inject({
    method: 'POST',
    url: `/api/inventory/users/${encodeURIComponent(username)}/reports`,
    headers: user?.headers ?? {},
    payload: { reason, text },
  });
const reportAd = (user: TestUser, carId: number) =>
  inject({ method: 'POST', url: '/api/inventory/reports', headers: user.headers, payload: { carId, reason: 'Annat' } });
const userQueue = (user: TestUser) =>
  inject({ method: 'GET', url: '/api/inventory/moderation/users', headers: user.headers });
const dismissUser = (user: TestUser, username: string) =>
  inject({
    method: 'POST',
    url: `/api/inventory/moderation/users/${encodeURIComponent(username)}/dismissal`,
    headers: user.headers,
    payload: { reason: 'Inget fel hittat' },
  });
const block = (user: TestUser, username: string, blocked: boolean) =>
  inject({
    method: 'PUT',
    url: `/api/identity/users/${username}/blocked`,
    headers: user.headers,
    payload: { blocked, reason: 'Bedrägeriförsök' },
  });
const mine = async (user: TestUser) => {
  const res = await inject({ method: 'GET', url: '/api/inventory/reports/mine/users', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; username: string; reason: string; outcome: string; decidedAt: string | null }[];
};

describe('reporting a user', () => {
  it('takes a reason of the user list and an optional text; one open report per user; not oneself', async () => {
    const target = await registerUser(built.app, 'malet');
    expect(USER_REPORT_REASONS).not.toContain('Bilen är redan såld');
    const sold = await reportUser(reporter, target.username, 'Bilen är redan såld');
    expect(sold.json()).toEqual({ message: 'Välj en anledning', field: 'reason' });
    expect((await reportUser(reporter, target.username, 'Annat', 'x'.repeat(1001))).json()).toMatchObject({
      field: 'text',
    });
    expect((await reportUser(null, target.username)).statusCode).toBe(401);
    const self = await reportUser(target, target.username);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(MODERATION_MESSAGES.reportSelf);
    // The name as written in the address; the report keeps identity's spelling.
    const created = await reportUser(reporter, target.username.toUpperCase(), 'Annat', '');
    expect(created.statusCode).toBe(201);
    const again = await reportUser(reporter, target.username);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MODERATION_MESSAGES.alreadyReportedUser);
    expect(await mine(reporter)).toContainEqual(
      expect.objectContaining({ id: created.json().id, username: target.username, reason: 'Annat', outcome: 'open' }),
    );
    // Another user's list does not show it.
    expect((await mine(other)).map((r) => r.id)).not.toContain(created.json().id);
  });

  it('answers 404 for a name without an account and for a closed account', async () => {
    const unknown = await reportUser(reporter, 'finns-inte-alls');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MODERATION_MESSAGES.userNotFound);
    const leaving = await registerUser(built.app, 'slutar');
    await createAd(built.app, leaving);
    const closed = await inject({
      method: 'DELETE',
      url: '/api/identity/user',
      headers: leaving.headers,
      payload: { password: leaving.password },
    });
    expect(closed.statusCode).toBe(204);
    expect((await reportUser(reporter, leaving.username)).statusCode).toBe(404);
  });

  it(`counts reports of ads and users together: ${REPORTS_PER_HOUR} an hour, then 429 with Retry-After`, async () => {
    const busy = await registerUser(built.app, 'flitig');
    const ads = await Promise.all(Array.from({ length: REPORTS_PER_HOUR - 1 }, () => createAd(built.app, seller)));
    for (const ad of ads) expect((await reportAd(busy, ad)).statusCode).toBe(201);
    const targets = await Promise.all([registerUser(built.app, 'forsta'), registerUser(built.app, 'andra')]);
    expect((await reportUser(busy, targets[0].username)).statusCode).toBe(201);
    const over = await reportUser(busy, targets[1].username);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3500);
    expect(over.json().message).toMatch(/^Du har skickat många anmälningar den senaste timmen\./);
    // …and an ad report after the user reports is refused as well.
    expect((await reportAd(busy, await createAd(built.app, seller))).statusCode).toBe(429);
  });

  it('counts reports of conversations in the same hourly limit (issue 46)', async () => {
    const busy = await registerUser(built.app, 'anmälare');
    const inject = (method: 'POST', url: string, payload: object) =>
      built.app.inject({ method, url, headers: busy.headers, payload });
    const reportConversation = async () => {
      const ad = await createAd(built.app, seller);
      const started = await inject('POST', '/api/messaging/conversations', { carId: ad, text: 'Hej' });
      const id = started.json().conversationId as number;
      return inject('POST', `/api/messaging/conversations/${id}/report`, { reason: 'Misstänkt bedrägeri' });
    };
    const half = REPORTS_PER_HOUR / 2;
    for (let i = 0; i < half; i++) expect((await reportConversation()).statusCode).toBe(201);
    const ads = await Promise.all(Array.from({ length: half }, () => createAd(built.app, seller)));
    for (const ad of ads) expect((await reportAd(busy, ad)).statusCode).toBe(201);
    // Ten in all: the next report of either kind is refused, with Retry-After.
    const conversationOver = await reportConversation();
    expect(conversationOver.statusCode).toBe(429);
    expect(Number(conversationOver.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await reportAd(busy, await createAd(built.app, seller))).statusCode).toBe(429);
    const stored = await database.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM messaging.reports WHERE reporter = $1',
      [busy.username],
    );
    expect(stored.rows[0]!.n).toBe(half);
  });
});

describe("the Kontrollpanel's reported users", () => {
  it('lists reported users with reasons, texts, their ads and record, never the reporters; staff only', async () => {
    const target = await registerUser(built.app, 'koad');
    const ad = await createAd(built.app, target, 1, { title: 'Koad säljares bil' });
    await reportUser(reporter, target.username, 'Stötande innehåll', 'Otrevliga meddelanden');
    await reportUser(other, target.username, 'Felaktiga uppgifter', '');
    const queue = await userQueue(moderator);
    expect(queue.statusCode).toBe(200);
    const item = (queue.json() as { username: string }[]).find((x) => x.username === target.username);
    expect(item).toMatchObject({
      username: target.username,
      blocked: false,
      openReports: 2,
      reports: [
        { reason: 'Stötande innehåll', text: 'Otrevliga meddelanden' },
        { reason: 'Felaktiga uppgifter', text: '' },
      ],
      ads: [{ id: ad, title: 'Koad säljares bil', status: 'active', reports: 0 }],
      history: { userReports: 2, adReports: 0, hiddenAds: 0 },
    });
    expect(queue.body).not.toContain(reporter.username);
    expect(queue.body).not.toContain(other.username);
    expect((await userQueue(reporter)).statusCode).toBe(403);
    expect((await inject({ method: 'GET', url: '/api/inventory/moderation/users' })).statusCode).toBe(401);
  });

  it('dismissing decides the open reports, tells each reporter by mail and on their list, and is audited', async () => {
    const target = await registerUser(built.app, 'oskyldig');
    const id = (await reportUser(reporter, target.username)).json().id as number;
    const dismissed = await dismissUser(moderator, target.username);
    expect(dismissed.statusCode).toBe(204);
    expect((await dismissUser(moderator, target.username)).statusCode).toBe(409);
    expect((await dismissUser(moderator, 'aldrig-anmald')).statusCode).toBe(404);
    const row = (await mine(reporter)).find((r) => r.id === id);
    expect(row).toMatchObject({ outcome: 'dismissed', username: target.username });
    expect(row?.decidedAt).not.toBeNull();
    const mail = await mailWith(settings, reporter.email, `användaren ${target.username}`);
    expect(mail.subject).toBe('Besked om din anmälan');
    expect(mail.text).toContain('hittade inget brott mot våra regler');
    expect(mail.text).not.toContain(moderator.username);
    const queue = await userQueue(moderator);
    expect((queue.json() as { username: string }[]).map((x) => x.username)).not.toContain(target.username);
    const audit = await inject({
      method: 'GET',
      url: `/api/inventory/moderation/audit?action=dismiss&username=${target.username}`,
      headers: admin.headers,
    });
    expect(audit.json()).toEqual([
      expect.objectContaining({ actor: moderator.username, carId: null, reason: 'Inget fel hittat' }),
    ]);
    // A new report after the dismissal is a new open one.
    expect((await reportUser(reporter, target.username)).statusCode).toBe(201);
  });

  it('a block decides the user’s open reports, tells each reporter without naming the moderator, and is audited', async () => {
    const target = await registerUser(built.app, 'bedragare');
    const first = (await reportUser(reporter, target.username)).json().id as number;
    const second = (await reportUser(other, target.username, 'Annat')).json().id as number;
    expect((await block(moderator, target.username, true)).statusCode).toBe(200);
    await expect.poll(async () => (await mine(reporter)).find((r) => r.id === first)?.outcome).toBe('blocked');
    expect((await mine(other)).find((r) => r.id === second)?.outcome).toBe('blocked');
    for (const who of [reporter, other]) {
      const mail = await mailWith(settings, who.email, `användaren ${target.username}`);
      expect(mail.text).toContain('spärrat användaren');
      expect(mail.text).not.toContain(moderator.username);
    }
    const queue = await userQueue(admin);
    expect((queue.json() as { username: string }[]).map((x) => x.username)).not.toContain(target.username);
    const audit = await inject({
      method: 'GET',
      url: `/api/inventory/moderation/audit?action=block&username=${target.username}`,
      headers: admin.headers,
    });
    expect(audit.json()).toEqual([expect.objectContaining({ actor: moderator.username })]);
    // Unblocking leaves the decided reports as they were.
    expect((await block(moderator, target.username, false)).statusCode).toBe(200);
    expect((await mine(reporter)).find((r) => r.id === first)?.outcome).toBe('blocked');
  });

  it('refuses a moderator’s dismissal of reports about themselves or of a user they reported', async () => {
    const reported = await registerUser(built.app, 'omtvistad');
    await reportUser(moderator, reported.username);
    const own = await dismissUser(moderator, reported.username);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MODERATION_MESSAGES.ownUserReport);
    await reportUser(reporter, moderator.username);
    const about = await dismissUser(moderator, moderator.username);
    expect(about.statusCode).toBe(403);
    expect(about.json().message).toBe(MODERATION_MESSAGES.userReportAboutSelf);
    // Another moderator decides them.
    expect((await dismissUser(admin, reported.username)).statusCode).toBe(204);
    expect((await dismissUser(admin, moderator.username)).statusCode).toBe(204);
  });
});

describe('the owner opens a hidden ad', () => {
  it('answers the owner the ad without photos and the reason; anyone else as the public; 401 without a token', async () => {
    const ad = await createAd(built.app, seller, 2, { title: 'Dold för andra' });
    const read = (headers: Record<string, string>) =>
      inject({ method: 'GET', url: `/api/inventory/cars/${ad}/hidden`, headers });
    // Not hidden: 404 to the owner too (the public detail shows it).
    expect((await read(seller.headers)).statusCode).toBe(404);
    await inject({
      method: 'PUT',
      url: `/api/inventory/moderation/cars/${ad}/hidden`,
      headers: moderator.headers,
      payload: { reason: 'Bilderna visar en annan bil' },
    });
    expect((await inject({ method: 'GET', url: `/api/inventory/001/2001?carid=${ad}` })).statusCode).toBe(404);
    const own = await read(seller.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      car: { id: ad, title: 'Dold för andra', user: seller.username, imageCount: 0 },
      hidden: { reason: 'Bilderna visar en annan bil', reviewRequestedAt: null, reviewDecidedAt: null },
    });
    expect(own.json().hidden).not.toHaveProperty('hiddenBy');
    expect(own.body).not.toContain(moderator.username);
    // The photos stay unserved, to the owner as to everyone.
    expect((await inject({ method: 'GET', url: `/files/${ad}-1.jpeg`, headers: seller.headers })).statusCode).toBe(404);
    for (const user of [other, moderator, admin]) {
      const res = await read(user.headers);
      expect(res.statusCode, user.username).toBe(404);
      expect(res.json().message).toBe('Annonsen finns inte');
    }
    expect((await read({})).statusCode).toBe(401);
    expect(
      (await inject({ method: 'GET', url: '/api/inventory/cars/99999999/hidden', headers: seller.headers })).statusCode,
    ).toBe(404);
    // The review state follows the request.
    await inject({
      method: 'POST',
      url: `/api/inventory/cars/${ad}/review`,
      headers: seller.headers,
      payload: { text: 'Nya bilder' },
    });
    expect((await read(seller.headers)).json().hidden).toMatchObject({ reviewText: 'Nya bilder' });
    expect((await read(seller.headers)).json().hidden.reviewRequestedAt).not.toBeNull();
  });
});
