import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEALER_MESSAGES, orgNumberWithCheckDigit } from '@bilmarknaden/shared/validation/dealer';
import { DEALER_SERVICE_MESSAGES, INVITE_TTL_MS } from '../src/services/dealer-service.ts';
import { identityDealerReads } from '../src/services/dealer-directory.ts';
import { api, buildIdentity, newUser, type TestIdentity } from './helpers.ts';

const INTERNAL_KEY = 'intern-nyckel-for-test-0123456789';
const PUBLIC_URL = 'https://bilmarknaden.test';

let clock = new Date();
let t: TestIdentity;
beforeAll(async () => {
  t = await buildIdentity({
    now: () => clock,
    sendNotificationMails: false,
    internalApiKey: INTERNAL_KEY,
    publicUrl: PUBLIC_URL,
  });
});
afterAll(() => t.close());

interface Account {
  username: string;
  email: string;
  token: string;
}

async function registered(): Promise<Account> {
  const user = newUser();
  const res = await t.app.inject({ method: 'POST', url: api('/user'), payload: user });
  expect(res.statusCode).toBe(200);
  return { username: user.username, email: user.email, token: res.body };
}

async function staff(): Promise<Account> {
  const account = await registered();
  await t.db.query('UPDATE identity.users SET role = 2 WHERE username = $1', [account.username]);
  return account;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, who: Account | null, payload?: object) =>
  t.app.inject({
    method,
    url: api(path),
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
    ...(payload ? { payload } : {}),
  });

let orgCounter = 0;
/** A valid organisationsnummer each call (a Luhn check digit on 55601 and a counter). */
function nextOrgNumber(): string {
  orgCounter += 1;
  const nine = `5560${String(100 + orgCounter).padStart(5, '0')}`;
  return orgNumberWithCheckDigit(nine);
}

const company = (overrides: Record<string, unknown> = {}) => ({
  orgNumber: nextOrgNumber(),
  name: 'Bilhuset i Norrtälje AB',
  street: 'Industrigatan 4',
  postalCode: '76141',
  city: 'Norrtälje',
  kommun: '0188',
  phone: '0176-123 45',
  openingHours: [
    { days: 'Mån–fre', hours: '10–18' },
    { days: 'Lör', hours: '11–15' },
  ],
  presentation: 'Familjeägd bilhandel sedan 1987.',
  ...overrides,
});

async function applied(owner: Account, overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/dealer/application', owner, company(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function approvedDealer(overrides: Record<string, unknown> = {}) {
  const owner = await registered();
  const dealer = await applied(owner, overrides);
  const moderator = await staff();
  expect((await call('POST', `/dealer-applications/${dealer.id}/approval`, moderator)).statusCode).toBe(204);
  return { owner, dealer: (await call('GET', '/dealer', owner)).json().dealer };
}

const outbox = async () =>
  (
    await t.db.query<{ user_id: number | null; to_email: string | null; subject: string; text: string }>(
      'SELECT user_id, to_email, subject, text FROM identity.mail_outbox ORDER BY id',
    )
  ).rows;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('Bli handlare: the application', () => {
  it.each([
    ['orgNumber', { orgNumber: '' }, DEALER_MESSAGES.orgNumber],
    ['orgNumber', { orgNumber: '556016-0681' }, DEALER_MESSAGES.orgNumberInvalid],
    ['name', { name: '  ' }, DEALER_MESSAGES.name],
    ['name', { name: 'x'.repeat(101) }, DEALER_MESSAGES.nameLong],
    ['postalCode', { postalCode: '7614' }, DEALER_MESSAGES.postalCode],
    ['kommun', { kommun: '9999' }, DEALER_MESSAGES.kommun],
    ['phone', { phone: '12-34' }, DEALER_MESSAGES.phone],
    ['openingHours', { openingHours: 'alltid' }, DEALER_MESSAGES.openingHours],
    ['presentation', { presentation: 'x'.repeat(2001) }, DEALER_MESSAGES.presentationLong],
  ])('refuses a bad %s with a Swedish message naming it', async (field, bad, message) => {
    const owner = await registered();
    const res = await call('POST', '/dealer/application', owner, company(bad));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ field, message });
    expect((await call('GET', '/dealer', owner)).json()).toEqual({ dealer: null });
  });

  it('needs a login', async () => {
    expect((await call('POST', '/dealer/application', null, company())).statusCode).toBe(401);
  });

  it('makes a pending dealer owned by the applicant, with a slug, 404 to the public until approved', async () => {
    const owner = await registered();
    const dealer = await applied(owner, { orgNumber: '5560160680', postalCode: '761 41' });
    expect(dealer).toMatchObject({
      slug: 'bilhuset-i-norrtalje-ab',
      orgNumber: '556016-0680',
      postalCode: '761 41',
      status: 'pending',
      role: 'owner',
      rejectReason: null,
      logo: null,
    });
    expect((await call('GET', '/dealer', owner)).json().dealer).toEqual(dealer);
    expect((await call('GET', `/dealers/${dealer.slug}`, null)).statusCode).toBe(404);
    expect(await identityDealerReads(t.db).ofMember(owner.username)).toBeNull();

    // One dealer per user; one dealer per organisationsnummer.
    expect((await call('POST', '/dealer/application', owner, company())).json()).toEqual({
      message: DEALER_SERVICE_MESSAGES.alreadyDealer,
    });
    const other = await registered();
    const taken = await call('POST', '/dealer/application', other, company({ orgNumber: '556016-0680' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ field: 'orgNumber', message: DEALER_SERVICE_MESSAGES.orgNumberTaken });
    // The same name gets the next free address.
    expect((await applied(await registered())).slug).toBe('bilhuset-i-norrtalje-ab-2');
  });
});

describe('Applications at the same moment', () => {
  it('one of two for the same organisationsnummer wins; the other is told it is registered', async () => {
    const [a, b] = [await registered(), await registered()];
    const orgNumber = nextOrgNumber();
    const answers = await Promise.all([
      call('POST', '/dealer/application', a, company({ orgNumber, name: 'Samtidig Bil' })),
      call('POST', '/dealer/application', b, company({ orgNumber, name: 'Samtidig Bil' })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({
      field: 'orgNumber',
      message: DEALER_SERVICE_MESSAGES.orgNumberTaken,
    });
  });

  it("a user's two applications make one dealer", async () => {
    const a = await registered();
    const answers = await Promise.all([
      call('POST', '/dealer/application', a, company({ name: 'Dubbel Bil' })),
      call('POST', '/dealer/application', a, company({ name: 'Dubbel Bil' })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({
      message: DEALER_SERVICE_MESSAGES.alreadyDealer,
    });
  });

  it('two companies of one name each get their own address', async () => {
    const answers = await Promise.all([
      call('POST', '/dealer/application', await registered(), company({ name: 'Tvilling Bil' })),
      call('POST', '/dealer/application', await registered(), company({ name: 'Tvilling Bil' })),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().slug).sort()).toEqual(['tvilling-bil', 'tvilling-bil-2']);
  });
});

describe('Staff decide', () => {
  it('only staff list, approve and reject; the applicant is mailed; the public profile appears', async () => {
    const owner = await registered();
    const dealer = await applied(owner, { name: 'Staffans Bil' });
    const plain = await registered();
    for (const [method, path] of [
      ['GET', '/dealer-applications'],
      ['POST', `/dealer-applications/${dealer.id}/approval`],
    ] as const) {
      const res = await call(method, path, plain);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(DEALER_SERVICE_MESSAGES.staffOnly);
    }
    expect((await call('POST', `/dealer-applications/${dealer.id}/rejection`, owner, { reason: 'x' })).statusCode).toBe(
      403,
    );

    const moderator = await staff();
    const pending = (await call('GET', '/dealer-applications', moderator)).json();
    expect(pending.find((d: { id: number }) => d.id === dealer.id)).toMatchObject({
      name: 'Staffans Bil',
      owner: owner.username,
    });
    expect((await call('POST', `/dealer-applications/${dealer.id}/approval`, moderator)).statusCode).toBe(204);
    // Decided once.
    expect((await call('POST', `/dealer-applications/${dealer.id}/approval`, moderator)).statusCode).toBe(404);

    const profile = await call('GET', `/dealers/${dealer.slug}`, null);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({
      slug: 'staffans-bil',
      name: 'Staffans Bil',
      orgNumber: dealer.orgNumber,
      street: 'Industrigatan 4',
      postalCode: '761 41',
      city: 'Norrtälje',
      kommun: '0188',
      phone: '0176-123 45',
      openingHours: [
        { days: 'Mån–fre', hours: '10–18' },
        { days: 'Lör', hours: '11–15' },
      ],
      presentation: 'Familjeägd bilhandel sedan 1987.',
      logo: null,
      owner: owner.username,
    });
    const mail = (await outbox()).at(-1)!;
    expect(mail.subject).toBe('Staffans Bil är godkänd som handlare på Bilmarknaden');
    expect(mail.text).toContain(`${PUBLIC_URL}/handlare/staffans-bil`);
    expect(mail.to_email).toBeNull();
    expect(await identityDealerReads(t.db).ofMember(owner.username)).toEqual({
      slug: 'staffans-bil',
      name: 'Staffans Bil',
      kommun: '0188',
      owner: owner.username,
    });

    // The address of an approved dealer's page stays when the name changes.
    const renamed = await call('PUT', '/dealer', owner, {
      ...company({ name: 'Staffans Bilar' }),
      orgNumber: undefined,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ slug: 'staffans-bil', name: 'Staffans Bilar' });
    const changedOrg = await call('PUT', '/dealer', owner, company());
    expect(changedOrg.json()).toEqual({ field: 'orgNumber', message: DEALER_SERVICE_MESSAGES.orgNumberFixed });
    await expect(t.db.query(`UPDATE identity.dealers SET slug = 'annat' WHERE id = $1`, [dealer.id])).rejects.toThrow();
  });

  it('rejects with a reason the applicant sees and is mailed; the application can be sent in again', async () => {
    const owner = await registered();
    const dealer = await applied(owner);
    const moderator = await staff();
    const noReason = await call('POST', `/dealer-applications/${dealer.id}/rejection`, moderator, { reason: ' ' });
    expect(noReason.json()).toEqual({ field: 'reason', message: DEALER_MESSAGES.rejectReason });
    const reason = 'Organisationsnumret hör till ett annat företag.';
    expect((await call('POST', `/dealer-applications/${dealer.id}/rejection`, moderator, { reason })).statusCode).toBe(
      204,
    );
    expect((await call('GET', '/dealer', owner)).json().dealer).toMatchObject({
      status: 'rejected',
      rejectReason: reason,
    });
    expect((await call('GET', `/dealers/${dealer.slug}`, null)).statusCode).toBe(404);
    expect((await outbox()).at(-1)!.text).toContain(`Skäl: ${reason}`);

    const again = await applied(owner, { name: 'Rättat Namn AB' });
    expect(again).toMatchObject({ id: dealer.id, status: 'pending', rejectReason: null, slug: 'rattat-namn-ab' });
  });
});

describe('Members and invitations', () => {
  it('the owner invites by mail; the link works once for a logged-in user, stored only as a hash', async () => {
    const { owner, dealer } = await approvedDealer({ name: 'Inbjudan Bil' });
    const invitee = await registered();
    const bad = await call('POST', '/dealer/invites', owner, { email: 'inte-en-adress' });
    expect(bad.json()).toEqual({ field: 'email', message: DEALER_MESSAGES.inviteEmail });
    expect((await call('POST', '/dealer/invites', owner, { email: invitee.email })).statusCode).toBe(204);

    const mail = (await outbox()).at(-1)!;
    expect(mail.to_email).toBe(invitee.email);
    expect(mail.subject).toBe('Inbjudan till Inbjudan Bil på Bilmarknaden');
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(mail.text).toContain(`${PUBLIC_URL}/mitt-foretag/inbjudan#token=`);
    const stored = await t.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM identity.dealer_invites WHERE dealer_id = $1',
      [dealer.id],
    );
    expect(stored.rows).toEqual([{ token_hash: sha256(token) }]);

    const listed = (await call('GET', '/dealer/members', owner)).json();
    expect(listed.invites).toEqual([expect.objectContaining({ email: invitee.email })]);

    expect((await call('POST', '/dealer/invites/acceptance', null, { token })).statusCode).toBe(401);
    const accepted = await call('POST', '/dealer/invites/acceptance', invitee, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: dealer.id, role: 'member', status: 'approved' });
    expect(await identityDealerReads(t.db).ofMember(invitee.username)).toMatchObject({
      slug: dealer.slug,
      owner: owner.username,
    });
    const third = await registered();
    expect((await call('POST', '/dealer/invites/acceptance', third, { token })).json()).toEqual({
      message: DEALER_SERVICE_MESSAGES.inviteUsed,
    });

    const members = (await call('GET', '/dealer/members', invitee)).json();
    expect(members.members.map((m: { username: string; role: string }) => [m.username, m.role])).toEqual([
      [owner.username, 'owner'],
      [invitee.username, 'member'],
    ]);
    expect(members.invites).toEqual([]);

    // A member neither invites, nor removes, nor sees the keys; the owner removes them.
    expect((await call('POST', '/dealer/invites', invitee, { email: 'x@exempel.se' })).statusCode).toBe(403);
    expect((await call('DELETE', `/dealer/members/${owner.username}`, invitee)).statusCode).toBe(403);
    expect((await call('GET', '/dealer/api-keys', invitee)).statusCode).toBe(403);
    expect((await call('DELETE', `/dealer/members/${invitee.username}`, owner)).statusCode).toBe(204);
    expect((await call('GET', '/dealer', invitee)).json()).toEqual({ dealer: null });

    // A member may leave on their own; the owner may not.
    await call('POST', '/dealer/invites', owner, { email: third.email });
    const again = /#token=([A-Za-z0-9_-]+)/.exec((await outbox()).at(-1)!.text)![1]!;
    expect((await call('POST', '/dealer/invites/acceptance', third, { token: again })).statusCode).toBe(200);
    expect((await call('DELETE', `/dealer/members/${third.username}`, third)).statusCode).toBe(204);
    expect((await call('GET', '/dealer', third)).json()).toEqual({ dealer: null });
    expect((await call('DELETE', `/dealer/members/${owner.username}`, owner)).json()).toEqual({
      message: DEALER_SERVICE_MESSAGES.ownerStays,
    });
  });

  it('an expired invitation is refused; a member of another dealer cannot accept one', async () => {
    const { owner } = await approvedDealer({ name: 'Utgången Bil' });
    const late = await registered();
    await call('POST', '/dealer/invites', owner, { email: late.email });
    const token = /#token=([A-Za-z0-9_-]+)/.exec((await outbox()).at(-1)!.text)![1]!;
    const { owner: otherOwner } = await approvedDealer({ name: 'Annan Bil' });
    expect((await call('POST', '/dealer/invites/acceptance', otherOwner, { token })).json()).toEqual({
      message: DEALER_SERVICE_MESSAGES.alreadyDealer,
    });

    clock = new Date(clock.getTime() + INVITE_TTL_MS + 1000);
    try {
      const res = await call('POST', '/dealer/invites/acceptance', late, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ field: 'token', message: DEALER_SERVICE_MESSAGES.inviteExpired });
      expect((await call('GET', '/dealer/members', owner)).json().invites).toEqual([]);
    } finally {
      clock = new Date(clock.getTime() - INVITE_TTL_MS - 1000);
    }
    expect((await call('POST', '/dealer/invites/acceptance', late, { token: 'gissad' })).statusCode).toBe(404);
  });

  it("a member of another dealer reaches nothing of this dealer's", async () => {
    const a = await approvedDealer({ name: 'Första Bil' });
    const b = await approvedDealer({ name: 'Andra Bil' });
    const key = (await call('POST', '/dealer/api-keys', a.owner, { name: 'Lager' })).json();
    await call('POST', '/dealer/invites', a.owner, { email: 'ny@exempel.se' });
    const invite = (await call('GET', '/dealer/members', a.owner)).json().invites[0];

    expect((await call('DELETE', `/dealer/api-keys/${key.id}`, b.owner)).statusCode).toBe(404);
    expect((await call('DELETE', `/dealer/invites/${invite.id}`, b.owner)).statusCode).toBe(404);
    expect((await call('DELETE', `/dealer/members/${a.owner.username}`, b.owner)).statusCode).toBe(404);
    const keysOfB = (await call('GET', '/dealer/api-keys', b.owner)).json();
    expect(keysOfB).toEqual([]);
    const edit = await call('PUT', '/dealer', b.owner, { ...company({ name: 'Andra Bil' }), orgNumber: undefined });
    expect(edit.json().id).toBe(b.dealer.id);
    expect((await call('GET', `/dealers/${a.dealer.slug}`, null)).json().name).toBe('Första Bil');
    // Someone of no dealer gets 404 on the dealer's routes.
    const none = await registered();
    expect((await call('GET', '/dealer/members', none)).statusCode).toBe(404);
    expect((await call('PUT', '/dealer', none, company())).statusCode).toBe(404);
  });
});

describe("Closing the owner's account", () => {
  it('closes the dealer: its page, members and keys go, and its organisationsnummer may apply again', async () => {
    const { owner, dealer } = await approvedDealer({ name: 'Stängd Bil' });
    const member = await registered();
    await call('POST', '/dealer/invites', owner, { email: member.email });
    const token = /#token=([A-Za-z0-9_-]+)/.exec((await outbox()).at(-1)!.text)![1]!;
    expect((await call('POST', '/dealer/invites/acceptance', member, { token })).statusCode).toBe(200);
    const { key } = (await call('POST', '/dealer/api-keys', owner, { name: 'Lager' })).json();

    const closed = await call('DELETE', '/user', owner, { password: 'hemligt-lösen-1' });
    expect(closed.statusCode, closed.body).toBe(204);
    expect((await call('GET', `/dealers/${dealer.slug}`, null)).statusCode).toBe(404);
    expect((await call('GET', '/dealer', member)).json()).toEqual({ dealer: null });
    const directory = identityDealerReads(t.db);
    expect(await directory.ofMember(member.username)).toBeNull();
    expect(await directory.byApiKey(key)).toBeNull();
    const left = await t.db.query('SELECT 1 FROM identity.dealer_api_keys WHERE key_hash = $1', [sha256(key)]);
    expect(left.rows).toEqual([]);
    expect((await applied(member, { orgNumber: dealer.orgNumber })).orgNumber).toBe(dealer.orgNumber);
  });
});

describe('Feed keys', () => {
  it('are answered once, stored as a SHA-256, found by byApiKey until revoked', async () => {
    const { owner, dealer } = await approvedDealer({ name: 'Nyckel Bil' });
    expect((await call('POST', '/dealer/api-keys', owner, { name: '' })).json()).toEqual({
      field: 'name',
      message: DEALER_MESSAGES.keyName,
    });
    const created = await call('POST', '/dealer/api-keys', owner, { name: 'Lagersystemet' });
    expect(created.statusCode).toBe(200);
    const { key, ...shown } = created.json();
    expect(key).toMatch(/^bmd_[A-Za-z0-9_-]{43}$/);
    expect(shown).toMatchObject({ name: 'Lagersystemet', prefix: key.slice(0, 12), lastUsedAt: null, revokedAt: null });

    const list = (await call('GET', '/dealer/api-keys', owner)).json();
    expect(list).toEqual([shown]);
    expect(JSON.stringify(list)).not.toContain(key);
    const rows = await t.db.query<Record<string, unknown>>('SELECT * FROM identity.dealer_api_keys WHERE id = $1', [
      shown.id,
    ]);
    expect(rows.rows[0]!.key_hash).toBe(sha256(key));
    expect(JSON.stringify(rows.rows)).not.toContain(key);

    const directory = identityDealerReads(t.db, () => clock);
    expect(await directory.byApiKey(key)).toEqual({
      slug: dealer.slug,
      name: 'Nyckel Bil',
      kommun: '0188',
      owner: owner.username,
    });
    expect((await call('GET', '/dealer/api-keys', owner)).json()[0].lastUsedAt).toBe(clock.toISOString());
    expect(await directory.byApiKey(`${key}x`)).toBeNull();

    expect((await call('DELETE', `/dealer/api-keys/${shown.id}`, owner)).statusCode).toBe(204);
    expect(await directory.byApiKey(key)).toBeNull();
    expect((await call('DELETE', `/dealer/api-keys/${shown.id}`, owner)).statusCode).toBe(404);
    expect((await call('GET', '/dealer/api-keys', owner)).json()[0].revokedAt).toBe(clock.toISOString());
  });

  it('are limited: 10 live at once, 20 made a day', async () => {
    const { owner } = await approvedDealer({ name: 'Gräns Bil' });
    const made = [];
    for (let i = 0; i < 10; i += 1)
      made.push((await call('POST', '/dealer/api-keys', owner, { name: `N${i}` })).json());
    expect((await call('POST', '/dealer/api-keys', owner, { name: 'Elva' })).json()).toEqual({
      message: DEALER_SERVICE_MESSAGES.tooManyKeys,
    });
    for (const k of made) await call('DELETE', `/dealer/api-keys/${k.id}`, owner);
    for (let i = 0; i < 10; i += 1) {
      const res = await call('POST', '/dealer/api-keys', owner, { name: `M${i}` });
      expect(res.statusCode).toBe(200);
      await call('DELETE', `/dealer/api-keys/${res.json().id}`, owner);
    }
    const limited = await call('POST', '/dealer/api-keys', owner, { name: 'Tjugoförsta' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: DEALER_SERVICE_MESSAGES.tooMany });
  });

  it('are made only for an approved dealer', async () => {
    const owner = await registered();
    await applied(owner);
    expect((await call('POST', '/dealer/api-keys', owner, { name: 'Lager' })).json()).toEqual({
      message: DEALER_SERVICE_MESSAGES.notApproved,
    });
  });
});

describe('The logo', () => {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('rest of a png'),
  ]);
  const upload = (who: Account, body: Buffer, type = 'image/png') =>
    t.app.inject({
      method: 'PUT',
      url: api('/dealer/logo'),
      headers: { authorization: `Bearer ${who.token}`, 'content-type': type },
      payload: body,
    });

  it('is told by its bytes, limited in size, and served at a versioned address', async () => {
    const { owner, dealer } = await approvedDealer({ name: 'Logo Bil' });
    const text = await upload(owner, Buffer.from('<svg onload=alert(1)>'), 'image/svg+xml');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ field: 'logo', message: DEALER_SERVICE_MESSAGES.logoType });
    expect((await upload(owner, Buffer.alloc(1024 * 1024 + 1, 1))).statusCode).toBe(413);

    const res = await upload(owner, png, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logo).toBe(`/api/identity/dealers/${dealer.slug}/logo?v=1`);
    const profile = (await call('GET', `/dealers/${dealer.slug}`, null)).json();
    expect(profile.logo).toBe(res.json().logo);
    const logo = await t.app.inject({ method: 'GET', url: profile.logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toContain('immutable');
    expect(logo.rawPayload.equals(png)).toBe(true);
  });

  it('of a dealer not approved is not served', async () => {
    const owner = await registered();
    const dealer = await applied(owner, { name: 'Ej Godkänd Logo' });
    expect((await upload(owner, png)).statusCode).toBe(200);
    expect((await call('GET', `/dealers/${dealer.slug}/logo`, null)).statusCode).toBe(404);
  });
});

describe('Internal routes (DealerDirectory over HTTP)', () => {
  const internal = (method: 'GET' | 'POST', path: string, key: string | null, payload?: object) =>
    t.app.inject({
      method,
      url: api(path),
      headers: key ? { authorization: `Bearer ${key}` } : {},
      ...(payload ? { payload } : {}),
    });

  it('answer approved dealers to the internal key only', async () => {
    const { owner, dealer } = await approvedDealer({ name: 'Intern Bil' });
    const { key } = (await call('POST', '/dealer/api-keys', owner, { name: 'Lager' })).json();
    const ref = { slug: dealer.slug, name: 'Intern Bil', kommun: '0188', owner: owner.username };
    const q = new URLSearchParams({ username: owner.username });
    expect((await internal('GET', `/internal/dealers/of-member?${q}`, null)).statusCode).toBe(401);
    expect((await internal('GET', `/internal/dealers/of-member?${q}`, 'fel')).statusCode).toBe(401);
    expect((await internal('GET', `/internal/dealers/of-member?${q}`, INTERNAL_KEY)).json()).toEqual({ dealer: ref });
    expect((await internal('GET', `/internal/dealers/by-slug?slug=${dealer.slug}`, INTERNAL_KEY)).json()).toEqual({
      dealer: ref,
    });
    expect((await internal('POST', '/internal/dealers/by-api-key', INTERNAL_KEY, { key })).json()).toEqual({
      dealer: ref,
    });
    expect((await internal('POST', '/internal/dealers/by-api-key', INTERNAL_KEY, { key: 'bmd_fel' })).json()).toEqual({
      dealer: null,
    });
  });
});
