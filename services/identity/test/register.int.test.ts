import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { api, buildIdentity, newUser, type TestIdentity } from './helpers.ts';

let t: TestIdentity;
beforeAll(async () => {
  t = await buildIdentity();
});
afterAll(() => t.close());

const register = (payload: unknown) => t.app.inject({ method: 'POST', url: api('/user'), payload: payload as object });
const x = (n: number, ch = 'a') => ch.repeat(n);
const emailOf = (n: number) => `${x(n - 7, 'e')}@ex.com`; // n characters in all

describe('POST /user: success', () => {
  it('answers 200 with the token as plain text, role 1', async () => {
    const user = newUser();
    const res = await register(user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    const claims = decodeJwt(res.body);
    expect(claims).toMatchObject({ sub: user.username, role: 1, iss: 'bilmarknaden-identity', aud: 'bilmarknaden' });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('accepts numbers as JSON numbers and keeps the leading 0 of a phone string', async () => {
    const user = newUser({ zipcode: 11122, countryCode: 46, housenumber: 7, phone: '070-123 45 67' });
    expect((await register(user)).statusCode).toBe(200);
    const { rows } = await t.db.query<Record<string, string>>(
      'SELECT zipcode, country_code, housenumber, phone, password_hash FROM identity.users WHERE username = $1',
      [user.username],
    );
    expect(rows[0]).toMatchObject({ zipcode: '11122', country_code: '46', housenumber: '7', phone: '0701234567' });
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('ignores unknown fields and never takes the role from the client', async () => {
    const user = newUser({ role: 3, isAdmin: true, id: 1 });
    const res = await register(user);
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.body).role).toBe(1);
    const { rows } = await t.db.query<{ role: number }>('SELECT role FROM identity.users WHERE username = $1', [
      user.username,
    ]);
    expect(rows[0]!.role).toBe(1);
  });

  it('trims text fields', async () => {
    const user = newUser();
    const res = await register({ ...user, username: `  ${user.username} `, email: ` ${user.email}  ` });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.body).sub).toBe(user.username);
  });
});

// [field, value, expected message or null for accepted]
const boundaries: [string, unknown, string | null][] = [
  ['username', 'abc', 'För kort användarnamn'],
  ['username', 'abcd', null],
  ['username', x(30), null],
  ['username', x(31), 'För långt användarnamn'],
  ['username', 'åäöü', null],
  ['username', 'an na', 'Användarnamnet får bara innehålla bokstäver, siffror, punkt, bindestreck och understreck'],
  ['firstname', 'A', 'Ange ett giltigt förnamn'],
  ['firstname', 'Al', null],
  ['firstname', x(30), null],
  ['firstname', x(31), 'Ange ett giltigt förnamn'],
  ['lastname', 'B', 'Ange ett giltigt efternamn'],
  ['lastname', 'Bo', null],
  ['lastname', x(40), null],
  ['lastname', x(41), 'Ange ett giltigt efternamn'],
  ['email', 'a@b', 'Ange en giltig mailadress'],
  ['email', 'a@.b', 'Ange en giltig mailadress'],
  ['email', '@.se', 'Ange en giltig mailadress'],
  ['email', 'a@.se', 'Ange en giltig mailadress'],
  ['email', '.@se', 'Ange en giltig mailadress'],
  ['email', 'anna@se.', 'Ange en giltig mailadress'],
  ['email', 'anna@@exempel.se', 'Ange en giltig mailadress'],
  ['email', 'anna andersson@exempel.se', 'Ange en giltig mailadress'],
  ['email', 'anna.andersson+bil@exempel.co.uk', null],
  ['email', emailOf(50), null],
  ['email', emailOf(51), 'Ange en giltig mailadress'],
  ['email', 'anna.exempel.se', 'Ange en giltig mailadress'],
  ['email', 'anna@exempelse', 'Ange en giltig mailadress'],
  ['password', x(7), 'För kort lösenord'],
  ['password', x(8), null],
  ['password', x(50), null],
  ['password', x(51), 'För långt lösenord'],
  ['password', 'åäöÅÄÖé€', null],
  ['password', x(50, '😀'), null],
  ['password', x(51, '😀'), 'För långt lösenord'],
  ['password', x(7, '😀'), 'För kort lösenord'],
  ['street', 'S', 'Ange ett giltigt gatunamn'],
  ['street', 'St', null],
  ['street', x(50), null],
  ['street', x(51), 'Ange ett giltigt gatunamn'],
  ['city', 'C', 'Ange en giltig stad'],
  ['city', 'Ed', null],
  ['city', x(50), null],
  ['city', x(51), 'Ange en giltig stad'],
  ['housenumber', '', 'Ange ett giltigt husnummer'],
  ['housenumber', '1', null],
  ['housenumber', '123456', null],
  ['housenumber', '1234567', 'Ange ett giltigt husnummer'],
  ['zipcode', '1234', 'Ange ett giltigt postnummer'],
  ['zipcode', '12345', null],
  ['zipcode', '123 45', null],
  ['zipcode', 12345, null],
  ['zipcode', '123456', 'Ange ett giltigt postnummer'],
  ['zipcode', 'abcde', 'Ange ett giltigt postnummer'],
  ['countryCode', '', 'Ange en giltig landskod'],
  ['countryCode', '1', null],
  ['countryCode', '+46', null],
  ['countryCode', '1234', null],
  ['countryCode', '12345', 'Ange en giltig landskod'],
  ['phone', '0701234', 'Ange ett giltigt telefonnummer'],
  ['phone', '07012345', null],
  ['phone', '070123456789', null],
  ['phone', '0701234567890', 'Ange ett giltigt telefonnummer'],
  ['phone', '+46701234567', null],
  ['phone', '07012345ab', 'Ange ett giltigt telefonnummer'],
];

describe('POST /user: every rule at its boundaries', () => {
  it.each(boundaries)('%s = %j -> %s', async (field, value, message) => {
    const res = await register(newUser({ [field]: value }));
    if (message === null) {
      expect(res.statusCode, res.body).toBe(200);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, field });
    }
  });

  it('counts a decomposed Unicode password in composed characters', async () => {
    const res = await register(newUser({ password: 'å'.repeat(50).normalize('NFD') }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a missing field fails its rule', async () => {
    const { city: _city, ...rest } = newUser();
    expect((await register(rest)).json()).toEqual({ message: 'Ange en giltig stad', field: 'city' });
  });

  it('the last failing rule wins', async () => {
    expect((await register(newUser({ username: 'ab', password: 'kort' }))).json()).toEqual({
      message: 'För kort lösenord',
      field: 'password',
    });
    expect((await register(newUser({ username: 'ab', zipcode: '1', phone: '1' }))).json()).toEqual({
      message: 'Ange ett giltigt telefonnummer',
      field: 'phone',
    });
    expect((await register(newUser({ firstname: '', email: 'x' }))).json()).toEqual({
      message: 'Ange en giltig mailadress',
      field: 'email',
    });
  });

  it('an empty body answers the last rule', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Ange ett giltigt telefonnummer', field: 'phone' });
  });

  it('a field of the wrong JSON type answers 400 naming the field', async () => {
    const res = await register(newUser({ username: { $ne: '' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Ogiltig förfrågan', field: 'username' });
  });
});

describe('POST /user: control and bidi characters in what is shown next to an ad', () => {
  const refused = (subject: string) =>
    `${subject} innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)`;
  it.each([
    ['firstname', 'Anna\u202E', refused('Förnamnet')],
    ['lastname', 'Svens\u2066son', refused('Efternamnet')],
    ['street', 'Stor\tgatan', refused('Gatunamnet')],
    ['city', 'Stock\u202Eholm', refused('Stadens namn')],
    ['housenumber', '12\u200FB', refused('Husnumret')],
    [
      'username',
      'anna\u202E1',
      'Användarnamnet får bara innehålla bokstäver, siffror, punkt, bindestreck och understreck',
    ],
  ])('%s = %j -> 400 %s, nothing stored', async (field, value, message) => {
    const user = newUser({ [field]: value });
    const res = await register(user);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field });
    const { rows } = await t.db.query('SELECT 1 FROM identity.users WHERE lower(email) = lower($1)', [user.email]);
    expect(rows).toHaveLength(0);
  });

  it('keeps names and addresses in any script', async () => {
    const res = await register(newUser({ firstname: 'Åsa-Lena', lastname: 'עברית', street: 'Ærøgade', city: 'Malmö' }));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('POST /user: taken email or username', () => {
  it('answers 409 for an email in another case', async () => {
    const user = newUser();
    expect((await register(user)).statusCode).toBe(200);
    const res = await register(newUser({ email: user.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'E-postadressen används redan', field: 'email' });
  });

  it('answers 409 for a username in another case', async () => {
    const user = newUser();
    expect((await register(user)).statusCode).toBe(200);
    const res = await register(newUser({ username: user.username.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Användarnamnet är upptaget', field: 'username' });
  });

  it('both taken: the email (the later rule) is answered', async () => {
    const user = newUser();
    await register(user);
    expect((await register(user)).json()).toEqual({ message: 'E-postadressen används redan', field: 'email' });
  });

  it('simultaneous registrations of one email: one 200, the rest 409 (unique-violation race)', async () => {
    const email = newUser().email;
    const results = await Promise.all([1, 2, 3, 4].map(() => register(newUser({ email }))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().field).toBe('email');
  });

  it('simultaneous registrations of one username: one 200, the rest 409', async () => {
    const username = newUser().username;
    const results = await Promise.all(
      [1, 2, 3].map((i) => register(newUser({ username: i === 2 ? username.toUpperCase() : username }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toEqual({ message: 'Användarnamnet är upptaget', field: 'username' });
    }
  });
});

describe('POST /user: hostile bodies', () => {
  const raw = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: api('/user'), headers: { 'content-type': contentType }, payload });

  it('a body over the limit answers 413 in Swedish', async () => {
    const res = await register(newUser({ city: x(9000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Förfrågan är för stor' });
  });

  it('malformed JSON answers 400', async () => {
    const res = await raw('{"username": "anna",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Ogiltig JSON i förfrågan' });
  });

  it('an empty JSON body answers 400', async () => {
    expect((await raw('')).statusCode).toBe(400);
  });

  it('a __proto__ key answers 400', async () => {
    const body = JSON.stringify(newUser()).replace(/^\{/, '{"__proto__":{"role":3},');
    const res = await raw(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Ogiltig JSON i förfrågan' });
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('a constructor.prototype key answers 400', async () => {
    const body = JSON.stringify(newUser()).replace(/^\{/, '{"constructor":{"prototype":{"role":3}},');
    const res = await raw(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ogiltig JSON i förfrågan');
  });

  it('a body that is not an object answers 400', async () => {
    expect((await raw('[1,2]')).statusCode).toBe(400);
    expect((await raw('"text"')).statusCode).toBe(400);
    expect((await raw('null')).statusCode).toBe(400);
  });

  it('a non-JSON content type answers 415 in Swedish', async () => {
    const res = await raw('username=anna', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Formatet stöds inte' });
  });
});
