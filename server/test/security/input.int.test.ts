// Hostile input to every API route of the default process (API8 and API4 of the OWASP API Top 10 2023):
// fast-check properties with arbitrary query strings, paths and bodies, injection strings in every filter,
// huge windows and bodies, and prototype-poisoning keys. Never a 5xx, always `{message}` JSON for a 4xx, and
// no stack trace, path or SQL in any answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { INT_MAX } from '@bilmarknaden/shared/schemas/id-schemas';
import {
  buildSecureApp,
  createAd,
  expectWellFormed,
  multipart,
  registerUser,
  registration,
  type RouteEntry,
  type SecureApp,
  type TestUser,
} from './security-helpers.ts';

let t: SecureApp;
let user: TestUser;
/** A moderator's token: the staff routes (GET /feedback) answer others 403 before reading their input. */
let staffToken: string;
let staffUsername: string;
let carId: number;
let api: RouteEntry[];

const INFRA = /^\/(healthz|index\.html|assets\/|api\/(identity|inventory|messaging)\/docs)|^\*$/;
const RUNS = 20;

beforeAll(async () => {
  t = await buildSecureApp();
  user = await registerUser(t.app, 'indata');
  const staff = await registerUser(t.app, 'granskare');
  staffUsername = staff.username;
  await t.db.query('UPDATE identity.users SET role = 3 WHERE username = $1', [staff.username]);
  staffToken = (
    await t.app.inject({
      method: 'POST',
      url: '/api/identity/user/login',
      payload: { email: staff.email, password: staff.password },
    })
  ).body;
  carId = await createAd(t.app, user, 1);
  // The live-event stream answers until its token expires; its input (Last-Event-ID) is messaging-live's test.
  api = t.routes.filter(
    (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !INFRA.test(r.url) && r.url !== '/api/messaging/events',
  );
}, 60_000);
afterAll(() => t?.close());

let address = 0;
/** A new client address per request, so the feedback and login limits do not hide the validation. */
const nextAddress = () => {
  address += 1;
  return `10.77.${(address >> 8) & 255}.${address & 255}`;
};

async function send(opts: InjectOptions, what: string) {
  const res = await t.app.inject({ remoteAddress: nextAddress(), ...opts });
  expectWellFormed(res, `${what} → ${res.statusCode}`);
  if (res.statusCode < 300 && /json/.test(String(res.headers['content-type']))) expect(() => res.json()).not.toThrow();
  return res;
}

export const INJECTIONS = [
  "' OR 1=1 --",
  "'; DROP TABLE inventory.cars; --",
  "%' AND pg_sleep(3) --",
  '%',
  '_',
  '\\',
  '\\%_',
  '"',
  "'",
  ')',
  '$1',
  ':*',
  'volvo:* | saab',
  'a & !b <-> c',
  '(((',
  'å ä ö Å Ä Ö',
  'Škoda Citroën',
  '😀🚗',
  '\u202eevil',
  'e\u0301',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'NULL',
  'undefined',
  '[object Object]',
  '1e308',
  '-0',
  '0x10',
  '９',
  '١٢',
  ' ',
  'x'.repeat(101),
  'volvo '.repeat(2000),
  'A'.repeat(10_000),
];

/** The request for a route with the given query, path values and body; a token when `auth`. */
function request(
  route: RouteEntry,
  opts: {
    query?: [string, string][];
    rawQuery?: string;
    param?: string;
    body?: unknown;
    auth?: boolean;
    /** Another token than the ordinary user's (with `auth`). */
    token?: string;
  },
): InjectOptions {
  const search = new URLSearchParams(opts.query ?? []).toString();
  const query = [search, opts.rawQuery].filter(Boolean).join('&');
  // Buffer round trip: lone surrogates become U+FFFD (encodeURIComponent throws on them).
  const path = route.url.replace(/:[A-Za-z]+|\*/g, () =>
    encodeURIComponent(Buffer.from(opts.param ?? String(carId)).toString()),
  );
  const headers: Record<string, string> = opts.auth ? { authorization: `Bearer ${opts.token ?? user.token}` } : {};
  const req: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: query ? `${path}?${query}` : path,
    headers,
  };
  if (opts.body !== undefined && !['GET', 'HEAD'].includes(route.method)) {
    req.payload = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  return req;
}

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(...INJECTIONS),
);
const RAW = [
  '%',
  '%zz',
  '%E0%A4%A',
  '&&&',
  '=&=',
  'a[b]=1',
  'a[]=1&a[]=2',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
];

describe('properties over every API route', () => {
  it('arbitrary query strings and path values: never a 5xx, 4xx is {message}, no internals', async () => {
    expect(api.length).toBeGreaterThanOrEqual(15);
    for (const route of api) {
      const key = fc.oneof(
        fc.constantFrom(...route.query, 'carid', 'start', 'end', '__proto__', 'x'),
        fc.string({ maxLength: 8 }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(key, text), { maxLength: 6 }),
          fc.option(fc.constantFrom(...RAW), { nil: undefined }),
          fc.option(text, { nil: undefined }),
          fc.boolean(),
          async (query, rawQuery, param, auth) => {
            await send(request(route, { query, rawQuery, param, auth }), `${route.method} ${route.url}`);
          },
        ),
        { numRuns: RUNS },
      );
    }
  }, 120_000);

  it('arbitrary JSON bodies to every write route: never a 5xx', async () => {
    const writes = api.filter((r) => !['GET', 'HEAD'].includes(r.method));
    expect(writes.length).toBeGreaterThanOrEqual(6);
    const before = await t.db.query('SELECT count(*)::int AS n FROM identity.users');
    for (const route of writes) {
      // Objects with the route's own field names are likelier to get past the first checks.
      const field = fc.constantFrom(
        ...['username', 'firstname', 'lastname', 'email', 'password', 'street', 'housenumber', 'zipcode'],
        ...['countryCode', 'phone', 'city', 'name', 'title', 'content', 'description', 'price', 'make', 'role'],
      );
      const body = fc.oneof(fc.jsonValue(), fc.dictionary(field, fc.oneof(text, fc.jsonValue()), { maxKeys: 12 }));
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (b, auth) => {
          await send(request(route, { body: b, auth }), `${route.method} ${route.url}`);
        }),
        { numRuns: RUNS },
      );
    }
    // Arbitrary bodies registered nobody by accident with a broken record.
    const after = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM identity.users
        WHERE (role <> 1 AND username <> $1) OR password_hash NOT LIKE '$argon2id$%'`,
      [staffUsername],
    );
    expect(after.rows[0]!.n).toBe(0);
    expect(before.rows.length).toBe(1);
  }, 120_000);

  it('arbitrary multipart forms to the ad routes: 201/204 or a 4xx, never a 5xx', async () => {
    const forms = api.filter((r) => r.url.endsWith('/001/1001') || r.url === '/api/inventory/cars/:id');
    expect(forms.length).toBe(3);
    const fieldName = fc.oneof(
      fc.constantFrom('title', 'description', 'price', 'make', 'model', 'year', 'milage', 'hp', 'color', 'type'),
      fc.constantFrom('transmission', 'drivetrain', 'fuel', '__proto__', 'constructor', 'images', 'images[0]'),
      fc.string({ minLength: 1, maxLength: 10 }).filter((s) => !/["\r\n]/.test(s)),
    );
    for (const route of forms) {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fieldName, text, { maxKeys: 16 }), async (fields) => {
          const form = multipart(fields);
          const req = request(route, { auth: true });
          await send(
            { ...req, payload: form.payload, headers: { ...req.headers, ...form.headers } },
            `${route.method} ${route.url}`,
          );
        }),
        { numRuns: RUNS },
      );
    }
  }, 120_000);
});

describe('injection strings in every filter and search term', () => {
  it('the list route answers 200 or 400 for each string in each of its parameters', async () => {
    const list = api.find((r) => r.url === '/api/inventory/001/2003')!;
    const before = await t.db.query('SELECT count(*)::int AS n FROM inventory.cars');
    for (const key of list.query) {
      for (const value of INJECTIONS) {
        const res = await send(
          request(list, { query: [[key, value]] }),
          `${key}=${JSON.stringify(value.slice(0, 20))}`,
        );
        expect([200, 400], `${key}=${value.slice(0, 20)}`).toContain(res.statusCode);
      }
    }
    expect((await t.db.query('SELECT count(*)::int AS n FROM inventory.cars')).rows).toEqual(before.rows);
    // LIKE wildcards are literal: '%' and '_' match no ad (no title has them), not every ad.
    for (const term of ['%', '_', '%%%', '___']) {
      const res = await send(request(list, { query: [['searchterm', term]] }), term);
      expect(res.json(), term).toEqual([]);
    }
  }, 120_000);

  it('every other route that takes a name or id answers 2xx or 4xx for each string', async () => {
    const targets: [RouteEntry, string, boolean][] = [];
    for (const route of api) {
      for (const q of route.query.filter((q) => !['start', 'end'].includes(q))) targets.push([route, q, true]);
    }
    expect(targets.length).toBeGreaterThanOrEqual(20);
    for (const value of INJECTIONS) {
      for (const [route, q, auth] of targets) {
        if (route.url === '/api/inventory/001/2003') continue;
        await send(
          request(route, { query: [[q, value]], auth }),
          `${route.method} ${route.url}?${q}=${value.slice(0, 20)}`,
        );
      }
      for (const route of api.filter((r) => /[:*]/.test(r.url))) {
        await send(request(route, { param: value, auth: true }), `${route.method} ${route.url} ${value.slice(0, 20)}`);
      }
    }
  }, 120_000);

  it('login and registration with the strings in every field', async () => {
    const fields = ['username', 'firstname', 'lastname', 'email', 'password', 'street', 'housenumber', 'zipcode'];
    for (const value of INJECTIONS) {
      await send(
        { method: 'POST', url: '/api/identity/user/login', payload: { email: value, password: value } },
        `login ${value.slice(0, 20)}`,
      );
      await send(
        {
          method: 'POST',
          url: '/api/identity/user/login',
          payload: { email: `${value}@x.se`.slice(0, 50), password: 'Langt-nog-1' },
        },
        `login ${value.slice(0, 20)}`,
      );
      for (const field of fields) {
        const body = {
          username: `injektion${address}`.slice(0, 30),
          firstname: 'Inge',
          lastname: 'Injektion',
          email: `inj${address}@exempel.se`,
          password: 'Injektion-1234',
          street: 'Gatan',
          housenumber: '1',
          zipcode: '12345',
          countryCode: '46',
          phone: '0701234567',
          city: 'Umeå',
          [field]: value,
        };
        await send(
          { method: 'POST', url: '/api/identity/user', payload: body },
          `register ${field}=${value.slice(0, 20)}`,
        );
      }
    }
  }, 120_000);
});

describe('limits', () => {
  it('huge and malformed windows answer 400', async () => {
    const windows = [
      'start=0&end=100000',
      'start=0&end=101',
      'start=10001&end=10002',
      'start=99999999999999999999&end=1',
      'start=-1',
      'end=0',
      'start=1e3',
      'start=0x10',
      'start=1&start=2',
      'end=Infinity',
    ];
    for (const route of api.filter((r) => r.query.includes('end'))) {
      for (const w of windows) {
        const res = await send(
          request(route, { rawQuery: `${w}&username=${user.username}`, auth: true, token: staffToken }),
          `${route.url}?${w}`,
        );
        expect(res.statusCode, `${route.url}?${w}`).toBe(400);
      }
    }
  });

  it('a malformed or over-long path segment answers {message} without echoing the path', async () => {
    const auth = { authorization: `Bearer ${user.token}` };
    for (const url of [
      '/api/inventory/cars/%E0%A4%A',
      '/files/%ZZ',
      `/api/inventory/cars/${'9'.repeat(150)}`,
      `/files/${'a'.repeat(500)}`,
    ]) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await send({ method, url, headers: auth }, `${method} ${url}`);
        expect([400, 404, 414, 415], `${method} ${url}`).toContain(res.statusCode);
        expect(res.body).not.toContain('%E0');
        expect(res.body).not.toContain('999999999');
      }
    }
  });

  it('bodies over the limit answer 413 on every JSON route, and too many form fields too', async () => {
    const big = { name: 'x'.repeat(200_000), email: 'a@b.se', title: 't', content: 'c', username: 'x', password: 'y' };
    for (const url of [
      '/api/identity/user',
      '/api/identity/user/login',
      '/api/identity/user/password-reset',
      '/api/identity/user/password-reset/confirm',
      '/api/inventory/feedback',
    ]) {
      const res = await send({ method: 'POST', url, payload: big }, url);
      expect(res.statusCode, url).toBe(413);
    }
    const many = multipart(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, 'x'])));
    const res = await send(
      {
        method: 'POST',
        url: '/api/inventory/001/1001',
        payload: many.payload,
        headers: { ...many.headers, authorization: `Bearer ${user.token}` },
      },
      'many fields',
    );
    expect(res.statusCode).toBe(413);
  });

  it('__proto__ and constructor.prototype keys answer 400 on every JSON route', async () => {
    const poisons = [
      '{"__proto__":{"role":3}}',
      '{"a":{"b":{"__proto__":{"isAdmin":true}}}}',
      '{"constructor":{"prototype":{"role":3}}}',
      '{"email":"a@b.se","password":"Langt-nog-1","__proto__":{"x":1}}',
    ];
    // The dealer work's PUT routes with a JSON body (issue 45): the company's details and the scheduled feed.
    const jsonPuts = ['/api/identity/dealer', '/api/inventory/dealers/:slug/feed'];
    const jsonRoutes = api.filter(
      (r) => (r.method === 'POST' && !r.url.endsWith('/001/1001')) || (r.method === 'PUT' && jsonPuts.includes(r.url)),
    );
    expect(jsonRoutes.map((r) => r.url).sort()).toEqual([
      '/api/identity/dealer',
      '/api/identity/dealer-applications/:id/approval',
      '/api/identity/dealer-applications/:id/rejection',
      '/api/identity/dealer/api-keys',
      '/api/identity/dealer/application',
      '/api/identity/dealer/invites',
      '/api/identity/dealer/invites/acceptance',
      '/api/identity/user',
      '/api/identity/user/login',
      '/api/identity/user/password-reset',
      '/api/identity/user/password-reset/confirm',
      '/api/identity/user/verification',
      '/api/inventory/001/3001',
      '/api/inventory/cars/:id/review',
      '/api/inventory/cars/still-for-sale',
      '/api/inventory/cars/views',
      '/api/inventory/dealers/:slug/feed',
      // The feed's upload is multipart; a JSON body is refused all the same.
      '/api/inventory/dealers/:slug/imports',
      '/api/inventory/feedback',
      '/api/inventory/moderation/cars/:id/dismissal',
      '/api/inventory/moderation/users/:username/dismissal',
      '/api/inventory/reports',
      '/api/inventory/users/:username/reports',
      '/api/inventory/watches',
      '/api/inventory/watches/unsubscribe',
      '/api/messaging/conversations',
      '/api/messaging/conversations/:id/contract/signature',
      '/api/messaging/conversations/:id/messages',
      '/api/messaging/conversations/:id/report',
    ]);
    for (const route of jsonRoutes) {
      for (const payload of poisons) {
        const res = await send(
          {
            method: route.method as InjectOptions['method'],
            url: `${route.url}?carid=${carId}`,
            payload,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
          },
          `${route.url} ${payload}`,
        );
        expect(res.statusCode, `${route.url} ${payload}`).toBe(400);
      }
    }
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });
});

describe('JSON bodies are taken as they are (issue 46)', () => {
  it('a number, string or array of the wrong type answers 400 naming the field and stores nothing', async () => {
    const json = (url: string, payload: unknown) =>
      send(
        {
          method: 'POST',
          url,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        },
        `${url} ${JSON.stringify(payload)}`,
      );
    const reportsBefore = (await t.db.query('SELECT count(*)::int AS n FROM inventory.ad_reports')).rows[0];
    for (const carIdValue of [true, String(carId), [carId]]) {
      const res = await json('/api/inventory/reports', { carId: carIdValue, reason: 'Annat' });
      expect([res.statusCode, res.json().field], JSON.stringify(carIdValue)).toEqual([400, 'carId']);
      const started = await json('/api/messaging/conversations', { carId: carIdValue, text: 'Hej' });
      expect([started.statusCode, started.json().field], JSON.stringify(carIdValue)).toEqual([400, 'carId']);
    }
    expect((await t.db.query('SELECT count(*)::int AS n FROM inventory.ad_reports')).rows[0]).toEqual(reportsBefore);
    const other = await registerUser(t.app, 'strikt');
    const ad = await createAd(t.app, other, 1);
    const first = await json('/api/messaging/conversations', { carId: ad, text: 'Finns den kvar?' });
    expect(first.statusCode).toBe(201);
    const id = (first.json() as { conversationId: number }).conversationId;
    const arrayText = await json(`/api/messaging/conversations/${id}/messages`, { text: ['a'] });
    expect([arrayText.statusCode, arrayText.json().field]).toEqual([400, 'text']);
    // A query string is still text converted to its type.
    const listed = await t.app.inject({ method: 'GET', url: '/api/inventory/001/2003?start=0&end=5' });
    expect(listed.statusCode).toBe(200);
  });

  it("identity converts only the specification's registration form: its other bodies are taken as they are", async () => {
    const target = await registerUser(t.app, 'spärras');
    const staff = { 'content-type': 'application/json', authorization: `Bearer ${staffToken}` };
    for (const blocked of ['true', '1', 'null', '"true"', '[true]']) {
      const res = await send(
        {
          method: 'PUT',
          url: `/api/identity/users/${target.username}/blocked`,
          payload: `{"blocked":${blocked},"reason":"Bedrägeri"}`,
          headers: staff,
        },
        `blocked ${blocked}`,
      );
      expect([res.statusCode, res.json().field], blocked).toEqual(
        blocked === 'true' ? [200, undefined] : [400, 'blocked'],
      );
      if (blocked === 'true') {
        const lifted = await send(
          {
            method: 'PUT',
            url: `/api/identity/users/${target.username}/blocked`,
            payload: { blocked: false },
            headers: staff,
          },
          'unblock',
        );
        expect(lifted.statusCode).toBe(200);
      }
    }
    const login = await send(
      { method: 'POST', url: '/api/identity/user/login', payload: { email: target.email, password: 12345678 } },
      'login with a number',
    );
    expect([login.statusCode, login.json().field]).toEqual([400, 'password']);
    // The specification's form sends zipcode, countryCode and phone as numbers: still read as their text.
    const form = { ...registration('siffror'), zipcode: 12345, countryCode: 46, phone: 701234567 };
    const registered = await send({ method: 'POST', url: '/api/identity/user', payload: form }, 'register');
    expect(registered.statusCode).toBe(200);
  });
});

describe('numbers past their column (issue 46)', () => {
  it('answer 400 naming the field, never 500: carId, upTo and before', async () => {
    const auth = { authorization: `Bearer ${user.token}` };
    const post = (url: string, payload: object) =>
      send({ method: 'POST', url, payload, headers: auth }, `${url} ${JSON.stringify(payload)}`);
    for (const carIdValue of [2147483648, 1e10, 0, -1, 1.5]) {
      const report = await post('/api/inventory/reports', { carId: carIdValue, reason: 'Annat' });
      expect([report.statusCode, report.json().field], String(carIdValue)).toEqual([400, 'carId']);
      const start = await post('/api/messaging/conversations', { carId: carIdValue, text: 'Hej' });
      expect([start.statusCode, start.json().field], String(carIdValue)).toEqual([400, 'carId']);
    }
    const other = await registerUser(t.app, 'gränser');
    const ad = await createAd(t.app, other, 1);
    const id = (await post('/api/messaging/conversations', { carId: ad, text: 'Hej' })).json().conversationId as number;
    for (const big of [1e20, 2 ** 63, Number.MAX_SAFE_INTEGER + 2]) {
      const read = await send(
        { method: 'PUT', url: `/api/messaging/conversations/${id}/read`, payload: { upTo: big }, headers: auth },
        `read ${big}`,
      );
      expect([read.statusCode, read.json().field], String(big)).toEqual([400, 'upTo']);
    }
    // 'Infinity' and '1e400' convert to a number Ajv lets past `integer` and its bounds (ajv-validator/ajv#2212).
    for (const before of ['99999999999999999999', '9223372036854775808', '1e30', 'Infinity', '-Infinity', '1e400']) {
      const page = await send(
        { method: 'GET', url: `/api/messaging/conversations/${id}?before=${before}`, headers: auth },
        `before ${before}`,
      );
      expect([page.statusCode, page.json().field], before).toEqual([400, 'before']);
    }
  });
});

describe('every id and number of every documented route (issue 46)', () => {
  interface NumberSchema {
    type?: string;
    minimum?: number;
    maximum?: number;
  }
  interface Operation {
    parameters?: { in: string; name: string; schema?: NumberSchema }[];
    requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, NumberSchema> } }> };
  }
  /** One input of one route: where it goes, its name and its schema in the OpenAPI document. */
  interface Target {
    method: string;
    path: string;
    where: 'path' | 'query' | 'body';
    name: string;
    schema: NumberSchema;
    /** The other properties of the route's JSON body. */
    bodyNames: string[];
  }

  /** Inputs that carry a number as text, read by the shared rules rather than by the schema. */
  const NUMBER_NAMES =
    /(^|[a-z])(id|Id)$|^(carid|upTo|before|watch|start|end|year|milage|priceMin|priceMax|yearMin|yearMax|milageMax)$/;
  const isNumber = (s: NumberSchema) => s.type === 'integer' || s.type === 'number';
  /** The event stream stays open while its token lives; its Last-Event-ID is the live test's. */
  const STREAM = '/api/messaging/events';

  let targets: Target[];
  /** 'GET /api/messaging/conversations/:id', as the route table names it. */
  const documented = new Set<string>();
  const ids = { conversation: 0, watch: 0, feedback: 0, report: 0, otherAd: 0 };

  beforeAll(async () => {
    targets = [];
    for (const service of ['identity', 'inventory', 'messaging']) {
      const doc = (await t.app.inject({ method: 'GET', url: `/api/${service}/docs/json` })).json() as {
        paths: Record<string, Record<string, Operation>>;
      };
      for (const [path, operations] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(operations)) {
          documented.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
          if (path === STREAM) continue;
          const body = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
          const bodyNames = Object.keys(body);
          const add = (where: Target['where'], name: string, schema: NumberSchema = {}) =>
            targets.push({ method: method.toUpperCase(), path, where, name, schema, bodyNames });
          for (const p of op.parameters ?? []) {
            if (p.in === 'path' || (p.in === 'query' && (isNumber(p.schema ?? {}) || NUMBER_NAMES.test(p.name)))) {
              add(p.in as 'path' | 'query', p.name, p.schema);
            }
          }
          for (const [name, schema] of Object.entries(body)) {
            if (isNumber(schema) || NUMBER_NAMES.test(name)) add('body', name, schema);
          }
        }
      }
    }
    // Real objects of the user for the inputs not under test, so that a request gets past its route's first checks.
    const auth = { authorization: `Bearer ${user.token}` };
    const seller = await registerUser(t.app, 'siffror');
    ids.otherAd = await createAd(t.app, seller, 1);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/messaging/conversations',
      headers: auth,
      payload: { carId: ids.otherAd, text: 'Finns den kvar?' },
    });
    ids.conversation = started.json().conversationId;
    const watch = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/watches',
      headers: auth,
      payload: { query: { make: 'Volvo' } },
    });
    ids.watch = watch.json().id;
    const feedback = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/feedback',
      remoteAddress: nextAddress(),
      payload: { name: 'Siffra', email: 'siffra@exempel.se', title: 'Hej', content: 'Tal' },
    });
    ids.feedback = feedback.json().id;
    await t.app.inject({
      method: 'POST',
      url: `/api/messaging/conversations/${ids.conversation}/report`,
      headers: auth,
      payload: { reason: 'Annat' },
    });
    const report = await t.db.query<{ id: number }>('SELECT max(id)::int AS id FROM messaging.reports');
    ids.report = report.rows[0]!.id;
    expect(
      Object.values(ids).every((id) => Number.isInteger(id) && id > 0),
      JSON.stringify(ids),
    ).toBe(true);
  }, 60_000);

  it('documents every API route, and gives every integer of a request its bounds', () => {
    const missing = api
      .filter((r) => r.url.startsWith('/api/') && !documented.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes in no OpenAPI document').toEqual([]);
    const unbounded = targets
      .filter((x) => isNumber(x.schema) && (x.schema.minimum === undefined || x.schema.maximum === undefined))
      .map((x) => `${x.method} ${x.path} ${x.where} ${x.name}`);
    expect(unbounded).toEqual([]);
    // The numbers a schema types (the rest are text read by the shared rules).
    expect(targets.filter((x) => isNumber(x.schema)).map((x) => `${x.method} ${x.path} ${x.name}`)).toEqual(
      expect.arrayContaining([
        'POST /api/inventory/reports carId',
        'POST /api/messaging/conversations carId',
        'PUT /api/messaging/conversations/{id}/read upTo',
        'GET /api/messaging/conversations/{id} before',
      ]),
    );
    expect(targets.length).toBeGreaterThanOrEqual(50);
  });

  /** A value for an input not under test: the user's own object where the route names one. */
  function fixed(path: string, name: string): string {
    if (name === 'username') return user.username;
    if (name === 'upTo') return '1';
    if (name === 'carId') return String(ids.otherAd);
    if (name === 'watch' || path.includes('/watches/')) return String(ids.watch);
    if (path.includes('/conversations/')) return String(ids.conversation);
    if (path.includes('/feedback/')) return String(ids.feedback);
    if (path.includes('/messaging/reports/')) return String(ids.report);
    return String(carId);
  }
  const BODY_TEXT: Record<string, string> = { text: 'Hej', reason: 'Annat', token: 'x', note: 'Notering', name: 'N' };

  const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
  const numberText = fc.oneof(
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
    fc.bigInt({ min: BigInt(INT_MAX) - 2n, max: BigInt(INT_MAX) + 2n }).map(String),
    fc.bigInt({ min: 2n ** 53n - 2n, max: 2n ** 53n + 2n }).map(String),
    fc.constantFrom('9223372036854775807', '9223372036854775808', '9'.repeat(30)),
    fc.double().map(String),
    fc.constantFrom('0', '-0', '1e10', '1E3', '1e308', '1.5', '1.0', '01', '0x10', '+1', ' 1', '', 'NaN', 'Infinity'),
    fc.constantFrom('١٢', '９', '1,5', '1 000', 'true', 'null'),
  );
  /** A JSON body value: the number as written (beyond what a double holds too), or another JSON type. */
  const jsonValue = fc.oneof(
    numberText.filter((s) => JSON_NUMBER.test(s)),
    numberText.map((s) => JSON.stringify(s)),
    fc.constantFrom('true', 'false', 'null', '[1]', '{}', '{"id":1}'),
  );
  /** What a declared integer becomes, as Ajv reads it: query strings are converted, JSON bodies are not. */
  const schemaValue = (where: Target['where'], raw: string): unknown =>
    where === 'body' ? JSON.parse(raw) : raw !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
  const fits = (schema: NumberSchema, value: unknown) =>
    typeof value === 'number' &&
    (schema.type === 'number' || Number.isInteger(value)) &&
    value >= (schema.minimum ?? -Infinity) &&
    value <= (schema.maximum ?? Infinity);

  it('arbitrary numbers in each: never a 5xx; past a declared bound, 400 naming the input', async () => {
    let checked = 0;
    for (const target of targets) {
      const value = target.where === 'body' ? jsonValue : numberText;
      await fc.assert(
        fc.asyncProperty(value, fc.constantFrom('user', 'staff', 'none'), async (raw, who) => {
          const path = target.path.replace(/\{(\w+)\}/g, (_, name: string) =>
            encodeURIComponent(target.where === 'path' && name === target.name ? raw : fixed(target.path, name)),
          );
          const url = target.where === 'query' ? `${path}?${new URLSearchParams({ [target.name]: raw })}` : path;
          const headers: Record<string, string> = {};
          if (who !== 'none') headers.authorization = `Bearer ${who === 'staff' ? staffToken : user.token}`;
          const req: InjectOptions = { method: target.method as InjectOptions['method'], url, headers };
          if (target.bodyNames.length > 0) {
            const parts = target.bodyNames.map((name) => {
              if (target.where === 'body' && name === target.name) return `${JSON.stringify(name)}:${raw}`;
              const text = BODY_TEXT[name];
              if (text !== undefined) return `${JSON.stringify(name)}:${JSON.stringify(text)}`;
              return NUMBER_NAMES.test(name) ? `${JSON.stringify(name)}:${fixed(target.path, name)}` : null;
            });
            req.payload = `{${parts.filter(Boolean).join(',')}}`;
            headers['content-type'] = 'application/json';
          }
          const what = `${target.method} ${url} ${String(req.payload ?? '')} as ${who}`;
          const res = await send(req, what);
          // Without a token, a route that needs one may answer 401 before reading its input.
          if (who !== 'none' && isNumber(target.schema) && !fits(target.schema, schemaValue(target.where, raw))) {
            expect([res.statusCode, res.json().field], what).toEqual([400, target.name]);
          }
          checked++;
        }),
        { numRuns: RUNS },
      );
    }
    expect(checked).toBe(targets.length * RUNS);
  }, 180_000);
});
