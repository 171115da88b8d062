import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarListItem, SavedCar } from '@bilmarknaden/shared/api-types';
import { MAX_SAVED, ROLES } from '@bilmarknaden/shared/constants';
import { BASE, buildTestApp, countRows, createTokenKit, insertCar, type TestApp } from './inventory-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const toggle = async (carId: number | string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'POST', url: `${BASE}/001/3001?carid=${carId}`, headers });
  return { status: res.statusCode, body: res.json() };
};
const savedList = async (headers: Record<string, string>, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}/001/3002${query}`, headers });
  return { status: res.statusCode, body: res.json() };
};

describe('saved ads', () => {
  it('toggles on and off and lists newest saved first', async () => {
    const anna = await t.auth('anna');
    const a = await insertCar(t.db);
    const b = await insertCar(t.db);
    expect(await toggle(a, anna)).toEqual({ status: 200, body: { saved: true } });
    // saved_at decides the order, not the ad's age.
    await t.db.query(`UPDATE inventory.saved_cars SET saved_at = now() - interval '1 hour' WHERE car_id = $1`, [a]);
    expect(await toggle(b, anna)).toEqual({ status: 200, body: { saved: true } });
    const list = await savedList(anna);
    expect(list.status).toBe(200);
    expect(list.body.map((c: CarListItem) => c.id)).toEqual([b, a]);
    expect(Object.keys(list.body[0]).sort()).toContain('imageCount');
    expect((await savedList(anna, '?start=1&end=2')).body.map((c: CarListItem) => c.id)).toEqual([a]);

    const check = await t.app.inject({ method: 'GET', url: `${BASE}/saved/${a}`, headers: anna });
    expect(check.json()).toEqual({ saved: true });

    expect(await toggle(a, anna)).toEqual({ status: 200, body: { saved: false } });
    expect((await savedList(anna)).body.map((c: CarListItem) => c.id)).toEqual([b]);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/saved/${a}`, headers: anna })).json()).toEqual({
      saved: false,
    });
    // Another user's list is their own.
    expect((await savedList(await t.auth('bertil'))).body).toEqual([]);
  });

  it('unknown, malformed or pending car → 404; no token → 401', async () => {
    const anna = await t.auth('anna');
    expect(await toggle(99999999, anna)).toEqual({ status: 404, body: { message: 'Annonsen finns inte' } });
    expect((await toggle('abc', anna)).status).toBe(404);
    const pending = await insertCar(t.db, { status: 'pending' });
    expect((await toggle(pending, anna)).status).toBe(404);
    const a = await insertCar(t.db);
    expect(await toggle(a, {})).toEqual({ status: 401, body: { message: 'Du måste logga in' } });
    expect((await savedList({})).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/saved/${a}` })).statusCode).toBe(401);
  });

  it('refuses bad tokens: garbage, expired, another key, wrong scheme', async () => {
    const a = await insertCar(t.db);
    const otherKey = await createTokenKit();
    const expired = await (await createTokenKit()).sign('anna', { expiresIn: -10 });
    for (const authorization of [
      'Bearer garbage',
      `Bearer ${await otherKey.sign('anna')}`,
      `Bearer ${expired}`,
      `Basic ${Buffer.from('anna:pw').toString('base64')}`,
      (await t.auth('anna')).authorization!.replace('Bearer ', ''),
    ]) {
      expect((await toggle(a, { authorization })).status).toBe(401);
    }
  });

  it('a saved ad that becomes hidden or is removed leaves the list', async () => {
    const anna = await t.auth('cecilia');
    const a = await insertCar(t.db);
    await toggle(a, anna);
    await t.db.query(`UPDATE inventory.cars SET status = 'pending' WHERE id = $1`, [a]);
    expect((await savedList(anna)).body).toEqual([]);
    await t.db.query('DELETE FROM inventory.cars WHERE id = $1', [a]);
    expect(await countRows(t.db, 'inventory.saved_cars', 'car_id = $1', [a])).toBe(0);
  });

  it("keeps a sold ad in the list with soldAt, lets it be unsaved, never newly saved; 'Ångra' clears soldAt", async () => {
    const seller = await t.auth('saljaren');
    const anna = await t.auth('sparerska');
    const sold = await insertCar(t.db, { username: 'saljaren' });
    const forSale = await insertCar(t.db, { username: 'saljaren' });
    await toggle(sold, anna);
    await t.db.query(`UPDATE inventory.saved_cars SET saved_at = now() - interval '1 hour' WHERE car_id = $1`, [sold]);
    await toggle(forSale, anna);
    const mark = (method: 'PUT' | 'DELETE') =>
      t.app.inject({ method, url: `${BASE}/cars/${sold}/sold`, headers: seller });
    const marked = await mark('PUT');
    expect(marked.statusCode).toBe(200);
    const soldAt = marked.json<{ soldAt: string }>().soldAt;

    // Same order as before the sale; the sold ad says when, the other says null.
    let list = (await savedList(anna)).body as SavedCar[];
    expect(list.map((c) => [c.id, c.soldAt])).toEqual([
      [forSale, null],
      [sold, soldAt],
    ]);
    expect((await savedList(anna, '?start=1&end=2')).body.map((c: SavedCar) => c.id)).toEqual([sold]);

    // 'Ångra' puts it back for sale: soldAt null again.
    expect((await mark('DELETE')).statusCode).toBe(204);
    list = (await savedList(anna)).body;
    expect(list.find((c) => c.id === sold)?.soldAt).toBeNull();
    expect((await mark('PUT')).statusCode).toBe(200);

    // Unsaving a sold ad works; saving it again, or by someone who never saved it, is refused as for a missing ad.
    expect(await toggle(sold, anna)).toEqual({ status: 200, body: { saved: false } });
    expect((await savedList(anna)).body.map((c: SavedCar) => c.id)).toEqual([forSale]);
    const notFound = { status: 404, body: { message: 'Annonsen finns inte' } };
    expect(await toggle(sold, anna)).toEqual(notFound);
    expect(await toggle(sold, await t.auth('nykomling'))).toEqual(notFound);
    expect(await countRows(t.db, 'inventory.saved_cars', 'car_id = $1', [sold])).toBe(0);
  });

  /** `n` new visible ads saved by `username` (written directly: the toggle is what the tests exercise). */
  const saveMany = async (username: string, n: number): Promise<number[]> => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push(await insertCar(t.db));
    await t.db.query(
      `INSERT INTO inventory.saved_cars (username, car_id, saved_at)
       SELECT $1, id, now() - (n || ' seconds')::interval FROM unnest($2::int[]) WITH ORDINALITY AS u(id, n)`,
      [username, ids],
    );
    return ids;
  };
  const full = {
    status: 409,
    body: { message: `Du kan spara högst ${MAX_SAVED} bilar. Ta bort en sparad bil först.` },
  };

  it(`keeps at most ${MAX_SAVED} saved ads: the list shows them all, unsaving makes room`, async () => {
    const headers = await t.auth('samlaren');
    const ids = await saveMany('samlaren', MAX_SAVED);
    const list = await savedList(headers);
    expect(list.body).toHaveLength(MAX_SAVED);
    expect(new Set(list.body.map((c: CarListItem) => c.id))).toEqual(new Set(ids));

    const extra = await insertCar(t.db);
    expect(await toggle(extra, headers)).toEqual(full);
    expect(await countRows(t.db, 'inventory.saved_cars', 'username = $1', ['samlaren'])).toBe(MAX_SAVED);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/saved/${extra}`, headers })).json()).toEqual({
      saved: false,
    });

    // Unsaving always works, and makes room for one more.
    expect(await toggle(ids[0]!, headers)).toEqual({ status: 200, body: { saved: false } });
    expect(await toggle(extra, headers)).toEqual({ status: 200, body: { saved: true } });
    expect(await toggle(ids[0]!, headers)).toEqual(full);
    expect((await savedList(headers)).body[0].id).toBe(extra);
  });

  it('counts saved ads as the list shows them: a hidden one leaves room', async () => {
    const headers = await t.auth('doljaren');
    const ids = await saveMany('doljaren', MAX_SAVED);
    await t.db.query(`UPDATE inventory.cars SET status = 'pending' WHERE id = $1`, [ids[5]]);
    expect((await savedList(headers)).body).toHaveLength(MAX_SAVED - 1);
    expect((await toggle(await insertCar(t.db), headers)).status).toBe(200);
    expect((await toggle(await insertCar(t.db), headers)).status).toBe(409);
  });

  it('counts sold saved ads toward the limit: removing one makes room', async () => {
    const headers = await t.auth('saljbevakaren');
    const ids = await saveMany('saljbevakaren', MAX_SAVED);
    await t.db.query(`UPDATE inventory.cars SET status = 'sold', sold_at = now() WHERE id = $1`, [ids[3]]);
    expect((await savedList(headers)).body).toHaveLength(MAX_SAVED);
    const extra = await insertCar(t.db);
    expect(await toggle(extra, headers)).toEqual(full);
    expect(await toggle(ids[3]!, headers)).toEqual({ status: 200, body: { saved: false } });
    expect(await toggle(extra, headers)).toEqual({ status: 200, body: { saved: true } });
  });

  it('concurrent saves near the limit stop exactly at it', async () => {
    const headers = await t.auth('rusaren');
    await saveMany('rusaren', MAX_SAVED - 3);
    const cars: number[] = [];
    for (let i = 0; i < 8; i++) cars.push(await insertCar(t.db));
    const answers = await Promise.all(cars.map((car) => toggle(car, headers)));
    expect(answers.filter((a) => a.status === 200 && a.body.saved === true)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    expect(await countRows(t.db, 'inventory.saved_cars', 'username = $1', ['rusaren'])).toBe(MAX_SAVED);
  });

  it.each([1, 2, 7, 20])('%i concurrent toggles never duplicate and end consistent', async (n) => {
    const headers = await t.auth(`racer${n}`);
    const car = await insertCar(t.db);
    const answers = await Promise.all(Array.from({ length: n }, () => toggle(car, headers)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const rows = await countRows(t.db, 'inventory.saved_cars', 'car_id = $1', [car]);
    expect(rows).toBeLessThanOrEqual(1);
    // Toggles are serialised: the answers alternate, so the parity of n decides the final state.
    const trues = answers.filter((a) => a.body.saved === true).length;
    const falses = n - trues;
    expect(rows).toBe(n % 2);
    expect(trues - falses).toBe(rows);
  });
});

describe('POST /feedback', () => {
  const send = (payload: unknown, headers: Record<string, string> = {}, app = t.app) =>
    app.inject({ method: 'POST', url: `${BASE}/feedback`, payload: payload as object, headers });
  const valid = { name: 'Anna', email: 'anna@example.se', title: 'Bra sida', content: 'Lätt att hitta bilar.' };

  it('stores feedback, with the username when logged in', async () => {
    const anon = await send(valid);
    expect(anon.statusCode).toBe(201);
    const withUser = await send(valid, await t.auth('anna'));
    expect(withUser.statusCode).toBe(201);
    const rows = await t.db.query<{ id: number; username: string | null; name: string }>(
      'SELECT id, username, name FROM inventory.feedback WHERE id = ANY($1::int[]) ORDER BY id',
      [[anon.json().id, withUser.json().id]],
    );
    expect(rows.rows.map((r) => r.username)).toEqual([null, 'anna']);
    // A bad token is not an error here: the feedback is stored anonymously.
    const bad = await send(valid, { authorization: 'Bearer nope' });
    expect(bad.statusCode).toBe(201);
  });

  it.each([
    [{ ...valid, name: '' }, 'name', 'Ange ditt namn'],
    [{ ...valid, name: 'x'.repeat(101) }, 'name', 'Namnet får vara högst 100 tecken'],
    [{ ...valid, email: 'anna' }, 'email', 'Ange en giltig mailadress'],
    [{ ...valid, email: 'a@b' }, 'email', 'Ange en giltig mailadress'],
    // An address mail can reach, beyond the specification's '@' and '.' (email-address.ts).
    [{ ...valid, email: '@.se' }, 'email', 'Ange en giltig mailadress'],
    [{ ...valid, email: 'a@.se' }, 'email', 'Ange en giltig mailadress'],
    [{ ...valid, email: '.@se' }, 'email', 'Ange en giltig mailadress'],
    [{ ...valid, email: 'anna@se.' }, 'email', 'Ange en giltig mailadress'],
    [{ ...valid, email: 'anna@@example.se' }, 'email', 'Ange en giltig mailadress'],
    [{ ...valid, email: 'anna svensson@example.se' }, 'email', 'Ange en giltig mailadress'],
    [{ ...valid, title: '   ' }, 'title', 'Ange en rubrik'],
    [{ ...valid, content: '' }, 'content', 'Skriv ditt meddelande'],
    [{ ...valid, content: 'x'.repeat(5001) }, 'content', 'Meddelandet får vara högst 5000 tecken'],
    [{ ...valid, title: 't'.repeat(121) }, 'title', 'Rubriken får vara högst 120 tecken'],
    [{ name: '', email: '', title: '', content: '' }, 'content', 'Skriv ditt meddelande'],
    [{ ...valid, email: '', title: '' }, 'title', 'Ange en rubrik'],
    // No control or bidi characters, as in ads; the message may hold line breaks and tabs.
    [
      { ...valid, name: 'Anna\u202E' },
      'name',
      'Namnet innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)',
    ],
    [{ ...valid, email: 'anna@exa\u200Fmple.se' }, 'email', 'Ange en giltig mailadress'],
    [
      { ...valid, title: 'Bra\u0007sida' },
      'title',
      'Rubriken innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)',
    ],
    [{ ...valid, content: 'Tack\u2066!' }, 'content', 'Meddelandet innehåller otillåtna osynliga styrtecken'],
  ])('refuses %j with the last failing rule', async (body, field, message) => {
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field });
  });

  it('keeps the line breaks and tabs of the message', async () => {
    const content = 'Hej!\r\nBra sida.\n\tMvh Anna';
    const res = await send({ ...valid, content });
    expect(res.statusCode).toBe(201);
    const row = await t.db.query<{ content: string }>('SELECT content FROM inventory.feedback WHERE id = $1', [
      res.json().id,
    ]);
    expect(row.rows[0]!.content).toBe(content);
  });

  it('accepts the limits exactly', async () => {
    const res = await send({ ...valid, name: 'x'.repeat(100), title: 't'.repeat(120), content: 'c'.repeat(5000) });
    expect(res.statusCode).toBe(201);
  });

  it('malformed JSON → 400, __proto__ → 400, oversized → 413, other types → 4xx', async () => {
    const json = { 'content-type': 'application/json' };
    const malformed = await send('{"name": ', json);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Ogiltig JSON i förfrågan');
    const proto = await send(
      `{"name":"a","__proto__":{"admin":true},"email":"a@b.se","title":"t","content":"c"}`,
      json,
    );
    expect(proto.statusCode).toBe(400);
    const ctor = await send(`{"constructor":{"prototype":{"admin":true}}}`, json);
    expect(ctor.statusCode).toBe(400);
    const big = await send(JSON.stringify({ ...valid, content: 'x'.repeat(17 * 1024) }), json);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'Förfrågan är för stor' });
    const array = await send('[1,2]', json);
    expect(array.statusCode).toBe(400);
    const text = await send('hej', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(typeof text.json().message).toBe('string');
    const empty = await send('', json);
    expect(empty.statusCode).toBe(400);
  });

  it('is rate-limited per address with Retry-After', async () => {
    const limited = await buildTestApp({ feedbackRateLimit: { max: 3, timeWindow: 60_000 } });
    try {
      for (let i = 0; i < 3; i++) expect((await send(valid, {}, limited.app)).statusCode).toBe(201);
      const refused = await send(valid, {}, limited.app);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(
        /^För många förfrågningar\. Försök igen om (1 minut|([2-9]|\d\d+) minuter)\.$/,
      );
      // Another address still gets through.
      const other = await limited.app.inject({
        method: 'POST',
        url: `${BASE}/feedback`,
        payload: valid,
        remoteAddress: '10.0.0.9',
      });
      expect(other.statusCode).toBe(201);
      expect(await countRows(limited.db, 'inventory.feedback')).toBe(4);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /feedback', () => {
  const read = async (headers: Record<string, string>, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/feedback${query}`, headers });
    return { status: res.statusCode, body: res.json() };
  };

  it('moderators and administrators read it newest first, with who sent it and when', async () => {
    const first = { name: 'Första', email: 'forsta@example.se', title: 'Rubrik ett', content: 'Text ett' };
    const second = { name: 'Andra', email: 'andra@example.se', title: 'Rubrik två', content: 'Text två' };
    await t.app.inject({ method: 'POST', url: `${BASE}/feedback`, payload: first });
    await t.app.inject({ method: 'POST', url: `${BASE}/feedback`, payload: second, headers: await t.auth('bertil') });

    for (const role of [ROLES.moderator, ROLES.administrator]) {
      const { status, body } = await read(await t.auth('granskaren', role), '?start=0&end=2');
      expect(status).toBe(200);
      expect(body).toHaveLength(2);
      expect(body[0]).toMatchObject({ ...second, username: 'bertil' });
      expect(body[1]).toMatchObject({ ...first, username: null });
      expect(Date.parse(body[0].created)).toBeGreaterThan(Date.now() - 60_000);
      expect(body[0].id).toBeGreaterThan(body[1].id);
    }
    const next = await read(await t.auth('granskaren', ROLES.moderator), '?start=1&end=2');
    expect(next.body.map((f: { title: string }) => f.title)).toEqual(['Rubrik ett']);
  });

  it('other users get 403, visitors 401, a bad window 400', async () => {
    expect(await read(await t.auth('anna'))).toEqual({
      status: 403,
      body: { message: 'Bara moderatorer och administratörer kan läsa feedback' },
    });
    expect((await read({})).status).toBe(401);
    expect((await read(await t.auth('granskaren', ROLES.moderator), '?start=0&end=500')).status).toBe(400);
  });
});

describe('handled feedback', () => {
  const send = async (title: string) => {
    const payload = { name: 'Sven', email: 'sven@example.se', title, content: `Om ${title}` };
    return (await t.app.inject({ method: 'POST', url: `${BASE}/feedback`, payload })).json().id as number;
  };
  const mark = async (method: 'PUT' | 'DELETE', id: number | string, headers: Record<string, string>) => {
    const res = await t.app.inject({ method, url: `${BASE}/feedback/${id}/handled`, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const titles = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/feedback?start=0&end=100${query}`,
      headers: await t.auth('granskaren', ROLES.moderator),
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { title: string }[]).map((f) => f.title);
  };

  it('a moderator marks feedback handled: who and when are kept, and the open view leaves it out', async () => {
    const a = await send('Hanteras');
    const b = await send('Öppen');
    const moderator = await t.auth('granskaren', ROLES.moderator);
    const marked = await mark('PUT', a, moderator);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: a, title: 'Hanteras', handledBy: 'granskaren' });
    expect(Date.parse(marked.body.handledAt)).toBeGreaterThan(Date.now() - 60_000);

    expect(await titles('&handled=false')).toContain('Öppen');
    expect(await titles('&handled=false')).not.toContain('Hanteras');
    expect(await titles('&handled=true')).toEqual(['Hanteras']);
    const all = await titles('');
    expect(all.indexOf('Öppen')).toBeLessThan(all.indexOf('Hanteras')); // newest first either way
    const listed = await t.app.inject({
      method: 'GET',
      url: `${BASE}/feedback?start=0&end=100`,
      headers: moderator,
    });
    const item = (listed.json() as { id: number }[]).find((f) => f.id === b);
    expect(item).toMatchObject({ handledBy: null, handledAt: null });

    // Marking again (an administrator, later) keeps the first mark.
    const again = await mark('PUT', a, await t.auth('chefen', ROLES.administrator));
    expect(again.body).toMatchObject({ handledBy: 'granskaren', handledAt: marked.body.handledAt });
  });

  it('an administrator opens it again, and it is back in the open view', async () => {
    const id = await send('Tillbaka');
    await mark('PUT', id, await t.auth('granskaren', ROLES.moderator));
    const opened = await mark('DELETE', id, await t.auth('chefen', ROLES.administrator));
    expect(opened).toMatchObject({ status: 200, body: { id, handledBy: null, handledAt: null } });
    expect(await titles('&handled=false')).toContain('Tillbaka');
    const row = await t.db.query('SELECT handled_by, handled_at FROM inventory.feedback WHERE id = $1', [id]);
    expect(row.rows[0]).toEqual({ handled_by: null, handled_at: null });
  });

  it('other users get 403 and change nothing, visitors 401; an unknown id 404; a bad filter 400', async () => {
    const id = await send('Orörd');
    for (const method of ['PUT', 'DELETE'] as const) {
      expect(await mark(method, id, await t.auth('anna'))).toEqual({
        status: 403,
        body: { message: 'Bara moderatorer och administratörer kan hantera feedback' },
      });
      expect((await mark(method, id, {})).status).toBe(401);
      for (const unknown of [999_999, 'abc', '0']) {
        expect(await mark(method, unknown, await t.auth('granskaren', ROLES.moderator))).toEqual({
          status: 404,
          body: { message: 'Feedbacken finns inte' },
        });
      }
    }
    const row = await t.db.query('SELECT handled_by FROM inventory.feedback WHERE id = $1', [id]);
    expect(row.rows[0]).toEqual({ handled_by: null });
    const bad = await t.app.inject({
      method: 'GET',
      url: `${BASE}/feedback?handled=ja`,
      headers: await t.auth('granskaren', ROLES.moderator),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Ange handled som true eller false', field: 'handled' });
  });
});

describe('removing feedback', () => {
  const send = async (title: string) => {
    const payload = { name: 'Spam', email: 'spam@example.se', title, content: `Om ${title}` };
    return (await t.app.inject({ method: 'POST', url: `${BASE}/feedback`, payload })).json().id as number;
  };
  const remove = (id: number | string, headers: Record<string, string>) =>
    t.app.inject({ method: 'DELETE', url: `${BASE}/feedback/${id}`, headers });
  const stored = async (id: number) => countRows(t.db, 'inventory.feedback', 'id = $1', [id]);

  it('a moderator or an administrator removes it for good, handled or not', async () => {
    const open = await send('Bort öppen');
    const handled = await send('Bort hanterad');
    await t.app.inject({
      method: 'PUT',
      url: `${BASE}/feedback/${handled}/handled`,
      headers: await t.auth('granskaren', ROLES.moderator),
    });
    const byModerator = await remove(open, await t.auth('granskaren', ROLES.moderator));
    expect(byModerator.statusCode).toBe(204);
    expect(byModerator.body).toBe('');
    expect((await remove(handled, await t.auth('chefen', ROLES.administrator))).statusCode).toBe(204);
    expect(await stored(open)).toBe(0);
    expect(await stored(handled)).toBe(0);
    const list = await t.app.inject({
      method: 'GET',
      url: `${BASE}/feedback?start=0&end=100`,
      headers: await t.auth('granskaren', ROLES.moderator),
    });
    const titles = (list.json() as { title: string }[]).map((f) => f.title);
    expect(titles).not.toContain('Bort öppen');
    expect(titles).not.toContain('Bort hanterad');
    // Removed once: a second removal finds nothing.
    expect((await remove(open, await t.auth('granskaren', ROLES.moderator))).json()).toEqual({
      message: 'Feedbacken finns inte',
    });
  });

  it('other users get 403 and visitors 401, and it stays; an unknown id 404', async () => {
    const id = await send('Stannar');
    const byUser = await remove(id, await t.auth('anna'));
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json()).toEqual({ message: 'Bara moderatorer och administratörer kan ta bort feedback' });
    expect((await remove(id, {})).statusCode).toBe(401);
    expect(await stored(id)).toBe(1);
    for (const unknown of [999_999, 'abc', '0']) {
      const res = await remove(unknown, await t.auth('granskaren', ROLES.moderator));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Feedbacken finns inte' });
    }
    expect(await stored(id)).toBe(1);
  });
});
