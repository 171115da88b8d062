// Moderators decide reported conversations (issue #27, decision 046) in the default process: who may decide, the
// audit row the relay records once, the reporter's mail (once, respecting the setting) and 'Mina anmälningar'.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type InjectOptions } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { messagingMigrations } from '@bilmarknaden/messaging/migrations';
import { applyConversationReportDecision } from '@bilmarknaden/inventory/jobs/apply-conversation-report-decision';
import { reportDecisionsOutbox } from '@bilmarknaden/messaging/repositories/report-decisions-repository';
import { MODERATION_MESSAGES } from '@bilmarknaden/shared/validation/moderation';
import { REPORT_DECISION_MESSAGES } from '@bilmarknaden/shared/validation/report-decision';
import { NOTIFICATION_KINDS } from '@bilmarknaden/shared/notifications';
import { createJob, runJobs } from '@bilmarknaden/service-kit/jobs/job-runner';
import { reportDecisionRelayJob } from '../src/jobs/report-decision-relay.ts';
import { buildApp, type BuiltApp } from '../src/app.ts';
import type { Settings } from '../src/settings.ts';
import { testSettings } from './helpers.ts';
import { createAd, registerUser, withRole, type TestUser } from './security/security-helpers.ts';

let database: TestDatabase;
let settings: Settings;
let built: BuiltApp;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;
let moderator: TestUser;
let admin: TestUser;

const inject = (opts: InjectOptions) => built.app.inject(opts);

beforeAll(async () => {
  database = await createTestDatabase([identityMigrations, inventoryMigrations, messagingMigrations]);
  settings = testSettings();
  built = await buildApp(settings, { db: database.db });
  await built.app.ready();
  seller = await registerUser(built.app, 'saljare');
  buyer = await registerUser(built.app, 'kopare');
  other = await registerUser(built.app, 'annan');
  moderator = await withRole(built.app, database.db, await registerUser(built.app, 'moderator'), 2);
  admin = await withRole(built.app, database.db, await registerUser(built.app, 'admin'), 3);
}, 120_000);
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

/** `asker` starts a conversation about a new ad of `owner`; answers its id. */
async function conversation(owner: TestUser, asker: TestUser, title: string): Promise<number> {
  const ad = await createAd(built.app, owner, 1, { title });
  const res = await inject({
    method: 'POST',
    url: '/api/messaging/conversations',
    headers: asker.headers,
    payload: { carId: ad, text: 'Kan du ta betalt med presentkort?' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().conversationId as number;
}

async function report(user: TestUser, conversationId: number, reason = 'Misstänkt bedrägeri'): Promise<number> {
  const res = await inject({
    method: 'POST',
    url: `/api/messaging/conversations/${conversationId}/report`,
    headers: user.headers,
    payload: { reason, text: 'Vill ha betalt i förskott' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

const decide = (user: TestUser | null, id: number | string, payload: object = { outcome: 'handled' }) =>
  inject({
    method: 'PUT',
    url: `/api/messaging/reports/${id}/decision`,
    headers: user?.headers ?? {},
    payload,
  });

const openIds = async () =>
  (
    (await inject({ method: 'GET', url: '/api/messaging/reports', headers: admin.headers })).json() as { id: number }[]
  ).map((r) => r.id);

const auditRows = async (conversationId: number) =>
  (
    await database.db.query<{ actor: string; action: string; username: string | null; reason: string; car_id: number }>(
      `SELECT actor, action, username, reason, car_id FROM inventory.moderation_audit WHERE conversation_id = $1`,
      [conversationId],
    )
  ).rows;

/** Every mail in the process's mail folder to `to` whose text contains `part`. */
async function mailsWith(to: string, part: string) {
  const dir = path.join(settings.dataDir, 'mail-outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  const mails = await Promise.all(
    names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as Record<string, string>),
  );
  return mails.filter((m) => m.to === to && m.text!.includes(part));
}

describe('deciding a reported conversation', () => {
  it('answers 401 without a token and 403 to a user, changing nothing; moderators and administrators decide', async () => {
    const first = await report(seller, await conversation(seller, buyer, 'Rollbil ett'));
    const second = await report(buyer, await conversation(seller, buyer, 'Rollbil två'));
    const anonymous = await decide(null, first);
    expect(anonymous.statusCode).toBe(401);
    for (const user of [buyer, other]) {
      const res = await decide(user, first);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MODERATION_MESSAGES.staffOnly);
    }
    // The role is checked before the input: a user's bad body is still 403, not 400.
    expect((await decide(other, first, { outcome: 'radera' })).statusCode).toBe(403);
    expect(await openIds()).toEqual(expect.arrayContaining([first, second]));
    expect((await decide(moderator, first, { outcome: 'handled', note: 'Varnade köparen' })).statusCode).toBe(204);
    expect((await decide(admin, second, { outcome: 'dismissed' })).statusCode).toBe(204);
    const open = await openIds();
    expect(open).not.toContain(first);
    expect(open).not.toContain(second);
  });

  it('refuses an unknown report (404), a decided one (409), a bad outcome or note (400)', async () => {
    const id = await report(seller, await conversation(seller, buyer, 'Felbil'));
    for (const unknown of ['99999999', '0', 'abc', '99999999999']) {
      const res = await decide(moderator, unknown);
      expect(res.statusCode, unknown).toBe(404);
      expect(res.json().message).toBe(REPORT_DECISION_MESSAGES.reportNotFound);
    }
    expect((await decide(moderator, id, { outcome: 'radera' })).json()).toEqual({
      message: 'Välj Åtgärdad eller Ingen överträdelse',
      field: 'outcome',
    });
    expect((await decide(moderator, id, {})).json()).toMatchObject({ field: 'outcome' });
    expect((await decide(moderator, id, { outcome: 'handled', note: 'x'.repeat(501) })).json()).toMatchObject({
      field: 'note',
    });
    expect((await decide(moderator, id, { outcome: 'dismissed' })).statusCode).toBe(204);
    const twice = await decide(admin, id, { outcome: 'handled' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(REPORT_DECISION_MESSAGES.alreadyDecided);
  });

  it('refuses a moderator their own report and a conversation they take part in (403); another decides it', async () => {
    const asked = await conversation(seller, moderator, 'Moderatorns fråga');
    const own = await report(moderator, asked);
    const mine = await decide(moderator, own);
    expect(mine.statusCode).toBe(403);
    expect(mine.json().message).toBe(REPORT_DECISION_MESSAGES.ownReport);
    // Reported by the other party: the moderator is the one reported.
    const against = await report(seller, asked, 'Stötande innehåll');
    const party = await decide(moderator, against);
    expect(party.statusCode).toBe(403);
    expect(party.json().message).toBe(REPORT_DECISION_MESSAGES.ownConversation);
    expect((await decide(admin, own)).statusCode).toBe(204);
    expect((await decide(admin, against, { outcome: 'dismissed' })).statusCode).toBe(204);
  });
});

describe('the audit log', () => {
  it('records the decision once (also when the relay delivers it again): who, when, what, which conversation and user, why', async () => {
    const conversationId = await conversation(seller, buyer, 'Loggad konversation');
    const id = await report(seller, conversationId);
    expect((await decide(moderator, id, { outcome: 'handled', note: 'Köparen varnad' })).statusCode).toBe(204);
    await expect.poll(() => auditRows(conversationId)).toHaveLength(1);
    expect((await auditRows(conversationId))[0]).toMatchObject({
      actor: moderator.username,
      action: 'conversation-handled',
      username: buyer.username,
      reason: 'Köparen varnad',
    });
    // A redelivery (a crash before the outbox row was marked) adds nothing.
    const row = (
      await database.db.query<{ id: number; decided_at: Date | string }>(
        'SELECT id, decided_at FROM messaging.report_decisions WHERE report_id = $1',
        [id],
      )
    ).rows[0]!;
    await database.db.query('UPDATE messaging.report_decisions SET relayed_at = NULL WHERE id = $1', [row.id]);
    const pending = (await reportDecisionsOutbox(database.db).pending(100)).find((p) => p.id === Number(row.id))!;
    expect(pending).toMatchObject({ reportId: id, conversationId, outcome: 'handled', username: moderator.username });
    await applyConversationReportDecision(database.db, { ...pending, actor: pending.username });
    await applyConversationReportDecision(database.db, { ...pending, actor: pending.username });
    expect(await auditRows(conversationId)).toHaveLength(1);
    // Administrators read it in the one log and filter by the new actions; the row carries the conversation.
    const log = await inject({
      method: 'GET',
      url: `/api/inventory/moderation/audit?action=conversation-handled&actor=${moderator.username}`,
      headers: admin.headers,
    });
    expect(log.statusCode).toBe(200);
    const entry = (log.json() as { conversationId: number | null; at: string }[]).find(
      (e) => e.conversationId === conversationId,
    );
    expect(entry).toMatchObject({ action: 'conversation-handled', username: buyer.username, reason: 'Köparen varnad' });
    // When: the time of the decision, not of the relay.
    expect(new Date(entry!.at).getTime()).toBe(new Date(row.decided_at).getTime());
    const dismissedConversation = await conversation(seller, other, 'Avfärdad konversation');
    const dismissed = await report(other, dismissedConversation);
    await decide(admin, dismissed, { outcome: 'dismissed' });
    await expect
      .poll(() => auditRows(dismissedConversation))
      .toMatchObject([
        { actor: admin.username, action: 'conversation-dismissed', username: seller.username, reason: '' },
      ]);
    // The relay's outbox is emptied.
    await expect
      .poll(
        async () => (await database.db.query('SELECT 1 FROM messaging.report_decisions WHERE relayed_at IS NULL')).rows,
      )
      .toEqual([]);
  });
});

describe('the relay elsewhere', () => {
  it('records, when its process is ready, a decision a messaging process alone made (as inventory alone runs it)', async () => {
    const conversationId = await conversation(seller, buyer, 'Beslut i en annan process');
    const id = await report(buyer, conversationId);
    const ad = (
      await database.db.query<{ car_id: number }>('SELECT car_id FROM messaging.conversations WHERE id = $1', [
        conversationId,
      ])
    ).rows[0]!.car_id;
    // Written as messaging's decision does, with no relay told.
    await database.db.query(
      `INSERT INTO messaging.report_decisions (report_id, conversation_id, car_id, actor, outcome, reported_user, note)
       VALUES ($1, $2, $3, $4, 'dismissed', $5, 'Avgjord på annat håll')`,
      [id, conversationId, ad, admin.username, seller.username],
    );
    const elsewhere = Fastify();
    runJobs(elsewhere, [createJob(reportDecisionRelayJob(database.db, elsewhere.log), elsewhere.log)]);
    try {
      await elsewhere.ready();
      await expect
        .poll(() => auditRows(conversationId), { timeout: 10_000 })
        .toMatchObject([
          { actor: admin.username, action: 'conversation-dismissed', username: seller.username, car_id: ad },
        ]);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('the reporter', () => {
  it('is mailed the outcome once, without the moderator or the note, unless they switched report mails off', async () => {
    const reporter = await registerUser(built.app, 'anmalare');
    const conversationId = await conversation(seller, reporter, 'Mejlad konversation');
    const id = await report(reporter, conversationId);
    expect((await decide(moderator, id, { outcome: 'handled', note: 'Hemlig anteckning' })).statusCode).toBe(204);
    await expect.poll(() => mailsWith(reporter.email, '”Mejlad konversation”'), { timeout: 15_000 }).toHaveLength(1);
    const [mail] = await mailsWith(reporter.email, '”Mejlad konversation”');
    expect(mail!.subject).toBe('Besked om din anmälan');
    expect(mail!.text).toContain('vidtagit åtgärder');
    expect(mail!.text).toContain('/reports');
    expect(mail!.text).not.toContain(moderator.username);
    expect(mail!.text).not.toContain('Hemlig anteckning');
    // One mail per decision: identity stored one request for its key.
    const requests = await database.db.query(`SELECT 1 FROM identity.notification_requests WHERE key = $1`, [
      `conversation-report-outcome:${id}`,
    ]);
    expect(requests.rows).toHaveLength(1);
    expect(await mailsWith(reporter.email, '”Mejlad konversation”')).toHaveLength(1);

    const quiet = await registerUser(built.app, 'tyst');
    const off = await inject({
      method: 'PUT',
      url: '/api/identity/user/notification-settings',
      headers: quiet.headers,
      payload: { ...Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])), reports: false },
    });
    expect(off.statusCode).toBeLessThan(300);
    const quietId = await report(quiet, await conversation(seller, quiet, 'Tyst konversation'));
    expect((await decide(moderator, quietId, { outcome: 'dismissed' })).statusCode).toBe(204);
    const stored = await database.db.query(
      `SELECT 1 FROM identity.mail_outbox o JOIN identity.users u ON u.id = o.user_id WHERE u.username = $1`,
      [quiet.username],
    );
    expect(stored.rows).toEqual([]);
  });

  it("sees their own conversation reports on 'Mina anmälningar' with the outcome, never the moderator; nobody else's", async () => {
    const reporter = await registerUser(built.app, 'listan');
    const handled = await conversation(seller, reporter, 'Åtgärdad konversation');
    const open = await conversation(seller, reporter, 'Öppen konversation');
    const handledId = await report(reporter, handled);
    const openId = await report(reporter, open, 'Annat');
    // The other party's report of the same conversation is theirs, not the reporter's.
    const sellersId = await report(seller, handled, 'Stötande innehåll');
    await decide(moderator, handledId, { outcome: 'handled', note: 'Anteckning' });
    const mine = await inject({ method: 'GET', url: '/api/messaging/reports/mine', headers: reporter.headers });
    expect(mine.statusCode).toBe(200);
    const list = mine.json() as { id: number }[];
    expect(list.map((r) => r.id)).toEqual([openId, handledId]);
    expect(list[1]).toEqual({
      id: handledId,
      conversationId: handled,
      carId: expect.any(Number),
      carTitle: 'Åtgärdad konversation',
      otherParty: seller.username,
      reason: 'Misstänkt bedrägeri',
      created: expect.any(String),
      outcome: 'handled',
      decidedAt: expect.any(String),
    });
    expect(list[0]).toMatchObject({ id: openId, outcome: 'open', decidedAt: null, otherParty: seller.username });
    expect(mine.body).not.toContain(moderator.username);
    expect(mine.body).not.toContain('Anteckning');
    const sellers = await inject({ method: 'GET', url: '/api/messaging/reports/mine', headers: seller.headers });
    const sellerIds = (sellers.json() as { id: number; otherParty: string }[]).map((r) => r.id);
    expect(sellerIds).toContain(sellersId);
    expect(sellerIds).not.toContain(handledId);
    expect(sellerIds).not.toContain(openId);
    const outsider = await registerUser(built.app, 'utomstaende');
    const none = await inject({ method: 'GET', url: '/api/messaging/reports/mine', headers: outsider.headers });
    expect(none.json()).toEqual([]);
    expect((await inject({ method: 'GET', url: '/api/messaging/reports/mine' })).statusCode).toBe(401);
  });
});
