// Shared by the security tests: the default process (buildApp) with its own route table, real users
// registered through identity, ad forms and photos, and the checks every answer must pass.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import type { Queryable } from '@bilmarknaden/db/database';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { orgNumberWithCheckDigit } from '@bilmarknaden/shared/validation/dealer';
import { buildApp } from '../../src/app.ts';
import type { Settings } from '../../src/settings.ts';
import { testSettings } from '../helpers.ts';
import {
  adFields,
  editFields,
  multipart,
  photo,
  type FilePart,
} from '../../../services/inventory/test/inventory-helpers.ts';
import { feedCar, feedCsv } from '../../../services/inventory/test/dealer-helpers.ts';

export { adFields, editFields, multipart, photo, feedCar, feedCsv, type FilePart };

export interface RouteEntry {
  method: string;
  url: string;
  /** Query-string properties the route's schema declares. */
  query: string[];
}

export interface SecureApp {
  app: FastifyInstance;
  db: TestDatabase['db'];
  settings: Settings;
  /** Every route of the process, HEAD and docs included, from Fastify's onRoute hook. */
  routes: RouteEntry[];
  filesDir: string;
  close(): Promise<void>;
}

/** The default all-in-one process on a fresh database, with the route table collected while it is built. */
export async function buildSecureApp(env: Record<string, string> = {}): Promise<SecureApp> {
  const database = await createTestDatabase([identityMigrations, inventoryMigrations]);
  const settings = testSettings(env);
  const routes: RouteEntry[] = [];
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const querystring = route.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
    for (const method of methods) {
      routes.push({ method, url: route.url, query: Object.keys(querystring?.properties ?? {}) });
    }
  };
  try {
    const { app } = await buildApp(settings, { db: database.db, onRoute });
    await app.ready();
    return {
      app,
      db: database.db,
      settings,
      routes,
      filesDir: path.join(settings.dataDir, 'files'),
      async close() {
        await app.close();
        await database.dispose();
      },
    };
  } catch (err) {
    await database.dispose();
    throw err;
  }
}

let counter = 0;

/** A valid registration body with distinctive private values (so a leak of them is easy to spot). */
export function registration(name: string) {
  counter += 1;
  const tag = `${process.pid}${counter}`.slice(-6);
  return {
    username: `${name}${tag}`.slice(0, 30),
    firstname: 'Testa',
    lastname: 'Testsson',
    email: `${name}.${tag}@hemlig-post.se`,
    password: 'Hemligt-Lösen-99',
    street: 'Lönngatan',
    housenumber: '77',
    zipcode: '97531',
    countryCode: '46',
    phone: '0739990011',
    city: 'Kiruna',
  };
}

/** Private values that no public answer may carry. */
export const PRIVATE_MARKERS = ['hemlig-post.se', '0739990011', 'Lönngatan', '97531', 'Hemligt-Lösen-99', '$argon2'];

export interface TestUser {
  username: string;
  email: string;
  password: string;
  token: string;
  headers: Record<string, string>;
}

/** Registers through identity (the real hasher and signing key) and answers the user with a token. */
export async function registerUser(app: FastifyInstance, name: string): Promise<TestUser> {
  const body = registration(name);
  const res = await app.inject({ method: 'POST', url: '/api/identity/user', payload: body });
  if (res.statusCode !== 200) throw new Error(`register ${name}: ${res.statusCode} ${res.body}`);
  return {
    username: body.username,
    email: body.email,
    password: body.password,
    token: res.body,
    headers: { authorization: `Bearer ${res.body}` },
  };
}

/** Posts an ad with `photos` small photos as `user`; answers its id. */
export async function createAd(
  app: FastifyInstance,
  user: TestUser,
  photos = 1,
  fields: Record<string, string> = {},
): Promise<number> {
  const files = await Promise.all(
    Array.from({ length: photos }, (_, i) => photo('jpeg', { r: 30 * i, g: 120, b: 90 }).then((data) => ({ data }))),
  );
  const form = multipart(adFields(fields), files);
  const res = await app.inject({
    method: 'POST',
    url: '/api/inventory/001/1001',
    payload: form.payload,
    headers: { ...form.headers, ...user.headers },
  });
  if (res.statusCode !== 201) throw new Error(`create ad: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

/**
 * The newest mail to `to` in the process's mail folder (`$DATA_DIR/mail-outbox/*.json`), waited for: identity
 * writes it after its answer.
 */
export async function mailTo(
  settings: Settings,
  to: string,
  timeoutMs = 5000,
): Promise<{ to: string; from: string; subject: string; text: string; date: string }> {
  const dir = path.join(settings.dataDir, 'mail-outbox');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
    for (const name of names.reverse()) {
      const mail = JSON.parse(await readFile(path.join(dir, name), 'utf8'));
      if (mail.to === to) return mail;
    }
    if (Date.now() > until) throw new Error(`no mail to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The newest mail to `to` once it contains `part` (identity's sender writes it after the answer). */
export async function mailWith(settings: Settings, to: string, part: string) {
  const until = Date.now() + 15_000;
  for (;;) {
    const mail = await mailTo(settings, to, 15_000);
    if (mail.text.includes(part) || Date.now() > until) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The user with `role` set in identity's table, logged in again for a token that carries it. */
export async function withRole(app: FastifyInstance, db: Queryable, user: TestUser, role: number): Promise<TestUser> {
  await db.query('UPDATE identity.users SET role = $2 WHERE username = $1', [user.username, role]);
  const login = await app.inject({
    method: 'POST',
    url: '/api/identity/user/login',
    payload: { email: user.email, password: user.password },
  });
  if (login.statusCode !== 200) throw new Error(`login ${user.username}: ${login.statusCode} ${login.body}`);
  return { ...user, token: login.body, headers: { authorization: `Bearer ${login.body}` } };
}

/**
 * Everything stored that an attacker might change: users, ads, saved entries, feedback, messaging, moderation,
 * dealers and photo files.
 */
export async function snapshot(app: SecureApp): Promise<string> {
  const q = async (sql: string) => JSON.stringify((await app.db.query(sql)).rows);
  const files = await readdir(app.filesDir).catch(() => [] as string[]);
  return [
    await q('SELECT id, username, email, role, password_hash, created FROM identity.users ORDER BY id'),
    await q(
      `SELECT id, title, description, price, make, model, year, milage, hp, color, type, transmission, drivetrain,
              fuel, username, image_count, image_version, status, created, updated, dealer_slug, dealer_name,
              external_id, import_photos FROM inventory.cars ORDER BY id`,
    ),
    await q('SELECT username, car_id FROM inventory.saved_cars ORDER BY username, car_id'),
    await q('SELECT id, username, handled_by, handled_at FROM inventory.feedback ORDER BY id'),
    await q('SELECT id, car_id, car_title, car_photo, seller, buyer FROM messaging.conversations ORDER BY id'),
    await q('SELECT id, conversation_id, sender, text FROM messaging.messages ORDER BY id'),
    await q(
      `SELECT conversation_id, is_seller, username, last_message_id, read_up_to, blocks
         FROM messaging.participants ORDER BY conversation_id, is_seller`,
    ),
    await q(
      'SELECT id, conversation_id, reporter, reason, text, outcome, handled_at FROM messaging.reports ORDER BY id',
    ),
    await q('SELECT id, report_id, actor, outcome FROM messaging.report_decisions ORDER BY id'),
    await q(
      `SELECT id, conversation_id, terms, version, seller_signed_at, buyer_signed_at, signed_at, checklist
         FROM messaging.contracts ORDER BY id`,
    ),
    await q('SELECT id, car_id, reporter, outcome FROM inventory.ad_reports ORDER BY id'),
    await q('SELECT car_id, reason, review_requested_at, review_decided_at FROM inventory.hidden_ads ORDER BY car_id'),
    await q('SELECT id, actor, action, car_id, conversation_id FROM inventory.moderation_audit ORDER BY id'),
    await q('SELECT id, username, blocked FROM identity.user_blocks ORDER BY id'),
    // Dealer accounts (decision 059): the company, who acts for it, its invitations and feed keys.
    await q(
      `SELECT id, slug, org_number, name, street, postal_code, city, kommun, phone, opening_hours, presentation,
              md5(logo) AS logo, logo_type, logo_version, status, reject_reason, decided_by, decided_at, created,
              updated FROM identity.dealers ORDER BY id`,
    ),
    await q('SELECT dealer_id, user_id, role, joined FROM identity.dealer_members ORDER BY dealer_id, user_id'),
    await q(
      `SELECT id, dealer_id, email, token_hash, invited_by, created, expires_at, accepted_at, accepted_by
         FROM identity.dealer_invites ORDER BY id`,
    ),
    await q(
      `SELECT id, dealer_id, key_hash, prefix, name, created_by, created, last_used_at, revoked_at
         FROM identity.dealer_api_keys ORDER BY id`,
    ),
    // Dealers' imports and scheduled feeds (decision 060): the runs and their reports, the queued rows and photos.
    await q(
      `SELECT id, dealer_slug, dealer_name, owner, source, started_by, format, full_feed, status, created, started_at,
              finished_at, total, cursor, created_count, updated_count, unchanged_count, sold_count, error_count,
              errors, failure FROM inventory.import_runs ORDER BY id`,
    ),
    await q('SELECT run_id, n, fields FROM inventory.import_rows ORDER BY run_id, n'),
    await q('SELECT run_id, name, md5(data) AS data FROM inventory.import_photos ORDER BY run_id, name'),
    await q(
      `SELECT dealer_slug, dealer_name, owner, kommun, url, interval_minutes, next_at, updated
         FROM inventory.dealer_feeds ORDER BY dealer_slug`,
    ),
    JSON.stringify(files.sort()),
  ].join('\n');
}

/** Traces of internals an answer must never carry: stack frames, source paths, SQL. */
const INTERNALS = [
  /\n\s+at\s/,
  /\bat\s+\S+\s+\(.*:\d+:\d+\)/,
  /\/(work|home|tmp|usr)\/[\w.-]+/,
  /node_modules/,
  /\.ts:\d+/,
  /\bSELECT\b.*\bFROM\b/i,
  /syntax error at/i,
];

/**
 * The app's index.html outside the API, /files and /assets: a path that opens no screen answers it with 404, a
 * malformed one with 400 (server/src/web-routes.ts), so that the visitor sees the app's own screen.
 */
function isAppPage(res: LightMyRequestResponse): boolean {
  return (
    !/^\/(?:api|files|assets)\//.test(res.raw.req.url ?? '') &&
    String(res.headers['content-type']).startsWith('text/html') &&
    res.body.includes('<div id="root"></div>')
  );
}

/** The shape every API answer keeps: 4xx and 5xx are `{message, field?}` JSON; no internals in any answer. */
export function expectWellFormed(res: LightMyRequestResponse, what: string): void {
  if (res.statusCode >= 500) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  for (const pattern of INTERNALS) {
    if (pattern.test(res.body))
      throw new Error(`${what}: answer shows internals (${pattern}): ${res.body.slice(0, 300)}`);
  }
  if (res.statusCode >= 400 && !isAppPage(res)) {
    if (!/^application\/json/.test(String(res.headers['content-type']))) {
      throw new Error(
        `${what}: ${res.statusCode} is not JSON: ${res.headers['content-type']} ${res.body.slice(0, 200)}`,
      );
    }
    const body = res.json() as Record<string, unknown>;
    const keys = Object.keys(body).sort();
    const shapeOk =
      typeof body.message === 'string' &&
      body.message.length > 0 &&
      keys.every((k) => k === 'message' || k === 'field') &&
      (body.field === undefined || typeof body.field === 'string');
    if (!shapeOk)
      throw new Error(`${what}: ${res.statusCode} body is not {message, field?}: ${res.body.slice(0, 200)}`);
  }
}

export type Inject = (opts: InjectOptions) => Promise<LightMyRequestResponse>;

/** A free TCP port on loopback, for a real process. */
export { freePort } from '../server-process.ts';

let orgCounter = 0;
/** A valid organisationsnummer each call: 5560, the process id and a counter, and a Luhn check digit. */
export function orgNumber(): string {
  orgCounter += 1;
  const nine = `5560${String((process.pid * 100 + orgCounter) % 100_000).padStart(5, '0')}`;
  return orgNumberWithCheckDigit(nine);
}

/** A valid body of 'Bli handlare' and of PUT /dealer, a new organisationsnummer each call. */
export function dealerBody(overrides: Record<string, unknown> = {}) {
  return {
    orgNumber: orgNumber(),
    name: 'Bilhuset i Kiruna AB',
    street: 'Industrigatan 4',
    postalCode: '981 31',
    city: 'Kiruna',
    kommun: '2584',
    phone: '0980-123 45',
    openingHours: [{ days: 'Mån–fre', hours: '10–18' }],
    presentation: 'Familjeägd bilhandel sedan 1987.',
    ...overrides,
  };
}

/** `user` applies to become a dealer ('Bli handlare'); answers the pending dealer as the caller sees it. */
export async function applyAsDealer(
  app: FastifyInstance,
  user: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; slug: string; orgNumber: string; status: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/identity/dealer/application',
    headers: user.headers,
    payload: dealerBody(overrides),
  });
  if (res.statusCode !== 200) throw new Error(`apply ${user.username}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** `user`'s application, approved by `staff` (a moderator or administrator). */
export async function approvedDealer(
  app: FastifyInstance,
  user: TestUser,
  staff: TestUser,
  overrides: Record<string, unknown> = {},
) {
  const dealer = await applyAsDealer(app, user, overrides);
  const res = await app.inject({
    method: 'POST',
    url: `/api/identity/dealer-applications/${dealer.id}/approval`,
    headers: staff.headers,
  });
  if (res.statusCode !== 204) throw new Error(`approve ${dealer.slug}: ${res.statusCode} ${res.body}`);
  return { ...dealer, status: 'approved' };
}

/**
 * `POST /api/inventory/dealers/{slug}/imports` with a CSV feed of `cars` (one new car by default) and the form's other
 * `fields`, as `headers` (a token or an API key) send it.
 */
export function feedUpload(
  slug: string,
  headers: Record<string, string>,
  fields: Record<string, string> = {},
  cars: ReturnType<typeof feedCar>[] = [feedCar(`S${++counter}`)],
): InjectOptions {
  const form = multipart(fields, [
    { field: 'feed', filename: 'lager.csv', contentType: 'text/csv', data: Buffer.from(feedCsv(cars)) },
  ]);
  return {
    method: 'POST',
    url: `/api/inventory/dealers/${slug}/imports`,
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  };
}

/** Until the job queue is empty: an accepted import or feed fetch has run before the next snapshot. */
export async function jobsDone(db: Queryable, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM inventory.jobs');
    if (Number(rows[0]!.n) === 0) return;
    if (Date.now() > until) throw new Error(`${rows[0]!.n} jobs still queued`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
