// Bevakningar (issue 26): saving searches, matching new ads exactly as the list lists them, once ever; the job
// runner (crash, restart, replicas); the digest's hour across summer time; unsubscribe links; price drops; erasure.
// Identity's side is a recorder of the requests here (the default process's test sends real mail, keyed once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryPaths as paths } from '@bilmarknaden/shared/api-paths';
import type { IdentityClient, NotificationRequest } from '@bilmarknaden/service-kit/identity-client';
import { MAX_WATCHES, WATCH_MESSAGES, type WatchQuery } from '@bilmarknaden/shared/watches';
import { carListingsRepository } from '../src/repositories/car-listings-repository.ts';
import { jobsRepository } from '../src/repositories/jobs-repository.ts';
import { watchesRepository } from '../src/repositories/watches-repository.ts';
import { parseListQuery } from '../src/services/search-query.ts';
import { withCorrectedSearch } from '../src/services/search-correction.ts';
import { searchTermsRepository } from '../src/repositories/search-terms-repository.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { queuedJobs } from '../src/jobs/queued-jobs.ts';
import { scheduleDigest } from '../src/jobs/watch-digest.ts';
import { createSellerErasure } from '../src/services/seller-erasure.ts';
import { digestDayDue, stockholmClock } from '../src/services/watch-mails.ts';
import { unsubscribeTokens, UNSUBSCRIBE_TTL_MS } from '../src/services/unsubscribe-tokens.ts';
import { BASE, buildTestApp, countRows, insertCar, silent, watchHits, type TestApp } from './inventory-helpers.ts';
import { onPostgresOnly } from '@bilmarknaden/db/test-engine';

const PUBLIC_URL = 'https://bilmarknaden.test';
let t: TestApp;
const asked: NotificationRequest[] = [];
/** The next request with this key fails (identity down). */
let failKey: string | null = null;
const identity: IdentityClient = {
  async notify(request) {
    if (request.key === failKey) {
      failKey = null;
      throw new Error('identity is down');
    }
    asked.push(request);
  },
};
const runner = (opts: { leaseMs?: number } = {}) =>
  createJobQueue({ db: t.db, jobs: queuedJobs({ db: t.db, identity, publicUrl: PUBLIC_URL }), log: silent, ...opts });
/** Runs every due job now, as a runner in the app would. */
const runJobs = () => runner().runDue();

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t?.close());

let users = 0;
async function user() {
  const username = `bevakare${++users}`;
  const headers = await t.auth(username);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `${BASE}${url}`, headers, ...(payload ? { payload } : {}) });
  return {
    username,
    call,
    async watch(query: WatchQuery, extra: object = {}) {
      const res = await call('POST', paths.watches, { query, ...extra });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; name: string; newCount: number };
    },
  };
}

/** The ids the list lists for a query (all its windows: the test ads are few). */
/** The list's answer as its route reads the query (typos corrected, decision 043). */
async function listed(query: WatchQuery): Promise<number[]> {
  const q = await withCorrectedSearch(parseListQuery({ ...query, end: '100' }), searchTermsRepository(t.db).closeNames);
  return (await carListingsRepository(t.db).list(q)).map((c) => c.id).sort((a, b) => a - b);
}

describe('saving a search', () => {
  it('names it from the search, lists it with its chips query, and lets the owner alone change it', async () => {
    const anna = await user();
    const w = await anna.watch({ make: 'Volvo', fuel: 'diesel', trans: 'automat', priceMax: '200000' });
    expect(w.name).toBe('Volvo, Diesel, Automat, Pris till 200 000 kr');
    expect(w.newCount).toBe(0);
    const list = (await anna.call('GET', paths.watches)).json();
    expect(list).toEqual([
      expect.objectContaining({
        id: w.id,
        notify: 'site',
        paused: false,
        query: { make: 'Volvo', trans: 'automat', fuel: 'diesel', priceMax: '200000' },
      }),
    ]);

    const renamed = await anna.call('PUT', paths.watchById(w.id), { name: ' Min Volvo ', notify: 'daily' });
    expect(renamed.json()).toMatchObject({ name: 'Min Volvo', notify: 'daily' });
    expect((await anna.call('PUT', paths.watchById(w.id), { name: '' })).json()).toEqual({
      message: WATCH_MESSAGES.nameEmpty,
      field: 'name',
    });
    expect((await anna.call('PUT', paths.watchById(w.id), { notify: 'sms' })).json().message).toBe(
      WATCH_MESSAGES.notify,
    );

    // Another user sees, changes and deletes nothing of it.
    const erik = await user();
    expect((await erik.call('GET', paths.watchById(w.id))).statusCode).toBe(404);
    expect((await erik.call('PUT', paths.watchById(w.id), { paused: true })).statusCode).toBe(404);
    expect((await erik.call('DELETE', paths.watchById(w.id))).statusCode).toBe(404);
    expect((await erik.call('GET', paths.watchAds(w.id))).statusCode).toBe(404);
    expect((await erik.call('GET', paths.watches)).json()).toEqual([]);
    expect((await anna.call('DELETE', paths.watchById(w.id))).statusCode).toBe(204);
    expect((await anna.call('GET', paths.watches)).json()).toEqual([]);
  });

  it('refuses an empty search, a wordless term and the list’s own faults with Swedish messages', async () => {
    const u = await user();
    const post = (query: object) => u.call('POST', paths.watches, { query });
    expect((await post({})).json()).toEqual({ message: WATCH_MESSAGES.empty, field: 'query' });
    expect((await post({ searchterm: '%%' })).json()).toEqual({
      message: WATCH_MESSAGES.wordless,
      field: 'searchterm',
    });
    const reversed = await post({ priceMin: '200000', priceMax: '100000' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('Från-priset får inte vara högre än till-priset');
    expect((await post({ kommun: '9999' })).json().message).toBe('Välj en kommun i listan');
    // Names and values reach mail subjects: no control or bidi characters (issue 46), nothing stored.
    for (const bad of ['Volvo\u202E09', 'Volvo\u0007', 'Volvo\r\nBcc: x@y.se']) {
      expect((await post({ searchterm: bad })).json()).toEqual({
        message: WATCH_MESSAGES.queryCharacters,
        field: 'searchterm',
      });
      const named = await u.call('POST', paths.watches, { query: { make: 'Volvo' }, name: bad });
      expect(named.statusCode).toBe(400);
      expect(named.json()).toEqual({ message: WATCH_MESSAGES.nameCharacters, field: 'name' });
    }
    expect((await u.call('GET', paths.watches)).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}${paths.watches}` })).statusCode).toBe(401);
  });

  it(`keeps at most ${MAX_WATCHES} per user, also when saved at once`, async () => {
    const u = await user();
    const results = await Promise.all(
      Array.from({ length: MAX_WATCHES + 3 }, (_, i) =>
        u.call('POST', paths.watches, { query: { searchterm: `bil${i}` } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_WATCHES);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json().message).toBe(WATCH_MESSAGES.limit);
    expect(await countRows(t.db, 'inventory.watches', 'username = $1', [u.username])).toBe(MAX_WATCHES);
  });
});

describe('matching', () => {
  it('matches exactly the ads the same search lists: every filter, range, place and the term', async () => {
    const seller = 'matchsaljare';
    const ads = [
      { make: 'Volvo', model: 'XC60', fuel: 'diesel', transmission: 'automat', price: 250_000, year: 2019 },
      { make: 'Volvo', model: 'V70', fuel: 'bensin', transmission: 'manuell', price: 90_000, year: 2012 },
      { make: 'volvo', model: 'v70', fuel: 'diesel', color: 'vit', type: 'kombi', drivetrain: 'awd', milage: 30_000 },
      { make: 'Saab', model: '9-5', fuel: 'bensin', title: 'Saab 9-5 Aero med dragkrok', kommun: '1480' },
      { make: 'Citroën', model: 'C5', title: 'Citroën C5 kombi', kommun: '0180', price: 40_000, year: 2008 },
      { make: 'Kia', model: 'Ceed', title: 'Kia Ceed SW', fuel: 'el / hybrid', milage: 2_000, year: 2023 },
    ];
    const queries: WatchQuery[] = [
      { make: 'volvo' },
      { make: 'Volvo', model: 'V70' },
      { fuel: 'diesel' },
      { trans: 'automat', fuel: 'diesel' },
      { color: 'vit', type: 'kombi', drivetrain: 'awd' },
      { priceMin: '80000', priceMax: '250000' },
      { yearMin: '2012', yearMax: '2019' },
      { milageMax: '5000' },
      { lan: '14' },
      { kommun: '0180' },
      { searchterm: 'dragkrok' },
      { searchterm: 'citroen' },
      { searchterm: 'volv' },
      { searchterm: 'xc6' },
      { searchterm: 'saab aero' },
      { searchterm: 'kombi' },
      { searchterm: 'c5' },
      // Typos and spacing as the list forgives them (decision 043).
      { searchterm: 'volvp' },
      { searchterm: 'xc 60' },
      { searchterm: 'saab 9 5' },
      { make: 'Volvo', searchterm: 'ceed' },
      { fuel: 'kärnkraft' },
    ];
    const u = await user();
    const watches = [];
    for (const query of queries) watches.push({ query, id: (await u.watch(query)).id });
    const inserted = new Set<number>();
    for (const ad of ads) inserted.add(await insertCar(t.db, { username: seller, ...ad }));
    await runJobs();
    for (const w of watches) {
      // The list's answer for the same search, among this test's ads (the bevakningar saw only those published).
      const expected = (await listed(w.query)).filter((id) => inserted.has(id));
      expect({ query: w.query, hits: await watchHits(t.db, w.id) }).toEqual({ query: w.query, hits: expected });
    }
    // Not vacuous: most searches found something.
    const found = await Promise.all(watches.map(async (w) => (await watchHits(t.db, w.id)).length));
    expect(found.filter((n) => n > 0).length).toBeGreaterThan(queries.length - 3);
  });

  it('announces an ad once, ever: not again when edited, nor while paused, and an edit can make a match', async () => {
    const u = await user();
    const instant = await u.watch({ make: 'Skoda', priceMax: '100000' }, { notify: 'instant' });
    const paused = await u.watch({ make: 'Skoda' }, { notify: 'instant' });
    await u.call('PUT', paths.watchById(paused.id), { paused: true });
    const before = asked.length;

    const cheap = await insertCar(t.db, { make: 'Skoda', model: 'Octavia', price: 95_000 });
    const dear = await insertCar(t.db, { make: 'Skoda', model: 'Superb', price: 180_000 });
    await runJobs();
    expect(await watchHits(t.db, instant.id)).toEqual([cheap]);
    expect(await watchHits(t.db, paused.id)).toEqual([]);

    // Edits: the cheap one edited (still matching), the dear one lowered into the range.
    await t.db.query(`UPDATE inventory.cars SET title = 'Skoda Octavia RS', price = 94000 WHERE id = $1`, [cheap]);
    await t.db.query('UPDATE inventory.cars SET price = 99000 WHERE id = $1', [dear]);
    await runJobs();
    expect(await watchHits(t.db, instant.id)).toEqual([cheap, dear].sort((a, b) => a - b));
    const alerts = asked.slice(before).filter((r) => r.key.startsWith(`watch-${instant.id}-`));
    expect(alerts.map((r) => r.key).sort()).toEqual([`watch-${instant.id}-${cheap}`, `watch-${instant.id}-${dear}`]);
    expect(alerts[0]).toMatchObject({ username: u.username, kind: 'watches' });
    expect(alerts[0]!.text).toContain(`${PUBLIC_URL}/car/${cheap}`);
    expect(alerts[0]!.text).toMatch(/Sluta få mejl .*\/bevakningar\/avsluta#bevakning=\d+&token=/);
    expect(asked.slice(before).some((r) => r.key.startsWith(`watch-${paused.id}-`))).toBe(false);

    // The counts: '2 nya' until opened, then none new and the list marks none new.
    const listed2 = (await u.call('GET', paths.watches)).json() as { id: number; newCount: number }[];
    expect(listed2.find((w) => w.id === instant.id)!.newCount).toBe(2);
    expect((await u.call('GET', paths.watchesNewCount)).json()).toEqual({ newCount: 2 });
    const ads = (await u.call('GET', paths.watchAds(instant.id))).json() as { id: number; isNew: boolean }[];
    expect(ads.map((a) => [a.id, a.isNew])).toEqual([
      [dear, true],
      [cheap, true],
    ]);
    expect((await u.call('PUT', paths.watchSeen(instant.id))).statusCode).toBe(204);
    expect((await u.call('GET', paths.watchesNewCount)).json()).toEqual({ newCount: 0 });
    expect(((await u.call('GET', paths.watchAds(instant.id))).json() as { isNew: boolean }[])[0]!.isNew).toBe(false);
  });

  it('records each hit once when the same ads are matched concurrently', async () => {
    const u = await user();
    const w = await u.watch({ make: 'Dacia' }, { notify: 'instant' });
    const ids = await Promise.all(Array.from({ length: 6 }, () => insertCar(t.db, { make: 'Dacia', model: 'Duster' })));
    // Concurrent matching of the same ads (two replicas taking a publish and an edit of them at once).
    const repository = watchesRepository(t.db);
    await Promise.all([repository.matchCars(ids), repository.matchCars(ids), repository.matchCars(ids.slice(0, 3))]);
    expect(await watchHits(t.db, w.id)).toEqual([...ids].sort((a, b) => a - b));
    const alerts = await t.db.query<{ car: number }>(
      `SELECT (payload->>'car')::int AS car FROM inventory.jobs WHERE kind = 'watch-alert' AND payload->>'watch' = $1`,
      [String(w.id)],
    );
    expect(alerts.rows.map((r) => r.car).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    await runJobs();
    expect(asked.filter((r) => r.key.startsWith(`watch-${w.id}-`))).toHaveLength(ids.length);
  });
});

describe('the job runner', () => {
  it('survives a crash: a claimed job runs again after its lease, mailing with the same key', async () => {
    const u = await user();
    const w = await u.watch({ make: 'Lada' }, { notify: 'instant' });
    await runJobs();
    const car = await insertCar(t.db, { make: 'Lada', model: 'Niva' });
    // A runner claims the match job and dies before finishing it.
    const jobs = jobsRepository(t.db);
    const lease = 60_000;
    const claimed = await jobs.claimDue(new Date(), new Date(Date.now() + lease), 10);
    expect(claimed.map((j) => j.kind)).toContain('match');
    // Restarted at once: nothing is due (the lease holds).
    expect(await runner().runDue(new Date())).toBe(0);
    // After the lease a new runner matches; identity is then down for one try: tried again later, not lost.
    const later = new Date(Date.now() + lease + 1_000);
    failKey = `watch-${w.id}-${car}`;
    await runner().runDue(later);
    expect(await watchHits(t.db, w.id)).toEqual([car]);
    expect(asked.filter((r) => r.key === `watch-${w.id}-${car}`)).toHaveLength(0);
    await runner().runDue(new Date(later.getTime() + 60_000));
    expect(asked.filter((r) => r.key === `watch-${w.id}-${car}`)).toHaveLength(1);
    // Run again (a crash after the mail was asked for): the same key, which identity sends once.
    await jobs.enqueue('watch-alert', { watch: w.id, car });
    await runner().runDue(new Date(later.getTime() + 60_000));
    expect(new Set(asked.filter((r) => r.key.startsWith(`watch-${w.id}-`)).map((r) => r.key))).toEqual(
      new Set([`watch-${w.id}-${car}`]),
    );
    expect(await jobs.pending('watch-alert')).toBe(0);
  });

  onPostgresOnly('two runners on PostgreSQL take each job once', async () => {
    const jobs = jobsRepository(t.db);
    for (let i = 0; i < 40; i++) await jobs.enqueue('count', { n: i });
    const seen: number[] = [];
    const count = {
      kind: 'count',
      run: async (job: { payload: Record<string, unknown> }) => {
        seen.push(Number(job.payload.n));
        await new Promise((resolve) => setImmediate(resolve));
      },
    };
    const make = () => createJobQueue({ db: t.db, jobs: [count], log: silent });
    await Promise.all([make().runDue(), make().runDue(), make().runDue()]);
    expect(await jobs.pending('count')).toBe(0);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });
});

describe('the daily digest', () => {
  it('is due at 07:00 Swedish time, also on the days summer time starts and ends', () => {
    // 29 March 2026: clocks go 02:00 → 03:00 (UTC+2 from 01:00 UTC). 25 October 2026: 03:00 → 02:00 (UTC+1).
    expect(digestDayDue(new Date('2026-03-29T04:59:59Z'))).toBeNull();
    expect(digestDayDue(new Date('2026-03-29T05:00:00Z'))).toBe('2026-03-29');
    expect(digestDayDue(new Date('2026-03-28T05:59:59Z'))).toBeNull();
    expect(digestDayDue(new Date('2026-03-28T06:00:00Z'))).toBe('2026-03-28');
    expect(digestDayDue(new Date('2026-10-25T05:59:59Z'))).toBeNull();
    expect(digestDayDue(new Date('2026-10-25T06:00:00Z'))).toBe('2026-10-25');
    expect(digestDayDue(new Date('2026-10-24T05:00:00Z'))).toBe('2026-10-24');
    expect(stockholmClock(new Date('2026-10-25T00:30:00Z'))).toEqual({ day: '2026-10-25', hour: 2 });
    expect(stockholmClock(new Date('2026-10-25T01:30:00Z'))).toEqual({ day: '2026-10-25', hour: 2 });
    expect(stockholmClock(new Date('2026-12-31T23:30:00Z'))).toEqual({ day: '2027-01-01', hour: 0 });
  });

  it('is queued once per day by any number of runners, and mails each daily bevakning one digest', async () => {
    const u = await user();
    const daily = await u.watch({ make: 'Trabant' }, { notify: 'daily' });
    const site = await u.watch({ make: 'Trabant', model: '601' });
    const a = await insertCar(t.db, { make: 'Trabant', model: '601', title: 'Trabant 601 Kombi', price: 25_000 });
    const b = await insertCar(t.db, { make: 'Trabant', model: 'P50', imageCount: 2, imageVersion: 3 });
    await runJobs();
    expect(await watchHits(t.db, site.id)).toEqual([a]);

    // Before the hour nothing; at the hour of a day in summer time, once, whoever asks.
    expect(await scheduleDigest(t.db, new Date('2027-06-01T04:59:00Z'))).toBe(false);
    const at = new Date('2027-06-01T05:00:00Z');
    const queued = await Promise.all([1, 2, 3].map(() => scheduleDigest(t.db, at)));
    expect(queued.filter(Boolean)).toHaveLength(1);
    await runJobs();
    const digests = asked.filter((r) => r.key.startsWith(`watch-digest-${daily.id}-`));
    expect(digests.map((r) => r.key)).toEqual([`watch-digest-${daily.id}-2027-06-01`]);
    expect(digests[0]!.subject).toBe('2 nya bilar i din bevakning Trabant');
    expect(digests[0]!.text).toContain('Trabant 601 Kombi\n25 000 kr · Årsmodell 2015 · 12 000 mil');
    expect(digests[0]!.text).toContain(`${PUBLIC_URL}/files/${b}-1.jpeg?v=3`);
    expect(digests[0]!.text).toMatch(/\/bevakningar\/avsluta#bevakning=\d+&token=/);
    // Mailed hits are not mailed again the next day.
    expect(await scheduleDigest(t.db, new Date('2027-06-02T05:00:00Z'))).toBe(true);
    await runJobs();
    expect(asked.filter((r) => r.key.startsWith(`watch-digest-${daily.id}-`))).toHaveLength(1);
  });
});

describe('unsubscribe links', () => {
  it('stop the mails of their bevakning in one click, and refuse forged, expired and other links', async () => {
    const anna = await user();
    const erik = await user();
    const mine = await anna.watch({ make: 'Opel' }, { notify: 'instant' });
    const theirs = await erik.watch({ make: 'Opel' }, { notify: 'daily' });
    const tokens = unsubscribeTokens(t.db);
    const post = (watch: unknown, token: string) =>
      t.app.inject({ method: 'POST', url: `${BASE}${paths.watchesUnsubscribe}`, payload: { watch, token } });

    const good = await tokens.make(mine.id, anna.username, new Date());
    const forged = good.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await post(mine.id, forged)).json()).toEqual({ message: WATCH_MESSAGES.tokenInvalid, field: 'token' });
    // A valid signature over another owner: made for anna, checked against erik's bevakning's owner.
    const forOther = await tokens.make(theirs.id, anna.username, new Date());
    expect((await post(theirs.id, forOther)).json().message).toBe(WATCH_MESSAGES.tokenInvalid);
    // Erik's own link used on anna's bevakning.
    const eriks = await tokens.make(theirs.id, erik.username, new Date());
    const other = await post(mine.id, eriks);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(WATCH_MESSAGES.tokenOther);
    // A missing bevakning answers as an existing one does (issue 46): no way to probe which ids exist.
    const missing = 2_000_000_000;
    const onMissing = await post(missing, eriks);
    expect([onMissing.statusCode, onMissing.json()]).toEqual([other.statusCode, other.json()]);
    const claimsMissing = `${missing}.${forged.split('.').slice(1).join('.')}`;
    const claimsMine = `${mine.id}.${forged.split('.').slice(1).join('.')}`;
    expect((await post(missing, claimsMissing)).json()).toEqual((await post(mine.id, claimsMine)).json());
    const old = await tokens.make(mine.id, anna.username, new Date(Date.now() - UNSUBSCRIBE_TTL_MS - 60_000));
    expect((await post(mine.id, old)).json()).toEqual({ message: WATCH_MESSAGES.tokenExpired, field: 'token' });
    expect((await post('x', good)).statusCode).toBe(400);

    const ok = await post(String(mine.id), good);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: WATCH_MESSAGES.unsubscribed, name: 'Opel' });
    const after = (await anna.call('GET', paths.watchById(mine.id))).json();
    expect(after.notify).toBe('site');
    expect((await erik.call('GET', paths.watchById(theirs.id))).json().notify).toBe('daily');
  });
});

describe('price drops and closed accounts', () => {
  it('tells those who saved an ad of a lowered price, once per change, and marks nothing for a raise', async () => {
    const buyer = await user();
    const car = await insertCar(t.db, { username: 'prissankare', price: 150_000 });
    expect((await buyer.call('POST', `${paths.toggleSaved}?carid=${car}`)).json()).toEqual({ saved: true });
    await runJobs();
    const before = asked.length;
    await t.db.query('UPDATE inventory.cars SET price = 140000 WHERE id = $1', [car]);
    await t.db.query('UPDATE inventory.cars SET price = 145000 WHERE id = $1', [car]);
    await runJobs();
    const drops = asked.slice(before).filter((r) => r.kind === 'priceDrops');
    expect(drops).toHaveLength(1);
    expect(drops[0]).toMatchObject({ username: buyer.username, subject: expect.stringContaining('Sänkt pris') });
    expect(drops[0]!.text).toContain('från 150 000 kr till 140 000 kr (sänkt 10 000 kr)');
    // The saved list shows the drop since saving (150 000 → 145 000).
    const saved = (await buyer.call('GET', paths.savedCars)).json() as { id: number; priceDrop: number | null }[];
    expect(saved.find((s) => s.id === car)!.priceDrop).toBe(5_000);
  });

  it('keeps a removed saved ad in the list, marked, until dismissed: removed by its owner or by an erasure', async () => {
    const buyer = await user();
    const byOwner = await insertCar(t.db, { username: 'tarbort', title: 'Saab 900 Turbo' });
    const byErasure = await insertCar(t.db, { username: 'stangt', title: 'Volvo 240 GL' });
    for (const id of [byOwner, byErasure]) await buyer.call('POST', `${paths.toggleSaved}?carid=${id}`);
    const owner = await t.auth('tarbort');
    const del = await t.app.inject({ method: 'DELETE', url: `${BASE}${paths.carById(byOwner)}`, headers: owner });
    expect(del.statusCode).toBe(204);
    await createSellerErasure({ db: t.db, storage: t.storage }).erase('stangt');
    const removed = (await buyer.call('GET', paths.savedRemoved)).json() as { id: number; title: string }[];
    expect(removed.map((r) => [r.id, r.title]).sort()).toEqual(
      [
        [byOwner, 'Saab 900 Turbo'],
        [byErasure, 'Volvo 240 GL'],
      ].sort(),
    );
    expect((await buyer.call('GET', paths.savedCars)).json()).toEqual([]);
    // Another user sees none of them and cannot dismiss them.
    const other = await user();
    expect((await other.call('GET', paths.savedRemoved)).json()).toEqual([]);
    expect((await other.call('DELETE', paths.savedRemovedById(byOwner))).statusCode).toBe(404);
    expect((await buyer.call('DELETE', paths.savedRemovedById(byOwner))).statusCode).toBe(204);
    expect(((await buyer.call('GET', paths.savedRemoved)).json() as { id: number }[]).map((r) => r.id)).toEqual([
      byErasure,
    ]);
  });

  it("removes a closed account's bevakningar with their hits", async () => {
    const u = await user();
    const w = await u.watch({ make: 'Volvo' });
    await insertCar(t.db, { make: 'Volvo' });
    await runJobs();
    expect((await watchHits(t.db, w.id)).length).toBeGreaterThan(0);
    const erased = await createSellerErasure({ db: t.db, storage: t.storage }).erase(u.username.toUpperCase());
    expect(erased.removedWatches).toBe(1);
    expect(await countRows(t.db, 'inventory.watch_hits', 'watch_id = $1', [w.id])).toBe(0);
    const again = await u.call('POST', paths.watches, { query: { make: 'Volvo' } });
    expect(again.statusCode).toBe(401);
  });
});
