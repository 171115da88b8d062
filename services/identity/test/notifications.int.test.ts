// 'Aviseringar' and the notification path: settings, notify's outbox, its sender and the internal HTTP route.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpIdentityClient, type NotificationRequest } from '@bilmarknaden/service-kit/identity-client';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_SETTINGS_MESSAGES,
  notificationFooter,
} from '@bilmarknaden/shared/notifications';
import type { TestDatabase } from '@bilmarknaden/db/testing';
import { createFolderMailer, type FolderMail } from '../src/mail/folder-mailer.ts';
import { DEFAULT_MAIL_FROM, type MailMessage, type Mailer } from '../src/mail/mailer.ts';
import { identityNotifications } from '../src/services/notifications.ts';
import { api, buildIdentity, newUser, openTestDatabase, type TestIdentity } from './helpers.ts';

const PUBLIC_URL = 'https://bilmarknaden.test';
const INTERNAL_KEY = 'en-intern-nyckel-som-ar-minst-32-tecken-lang';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A mailer that keeps what it is given. */
function memoryMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      sent.push(message);
    },
  };
  return { sent, mailer };
}

let database: TestDatabase;
let t: TestIdentity;
let mails: ReturnType<typeof memoryMailer>;
let notifications: ReturnType<typeof identityNotifications>;

beforeAll(async () => {
  database = await openTestDatabase();
  mails = memoryMailer();
  notifications = identityNotifications({ db: database.db, mailer: mails.mailer, publicUrl: PUBLIC_URL, log: silent });
  // The sender is not started: each test sends with sendDue, so nothing happens behind its back.
  t = await buildIdentity(
    { notifications, sendNotificationMails: false, internalApiKey: INTERNAL_KEY, publicUrl: PUBLIC_URL },
    {},
    database,
  );
});
afterAll(async () => {
  await t?.close();
  await database?.dispose();
});

async function registered() {
  const user = newUser();
  const res = await t.app.inject({ method: 'POST', url: api('/user'), payload: user });
  expect(res.statusCode).toBe(200);
  return { ...user, token: res.body, headers: { authorization: `Bearer ${res.body}` } };
}

let keys = 0;
const request = (username: string, overrides: Partial<NotificationRequest> = {}): NotificationRequest => ({
  key: `test-${process.pid}-${++keys}`,
  username,
  kind: 'messages',
  subject: 'Nytt meddelande om din Volvo',
  text: `Du har fått ett meddelande.\n${PUBLIC_URL}/messages/1`,
  ...overrides,
});
const outboxRows = async (username: string) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM identity.mail_outbox o JOIN identity.users u ON u.id = o.user_id
       WHERE u.username = $1`,
      [username],
    )
  ).rows[0]!.n;
const ALL_ON = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true]));
const MESSAGES_OFF = { ...ALL_ON, messages: false };
const mailsTo = (email: string) => mails.sent.filter((m) => m.to === email);

describe('notification settings', () => {
  const path_ = api('/user/notification-settings');

  it('are on by default, and a PUT switches a kind off and on again', async () => {
    const user = await registered();
    const get = () => t.app.inject({ method: 'GET', url: path_, headers: user.headers });
    expect((await get()).json()).toEqual(ALL_ON);
    const off = await t.app.inject({ method: 'PUT', url: path_, headers: user.headers, payload: MESSAGES_OFF });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual(MESSAGES_OFF);
    expect((await get()).json()).toEqual(MESSAGES_OFF);
    await t.app.inject({ method: 'PUT', url: path_, headers: user.headers, payload: ALL_ON });
    expect((await get()).json()).toEqual(ALL_ON);
  });

  it('refuse an unknown kind, a missing one and a value that is not a boolean, in Swedish', async () => {
    const user = await registered();
    const put = (payload: unknown) =>
      t.app.inject({ method: 'PUT', url: path_, headers: user.headers, payload: payload as object });
    const cases: [unknown, string, string | undefined][] = [
      [{ ...ALL_ON, ads: true }, NOTIFICATION_SETTINGS_MESSAGES.unknownKind, 'ads'],
      [{}, NOTIFICATION_SETTINGS_MESSAGES.missing, 'messages'],
      [{ ...ALL_ON, messages: 'ja' }, NOTIFICATION_SETTINGS_MESSAGES.notBoolean, 'messages'],
      [{ ...ALL_ON, messages: 1 }, NOTIFICATION_SETTINGS_MESSAGES.notBoolean, 'messages'],
    ];
    for (const [payload, message, field] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message, field });
    }
    const list = await put([true]);
    expect(list.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: path_, headers: user.headers })).json()).toEqual(ALL_ON);
  });

  it('need a good token', async () => {
    expect((await t.app.inject({ method: 'GET', url: path_ })).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: path_, payload: MESSAGES_OFF });
    expect(put.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: path_,
      headers: { authorization: 'Bearer inte.en.token' },
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('notify', () => {
  it('stores a request once per key and sends its mail once, with the line on how to switch such mails off', async () => {
    const user = await registered();
    const asked = request(user.username);
    await notifications.client.notify(asked);
    await notifications.client.notify(asked);
    await notifications.client.notify({ ...asked, subject: 'Samma nyckel, annan text' });
    expect(await outboxRows(user.username)).toBe(1);
    await notifications.sender.sendDue();
    await notifications.sender.sendDue();
    const sent = mailsTo(user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(asked.subject);
    expect(sent[0]!.text.startsWith(asked.text)).toBe(true);
    expect(sent[0]!.text.trimEnd().endsWith(notificationFooter(PUBLIC_URL))).toBe(true);
    expect(notificationFooter(PUBLIC_URL)).toContain(`${PUBLIC_URL}/settings`);
  });

  it('sends nothing for a kind the user switched off, nor to an unknown user', async () => {
    const user = await registered();
    await t.app.inject({
      method: 'PUT',
      url: api('/user/notification-settings'),
      headers: user.headers,
      payload: MESSAGES_OFF,
    });
    await notifications.client.notify(request(user.username));
    await notifications.client.notify(request('finns-inte-alls'));
    await notifications.sender.sendDue();
    expect(await outboxRows(user.username)).toBe(0);
    expect(mailsTo(user.email)).toEqual([]);
  });

  it('sends nothing to a closed account, also when the mail was stored before the closure', async () => {
    const user = await registered();
    await notifications.client.notify(request(user.username));
    const { rows: ids } = await t.db.query<{ id: number }>('SELECT id FROM identity.users WHERE username = $1', [
      user.username,
    ]);
    const closed = await t.app.inject({
      method: 'DELETE',
      url: api('/user'),
      headers: user.headers,
      payload: { password: user.password },
    });
    expect(closed.statusCode).toBe(204);
    await notifications.client.notify(request(user.username));
    await notifications.sender.sendDue();
    expect(mailsTo(user.email)).toEqual([]);
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM identity.mail_outbox WHERE user_id = $1',
      [ids[0]!.id],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses a malformed request', async () => {
    await expect(notifications.client.notify(request('x', { kind: 'reklam' as never }))).rejects.toThrow();
    await expect(notifications.client.notify(request('x', { subject: '' }))).rejects.toThrow();
  });

  it('tries a failed mail again later, and gives up after the last try', async () => {
    const db = database.db;
    let clock = Date.now();
    const failing: Mailer = { send: () => Promise.reject(new Error('SMTP nere')) };
    const errors: string[] = [];
    const log = { ...silent, error: (...args: unknown[]) => void errors.push(String(args[1])) };
    const sender = identityNotifications({
      db,
      mailer: failing,
      publicUrl: PUBLIC_URL,
      log,
      now: () => new Date(clock),
      maxAttempts: 2,
      retryDelaysMs: [60_000],
    });
    const user = await registered();
    await notifications.client.notify(request(user.username));
    const attempts = async () =>
      (
        await db.query<{ attempts: number; sent: boolean }>(
          `SELECT o.attempts, o.sent_at IS NOT NULL AS sent FROM identity.mail_outbox o
           JOIN identity.users u ON u.id = o.user_id WHERE u.username = $1`,
          [user.username],
        )
      ).rows[0];
    clock = Date.now() + 1000;
    await sender.sender.sendDue();
    expect(await attempts()).toEqual({ attempts: 1, sent: false });
    await sender.sender.sendDue(); // not yet due again
    expect(await attempts()).toEqual({ attempts: 1, sent: false });
    clock += 61_000;
    await sender.sender.sendDue();
    expect(await attempts()).toEqual({ attempts: 2, sent: false });
    expect(errors).toEqual(['notification mail failed: given up']);
    clock += 3600_000;
    await sender.sender.sendDue();
    expect(await attempts()).toEqual({ attempts: 2, sent: false });
  });

  it('is sent once when two senders work the outbox at the same time', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => registered()));
    for (const user of users) {
      for (let i = 0; i < 4; i++) await notifications.client.notify(request(user.username));
    }
    const sent: MailMessage[] = [];
    const slow: Mailer = {
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(message);
      },
    };
    const senders = [1, 2].map(
      () => identityNotifications({ db: database.db, mailer: slow, publicUrl: PUBLIC_URL, log: silent }).sender,
    );
    await Promise.all(senders.map((s) => s.sendDue()));
    const emails = new Set(users.map((u) => u.email));
    expect(sent.filter((m) => emails.has(m.to))).toHaveLength(12);
    await notifications.sender.sendDue();
    expect(mails.sent.filter((m) => emails.has(m.to))).toEqual([]);
  });
});

async function mailFilesTo(dir: string, to: string): Promise<FolderMail[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json'));
  const files = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as FolderMail),
  );
  return files.filter((mail) => mail.to === to);
}

describe('the outbox across a restart', () => {
  it('keeps a stored mail when the app closes before sending it; the next app sends it into the mail folder', async () => {
    const testDb = database;
    const dir = await mkdtemp(path.join(tmpdir(), 'bm-notify-'));
    const folder = createFolderMailer({ dir, from: DEFAULT_MAIL_FROM });
    const first = identityNotifications({ db: testDb.db, mailer: folder, publicUrl: PUBLIC_URL, log: silent });
    const before = await buildIdentity({ notifications: first, sendNotificationMails: false }, {}, testDb);
    const user = newUser();
    expect((await before.app.inject({ method: 'POST', url: api('/user'), payload: user })).statusCode).toBe(200);
    await first.client.notify(request(user.username as string));
    await before.close();
    expect(await readdir(dir)).toEqual([]);

    const after = await buildIdentity({ mailer: folder, publicUrl: PUBLIC_URL }, {}, testDb);
    try {
      let files: FolderMail[] = [];
      for (let i = 0; i < 200 && files.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        files = await mailFilesTo(dir, user.email as string);
      }
      expect(files).toHaveLength(1);
      expect(files[0]).toMatchObject({ to: user.email, subject: 'Nytt meddelande om din Volvo' });
    } finally {
      await after.close();
    }
  });
});

describe('the internal route and the HTTP client', () => {
  let baseUrl: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it('stores a notification sent with the internal key', async () => {
    const user = await registered();
    const client = httpIdentityClient({ baseUrl, internalKey: INTERNAL_KEY });
    const asked = request(user.username);
    await client.notify(asked);
    await client.notify(asked);
    expect(await outboxRows(user.username)).toBe(1);
  });

  it('refuses a wrong or missing key, and a malformed request', async () => {
    const user = await registered();
    await expect(
      httpIdentityClient({ baseUrl, internalKey: `${INTERNAL_KEY}x` }).notify(request(user.username)),
    ).rejects.toThrow(/401/);
    const missing = await t.app.inject({
      method: 'POST',
      url: api('/internal/notifications'),
      payload: request(user.username),
    });
    expect(missing.statusCode).toBe(401);
    const malformed = await t.app.inject({
      method: 'POST',
      url: api('/internal/notifications'),
      headers: { authorization: `Bearer ${INTERNAL_KEY}` },
      payload: { ...request(user.username), kind: 'reklam' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await outboxRows(user.username)).toBe(0);
  });

  it('answers 404 in a process without an internal key', async () => {
    const plain = await buildIdentity({ sendNotificationMails: false }, {}, database);
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: api('/internal/notifications'),
        headers: { authorization: `Bearer ${INTERNAL_KEY}` },
        payload: request('vem-som-helst'),
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
