import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_LIMITS, PASSWORD_RESET_MESSAGES } from '@bilmarknaden/shared/validation/password-reset';
import type { Mailer, MailMessage } from '../src/app.ts';
import { createBackgroundTasks } from '../src/services/background-tasks.ts';
import { api, buildIdentity, newUser, type TestIdentity, withSlowCommits } from './helpers.ts';

const PUBLIC_URL = 'https://bilmarknaden.test';
const LINK = /^https:\/\/bilmarknaden\.test\/reset-password#token=([A-Za-z0-9_-]{43})$/m;
const INVALID_LINK = { message: PASSWORD_RESET_MESSAGES.invalidLink, field: 'token' };
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

let clock = Date.now();
let t: TestIdentity;
const background = createBackgroundTasks();
let mails: MailMessage[] = [];
/** What each test's mailer does; the app is built once with a mailer that calls it. */
let send: (mail: MailMessage) => Promise<void>;
const mailer: Mailer = { send: (mail) => send(mail) };
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(chunk.toString());
    done();
  },
});

beforeAll(async () => {
  t = await buildIdentity(
    { now: () => new Date(clock), mailer, background, publicUrl: PUBLIC_URL },
    { logger: { level: 'info', stream: logStream } },
  );
});
afterAll(() => t.close());
beforeEach(() => {
  clock += 2 * 60 * 60 * 1000; // each test starts after every window and link of the one before
  mails = [];
  send = async (mail) => {
    mails.push(mail);
  };
  logLines.length = 0;
});

let addresses = 0;
/** A new client address, so the per-address limit is reached only where a test means it. */
const nextAddress = () => `10.9.${(++addresses >> 8) & 255}.${addresses & 255}`;

async function registered(overrides: Record<string, unknown> = {}) {
  const user = newUser(overrides);
  const res = await t.app.inject({ method: 'POST', url: api('/user'), payload: user });
  expect(res.statusCode).toBe(200);
  return { ...user, token: res.body };
}

const ask = (payload: unknown, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: api('/user/password-reset'), payload: payload as object, remoteAddress });
const confirm = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: api('/user/password-reset/confirm'), payload: payload as object });
const login = (email: string, password: string, remoteAddress = '10.8.0.1') =>
  t.app.inject({ method: 'POST', url: api('/user/login'), payload: { email, password }, remoteAddress });
const currentUser = (token: string) =>
  t.app.inject({ method: 'GET', url: api('/user'), headers: { authorization: `Bearer ${token}` } });

/** Asks for a link for `email` and answers the token of the mail it brought. */
async function linkFor(email: string): Promise<string> {
  const before = mails.length;
  expect((await ask({ email })).statusCode).toBe(202);
  await background.idle();
  expect(mails).toHaveLength(before + 1);
  return LINK.exec(mails.at(-1)!.text)![1]!;
}

const links = async (username: string) =>
  (
    await t.db.query<{ token_hash: string; created: Date | string; expires: Date | string; used_at: unknown }>(
      `SELECT token_hash, created, expires, used_at FROM identity.password_resets
        WHERE user_id = (SELECT id FROM identity.users WHERE username = $1) ORDER BY id`,
      [username],
    )
  ).rows;

describe('POST /user/password-reset', () => {
  it('answers the same 202 for an email with an account and one without, and mails only the account', async () => {
    const user = await registered();
    const known = await ask({ email: user.email });
    const unknown = await ask({ email: 'ingen.alls@exempel.se' });
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.sent });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const { date: _d1, ...knownHeaders } = known.headers;
    const { date: _d2, ...unknownHeaders } = unknown.headers;
    expect(knownHeaders).toEqual(unknownHeaders);
    expect(known.body).toBe(unknown.body);
    await background.idle();
    expect(mails.map((m) => m.to)).toEqual([user.email]);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM identity.password_resets');
    expect(rows[0]!.n).toBe(1);
  });

  it('answers before the mail is sent: the request never waits for the mailer', async () => {
    const user = await registered();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    send = async (mail) => {
      await held;
      mails.push(mail);
    };
    const res = await ask({ email: user.email });
    expect(res.statusCode).toBe(202);
    expect(mails).toEqual([]);
    release();
    await background.idle();
    expect(mails).toHaveLength(1);
  });

  it("mails the account's own address: the subject, a Swedish greeting, the username and the link in the fragment", async () => {
    const user = await registered({ firstname: 'Åsa', email: `Asa.Berg${addresses}@Exempel.se` });
    const res = await ask({ email: `  ${user.email.toLowerCase()} ` });
    expect(res.statusCode).toBe(202);
    await background.idle();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe(PASSWORD_RESET_MESSAGES.mailSubject);
    expect(mail.text).toMatch(/^Hej Åsa!\n/);
    expect(mail.text).toContain(`ditt konto ${user.username} på Bilmarknaden`);
    expect(mail.text).toMatch(LINK);
    expect(mail.text).toContain(`en gång och gäller i ${PASSWORD_RESET_LIMITS.linkMinutes} minuter`);
    expect(mail.text).toContain('kan du bortse från det här mejlet. Ditt lösenord är oförändrat.');
  });

  it('stores only the SHA-256 of the token, for 60 minutes', async () => {
    const user = await registered();
    const token = await linkFor(user.email);
    const stored = await links(user.username);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(sha256(token));
    expect(stored[0]!.used_at).toBeNull();
    const created = new Date(stored[0]!.created).getTime();
    expect(created).toBe(clock);
    expect(new Date(stored[0]!.expires).getTime() - created).toBe(PASSWORD_RESET_LIMITS.linkMinutes * 60_000);
    const everything = JSON.stringify((await t.db.query('SELECT * FROM identity.password_resets')).rows);
    expect(everything).not.toContain(token);
    // The info log says nothing of the token either.
    expect(logLines.join('')).not.toContain(token);
  });

  it.each([
    [{}, 'no email'],
    [{ email: '' }, 'empty'],
    [{ email: 'a@b' }, 'without a dot'],
    [{ email: 'x'.repeat(46) + '@b.se' }, 'over 50 characters'],
    [{ email: 'anna.exempel.se' }, 'without @'],
  ])('refuses %j (%s) with 400 on the email field, uncounted and unmailed', async (body, _what) => {
    const address = nextAddress();
    const res = await ask(body, address);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Ange en giltig mailadress', field: 'email' });
    // More refused requests than the address may make, each for another email: none of them is counted.
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perAddressPerHour; i++) {
      expect((await ask({ email: `ogiltig${i}` }, address)).statusCode).toBe(400);
    }
    expect((await ask({ email: 'ingen@exempel.se' }, address)).statusCode).toBe(202);
    await background.idle();
    expect(mails).toEqual([]);
  });

  it('answers 400 without a body at all', async () => {
    const res = await t.app.inject({ method: 'POST', url: api('/user/password-reset') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Ange en giltig mailadress', field: 'email' });
  });

  it('lets one email ask 3 times an hour, account or not (any case), then 429 with Retry-After; no mail for it', async () => {
    const user = await registered();
    const stranger = `ingen${addresses}@exempel.se`;
    for (const email of [user.email, stranger]) {
      for (let i = 0; i < PASSWORD_RESET_LIMITS.perAccountPerHour; i++) {
        expect((await ask({ email: i === 1 ? email.toUpperCase() : email })).statusCode).toBe(202);
        clock += 60_000;
      }
    }
    for (const email of [user.email, stranger]) {
      const res = await ask({ email });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.tooMany });
      // Blocked until the first of the three leaves the hour.
      const first = email === user.email ? 6 : 3;
      expect(Number(res.headers['retry-after'])).toBe(3600 - first * 60);
    }
    await background.idle();
    expect(mails).toHaveLength(PASSWORD_RESET_LIMITS.perAccountPerHour);
    // The window slides: an hour after its first request, the account's email may ask once more.
    clock += 3600 * 1000 - 6 * 60_000;
    expect((await ask({ email: user.email })).statusCode).toBe(202);
    expect((await ask({ email: user.email })).statusCode).toBe(429);
    expect((await ask({ email: stranger })).statusCode).toBe(429);
    clock += 3 * 60_000;
    expect((await ask({ email: stranger })).statusCode).toBe(202);
    // The account's last request mails in the background: done here, not in the next test's mails.
    await background.idle();
  });

  it('lets one client address ask 20 times an hour, whatever the emails; other addresses go on', async () => {
    const user = await registered();
    const address = nextAddress();
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perAddressPerHour; i++) {
      expect((await ask({ email: `okand${i}.${addresses}@exempel.se` }, address)).statusCode).toBe(202);
    }
    const res = await ask({ email: user.email }, address);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.tooMany });
    expect(Number(res.headers['retry-after'])).toBe(3600);
    expect((await ask({ email: user.email })).statusCode).toBe(202);
    await background.idle();
    expect(mails).toHaveLength(1);
  });

  it('counts parallel requests exactly, also when they are slow to commit', async () => {
    for (const slow of [false, true]) {
      const email = `parallell${addresses}@exempel.se`;
      const asking = () => Promise.all(Array.from({ length: 8 }, () => ask({ email })));
      const results = slow ? await withSlowCommits(t.db, 'limits.events', asking) : await asking();
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses, slow ? 'slow commits' : 'parallel').toEqual([...Array(3).fill(202), ...Array(5).fill(429)]);
    }
  });

  it('keeps the answer when the mail cannot be sent, and logs the failure', async () => {
    const user = await registered();
    send = async () => {
      throw new Error('smtp server said no');
    };
    const res = await ask({ email: user.email });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.sent });
    await background.idle();
    const failure = logLines.map((l) => JSON.parse(l)).find((l) => /password reset link not sent/.test(l.msg));
    expect(failure).toMatchObject({ level: 50, err: { message: 'smtp server said no' } });
  });
});

describe('POST /user/password-reset/confirm', () => {
  it('sets the new password and answers a token; older tokens and the old password stop working', async () => {
    const user = await registered();
    const token = await linkFor(user.email);
    clock += 5_000;
    const res = await confirm({ token, password: 'ett helt nytt lösen' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await currentUser(res.body)).json()).toMatchObject({ username: user.username });
    expect((await currentUser(user.token)).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'ett helt nytt lösen')).statusCode).toBe(200);
    expect((await links(user.username)).map((l) => l.used_at !== null)).toEqual([true]);
  });

  it('works once: the same link again is refused on the token field and changes nothing', async () => {
    const user = await registered();
    const token = await linkFor(user.email);
    expect((await confirm({ token, password: 'första nya lösen' })).statusCode).toBe(200);
    const again = await confirm({ token, password: 'andra nya lösen' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
    expect((await login(user.email, 'första nya lösen')).statusCode).toBe(200);
  });

  it('one link of the same token in two requests at once: one sets its password, the other is refused', async () => {
    const user = await registered();
    const token = await linkFor(user.email);
    const results = await Promise.all([
      confirm({ token, password: 'parallellt lösen A' }),
      confirm({ token, password: 'parallellt lösen B' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]!.statusCode === 200 ? 'A' : 'B';
    expect((await login(user.email, `parallellt lösen ${winner}`)).statusCode).toBe(200);
  });

  it('only the newest link works: asking again kills the earlier one', async () => {
    const user = await registered();
    const older = await linkFor(user.email);
    const newer = await linkFor(user.email);
    expect(newer).not.toBe(older);
    expect((await links(user.username)).map((l) => l.token_hash)).toEqual([sha256(newer)]);
    expect((await confirm({ token: older, password: 'ett helt nytt lösen' })).json()).toEqual(INVALID_LINK);
    expect((await confirm({ token: newer, password: 'ett helt nytt lösen' })).statusCode).toBe(200);
  });

  it('removes the user’s other links: two asked at the same moment leave one link, and using it ends the other', async () => {
    const user = await registered();
    const results = await Promise.all([ask({ email: user.email }), ask({ email: user.email })]);
    expect(results.map((r) => r.statusCode)).toEqual([202, 202]);
    await background.idle();
    expect(mails).toHaveLength(2);
    const stored = await links(user.username);
    expect(stored).toHaveLength(1);
    const working = mails.map((m) => LINK.exec(m.text)![1]!).find((token) => sha256(token) === stored[0]!.token_hash)!;
    expect(working).toBeDefined();
    // A second unused link, as if written behind the service's back: using one link removes it.
    const other = Buffer.alloc(32, 9).toString('base64url');
    await t.db.query(
      `INSERT INTO identity.password_resets (user_id, token_hash, created, expires)
       SELECT id, $2, $3::timestamptz, $4::timestamptz FROM identity.users WHERE username = $1`,
      [user.username, sha256(other), new Date(clock).toISOString(), new Date(clock + 3600_000).toISOString()],
    );
    expect((await confirm({ token: working, password: 'ett helt nytt lösen' })).statusCode).toBe(200);
    expect((await confirm({ token: other, password: 'ett annat nytt lösen' })).json()).toEqual(INVALID_LINK);
    expect((await links(user.username)).map((l) => l.token_hash)).toEqual([sha256(working)]);
  });

  it('a link works for 60 minutes: refused once they have passed', async () => {
    const early = await registered();
    const late = await registered();
    const earlyToken = await linkFor(early.email);
    const lateToken = await linkFor(late.email);
    clock += PASSWORD_RESET_LIMITS.linkMinutes * 60_000 - 1000;
    expect((await confirm({ token: earlyToken, password: 'i sista stund' })).statusCode).toBe(200);
    clock += 1000;
    const res = await confirm({ token: lateToken, password: 'en minut för sent' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_LINK);
    // An expired link is the answer even with a password the rules refuse.
    expect((await confirm({ token: lateToken, password: 'kort' })).json()).toEqual(INVALID_LINK);
    expect((await login(late.email, late.password)).statusCode).toBe(200);
  });

  it('forgives the failed logins of the account: a locked-out user logs in with the new password', async () => {
    const user = await registered();
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'fel gissning')).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(429);
    const token = await linkFor(user.email);
    expect((await confirm({ token, password: 'ett helt nytt lösen' })).statusCode).toBe(200);
    expect((await login(user.email, 'ett helt nytt lösen')).statusCode).toBe(200);
  });

  it.each([
    [{ password: 'kort' }, 'För kort lösenord'],
    [{ password: 'l'.repeat(51) }, 'För långt lösenord'],
    [{}, 'För kort lösenord'],
  ])('refuses %j on the password field with a working link, which keeps working', async (body, message) => {
    const user = await registered();
    const token = await linkFor(user.email);
    const res = await confirm({ token, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field: 'password' });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await confirm({ token, password: 'p'.repeat(50) })).statusCode).toBe(200);
  });

  it('tells about a dead link before the password: an unknown, malformed or missing token is the link', async () => {
    const user = await registered();
    const token = await linkFor(user.email);
    const unknown = Buffer.alloc(32, 7).toString('base64url');
    for (const body of [
      { token: unknown, password: 'ett helt nytt lösen' },
      { token: unknown, password: 'kort' },
      { token: `${token}x`, password: 'ett helt nytt lösen' },
      { token: token.slice(1), password: 'ett helt nytt lösen' },
      { token: sha256(token), password: 'ett helt nytt lösen' }, // the stored hash is not a token
      { token: '', password: 'ett helt nytt lösen' },
      { password: 'ett helt nytt lösen' },
      {},
    ]) {
      const res = await confirm(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(INVALID_LINK);
    }
    const bare = await t.app.inject({ method: 'POST', url: api('/user/password-reset/confirm') });
    expect(bare.json()).toEqual(INVALID_LINK);
    // A used link with a bad password: still the link.
    expect((await confirm({ token, password: 'ett helt nytt lösen' })).statusCode).toBe(200);
    expect((await confirm({ token, password: 'kort' })).json()).toEqual(INVALID_LINK);
  });

  it('takes the token with spaces around it (copied by hand) and the password as NFC', async () => {
    const user = await registered();
    const token = await linkFor(user.email);
    expect((await confirm({ token: ` ${token}\n`, password: 'a\u030Aterbruk-lösenord' })).statusCode).toBe(200);
    expect((await login(user.email, 'återbruk-lösenord')).statusCode).toBe(200);
  });
});

describe('outstanding links die with the password or the account', () => {
  it('a password change (PUT /user/password) removes them', async () => {
    const user = await registered();
    const token = await linkFor(user.email);
    const other = await registered();
    const othersToken = await linkFor(other.email);
    const change = await t.app.inject({
      method: 'PUT',
      url: api('/user/password'),
      headers: { authorization: `Bearer ${user.token}` },
      payload: { currentPassword: user.password, password: 'bytt på vanligt sätt' },
    });
    expect(change.statusCode).toBe(200);
    expect(await links(user.username)).toEqual([]);
    expect((await confirm({ token, password: 'ett helt nytt lösen' })).json()).toEqual(INVALID_LINK);
    expect((await login(user.email, 'bytt på vanligt sätt')).statusCode).toBe(200);
    // Another user's link is not touched.
    expect((await confirm({ token: othersToken, password: 'ett helt nytt lösen' })).statusCode).toBe(200);
  });

  it('closing the account removes them', async () => {
    const user = await registered();
    const token = await linkFor(user.email);
    const closure = await t.app.inject({
      method: 'DELETE',
      url: api('/user'),
      headers: { authorization: `Bearer ${user.token}` },
      payload: { password: user.password },
    });
    expect(closure.statusCode).toBe(204);
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM identity.password_resets WHERE token_hash = $1',
      [sha256(token)],
    );
    expect(rows[0]!.n).toBe(0);
    expect((await confirm({ token, password: 'ett helt nytt lösen' })).json()).toEqual(INVALID_LINK);
    // Asking again for the email mails nobody: the account is gone.
    expect((await ask({ email: user.email })).statusCode).toBe(202);
    await background.idle();
    expect(mails).toHaveLength(1);
  });
});

describe('OpenAPI', () => {
  it('describes both routes with English summaries and every answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: api('/docs/json') })).json();
    const request = doc.paths['/api/identity/user/password-reset'].post;
    const confirmation = doc.paths['/api/identity/user/password-reset/confirm'].post;
    expect(request.summary).toMatch(/^Forgotten password/);
    expect(confirmation.summary).toMatch(/^Forgotten password/);
    expect(Object.keys(request.responses).sort()).toEqual(['202', '400', '413', '415', '429']);
    expect(Object.keys(confirmation.responses).sort()).toEqual(['200', '400', '413', '415']);
    expect(request.security).toBeUndefined();
    expect(confirmation.security).toBeUndefined();
  });
});

describe('closing the app', () => {
  it('waits for the mails it has accepted to send', async () => {
    const tasks = createBackgroundTasks();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: MailMessage[] = [];
    const app = await buildIdentity({
      background: tasks,
      mailer: {
        send: async (mail) => {
          await held;
          sent.push(mail);
        },
      },
    });
    const user = newUser();
    expect((await app.app.inject({ method: 'POST', url: api('/user'), payload: user })).statusCode).toBe(200);
    const res = await app.app.inject({
      method: 'POST',
      url: api('/user/password-reset'),
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(202);
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    release();
    await closing;
    expect(sent.map((m) => m.to)).toEqual([user.email]);
  });
});
