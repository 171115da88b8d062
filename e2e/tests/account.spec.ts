import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PASSWORD_RESET_MESSAGES } from '@bilmarknaden/shared/validation/password-reset';
import { expect, test } from '../support/fixtures.ts';
import {
  adFields,
  createAd,
  currentUser,
  DEMO,
  DEMO_PASSWORD,
  getCar,
  listCars,
  login,
  newUserFields,
  registerUser,
  savedIds,
  toggleSaved,
} from '../support/api.ts';
import { axeViolations } from '../support/a11y.ts';
import { jpeg } from '../support/photos.ts';
import { loginAs, seedSession, storedSession } from '../support/session.ts';
import { signToken, tokenExp } from '../support/tokens.ts';

// Accounts and the session: sign-up, the login dialog, guarded actions, logout, token refresh.

test('sign-up shows the rule messages, sends nothing while one shows, then creates the account', async ({
  page,
  request,
}) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/identity/user')) posts.push(r.url());
  });
  const user = newUserFields('signup');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Skapa konto');
  const form = page.getByRole('main');
  const field = (label: string) => form.getByLabel(label, { exact: true });
  const submit = form.getByRole('button', { name: 'Skapa konto' });
  const alert = form.getByRole('alert');

  await submit.click();
  await expect(alert).toHaveText('Ange ett giltigt telefonnummer'); // the last failing rule

  await field('Användarnamn').fill('abc');
  await field('Förnamn').fill(user.firstname);
  await field('Efternamn').fill(user.lastname);
  await field('E-post').fill(user.email);
  await field('Lösenord').fill(user.password);
  await field('Upprepa lösenord').fill(user.password);
  await field('Gata').fill(user.street);
  await field('Husnummer').fill(user.housenumber);
  await field('Postnummer').fill(user.zipcode);
  await field('Stad').fill(user.city);
  await field('Landskod').fill(user.countryCode);
  await field('Telefonnummer').fill(user.phone);
  await expect(alert).toHaveText('För kort användarnamn');
  await field('Användarnamn').fill(user.username);
  await expect(alert).toBeHidden();

  await field('Upprepa lösenord').fill(`${user.password}x`);
  await submit.click();
  await expect(alert).toHaveText('Lösenorden matchar inte');
  await field('Upprepa lösenord').fill(user.password);
  await field('Postnummer').fill('123');
  await expect(alert).toHaveText('Ange ett giltigt postnummer');
  await field('E-post').fill('inte-en-adress');
  await expect(alert).toHaveText('Ange ett giltigt postnummer');
  await field('Postnummer').fill(user.zipcode);
  await expect(alert).toHaveText('Ange en giltig mailadress');
  await field('E-post').fill(user.email);
  await field('Lösenord').fill('kort');
  await field('Upprepa lösenord').fill('kort');
  await expect(alert).toHaveText('För kort lösenord');
  expect(posts).toHaveLength(0);

  await field('Lösenord').fill(user.password);
  await field('Upprepa lösenord').fill(user.password);
  // A taken address: the server's 409 message, and the page stays.
  await field('E-post').fill(DEMO.anna.email);
  await submit.click();
  await expect(alert).toHaveText('E-postadressen används redan');
  await expect(page).toHaveURL('/signup');
  expect(posts).toHaveLength(1);

  await field('E-post').fill(user.email);
  await submit.click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: `${user.firstname} ${user.lastname}` })).toBeVisible();
  expect(posts).toHaveLength(2);
  const stored = await storedSession(page);
  expect(JSON.parse(stored.details!)).toEqual({
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
  });
  // The server has the account: the password logs in and the stored token is accepted.
  expect((await currentUser(request, stored.token!)).username).toBe(user.username);
  expect((await currentUser(request, await login(request, user.email, user.password))).username).toBe(user.username);
});

test('the login dialog answers Felaktigt lösenord, Användaren kunde inte hittas, then logs in', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'login');
  await page.goto('/');
  await page.getByRole('button', { name: 'Logga in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Logga in' });
  await expect(dialog).toBeVisible();
  const email = dialog.getByLabel('E-post');
  const password = dialog.getByLabel('Lösenord');

  // The login rules show after a submit attempt, before anything is sent.
  await expect(dialog.getByText('Ange en giltig mailadress')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Logga in' }).click();
  await expect(email).toHaveAccessibleDescription('Ange en giltig mailadress');
  await password.fill('kort');
  await expect(password).toHaveAccessibleDescription('Lösenord måste vara minst 8 tecken');

  await email.fill(user.email);
  await password.fill('FelLosenord1');
  await dialog.getByRole('button', { name: 'Logga in' }).click();
  await expect(password).toHaveAccessibleDescription('Felaktigt lösenord');
  await expect(dialog.getByText('Felaktigt lösenord')).toBeVisible();

  await email.fill(`okand-${user.email}`);
  await password.fill(user.password);
  await dialog.getByRole('button', { name: 'Logga in' }).click();
  await expect(email).toHaveAccessibleDescription('Användaren kunde inte hittas');

  await email.fill(user.email);
  await dialog.getByRole('button', { name: 'Logga in' }).click();
  await expect(dialog).toBeHidden();
  const name = page.getByRole('button', { name: `${user.firstname} ${user.lastname}` });
  await expect(name).toBeVisible();
  const stored = await storedSession(page);
  expect((await currentUser(request, stored.token!)).username).toBe(user.username);
  await expect.poll(async () => (await storedSession(page)).details).toContain(user.username);
});

test('logged out, /new/car goes to /signup and the heart opens the login dialog', async ({ page, request }) => {
  await page.goto('/new/car');
  await expect(page).toHaveURL('/signup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Skapa konto');

  const [car] = await listCars(request, { start: 0, end: 1 });
  const toggles: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/001/3001')) toggles.push(r.url());
  });
  await page.goto(`/car/${car!.id}`);
  await page.getByRole('button', { name: 'Spara annonsen' }).click();
  await expect(page.getByRole('dialog', { name: 'Logga in' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Skapa konto' })).toHaveAttribute('href', '/signup');
  expect(toggles).toHaveLength(0);
});

test('Logga ut in one tab logs out the other open tab too', async ({ page, context, request }) => {
  const user = await registerUser(request, 'tabs');
  await seedSession(page, user.token, { username: user.username, firstname: user.firstname, lastname: user.lastname });
  await page.goto('/');
  const other = await context.newPage();
  await other.goto('/saved/cars');
  const name = `${user.firstname} ${user.lastname}`;
  await expect(other.getByRole('button', { name })).toBeVisible();
  await page.getByRole('button', { name }).click();
  await page.getByRole('button', { name: 'Logga ut' }).click();
  await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible();
  await expect(other.getByRole('banner').getByRole('button', { name: 'Logga in' })).toBeVisible();
  await expect(other.getByText('Logga in för att se dina sparade bilar.')).toBeVisible();
});

test('the profile drawer lists its items; Logga ut clears the stored token and details', async ({ page, request }) => {
  await loginAs(page, request, { email: DEMO.anna.email, password: DEMO_PASSWORD });
  await page.goto('/');
  await page.getByRole('button', { name: 'Anna Svensson' }).click();
  const drawer = page.getByRole('dialog', { name: 'Välkommen, Anna Svensson' });
  await expect(drawer).toBeVisible();
  const nav = drawer.getByRole('navigation', { name: 'Profilmeny' });
  for (const [name, href] of [
    ['Hem', '/'],
    ['Min profil', '/profile'],
    ['Mina annonser', '/mina-annonser'],
    ['Bevakningar', '/bevakningar'],
    ['Sparade annonser', '/saved/cars'],
    ['Meddelanden', '/messages'],
    ['Grupper', '/'],
    ['Vänner', '/'],
    ['Inställningar', '/settings'],
  ])
    await expect(nav.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href!);
  await expect(nav.getByRole('link', { name: 'Kontrollpanel' })).toHaveCount(0);
  await nav.getByRole('button', { name: 'Skapa annons' }).click();
  await expect(nav.getByRole('link', { name: 'Bilannons' })).toHaveAttribute('href', '/new/car');
  await expect(nav.getByRole('link', { name: 'Bildelsannons' })).toHaveAttribute('href', '/new/part');

  await nav.getByRole('button', { name: 'Logga ut' }).click();
  await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible();
  expect(await storedSession(page)).toEqual({ token: null, details: null });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible();
});

for (const who of [DEMO.moderator, DEMO.admin]) {
  test(`Kontrollpanel shows in the drawer for ${who.username} and opens /controlpanel`, async ({ page, request }) => {
    const token = await loginAs(page, request, { email: who.email, password: DEMO_PASSWORD });
    const { firstname, lastname, role } = await currentUser(request, token);
    expect(role).toBeGreaterThanOrEqual(2);
    await page.goto('/');
    await page.getByRole('button', { name: `${firstname} ${lastname}` }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Kontrollpanel' }).click();
    await expect(page).toHaveURL('/controlpanel');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontrollpanel');
    await expect(page.getByText('Ingen behörighet')).toHaveCount(0);
    // The report queue (the first tab) reads the real API with this token: a refusal would show an alert.
    const queue = page.getByRole('region', { name: 'Anmälda annonser' });
    await expect(
      queue.getByRole('list').or(queue.getByText('Inga öppna anmälningar eller annonser att granska.')),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
}

test('a token about to expire is refreshed on load and the user stays logged in', async ({ page, request }) => {
  const user = await registerUser(request, 'refresh');
  const now = Math.floor(Date.now() / 1000);
  const dueToken = signToken(user.username, 1, now - 3570, now + 30);
  await seedSession(page, dueToken, { username: user.username, firstname: user.firstname, lastname: user.lastname });
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/identity/user/refresh'));
  await page.goto('/');
  expect((await refreshed).status()).toBe(200);
  await expect.poll(async () => (await storedSession(page)).token).not.toBe(dueToken);
  const token = (await storedSession(page)).token!;
  expect(tokenExp(token)).toBeGreaterThan(now + 3000);
  expect((await currentUser(request, token)).username).toBe(user.username);
  await expect(page.getByRole('button', { name: `${user.firstname} ${user.lastname}` })).toBeVisible();
});

test('an expired token whose refresh the server refuses logs the user out', async ({ page, request }) => {
  const user = await registerUser(request, 'expired');
  const now = Math.floor(Date.now() / 1000);
  const expired = signToken(user.username, 1, now - 3700, now - 100);
  await seedSession(page, expired, { username: user.username, firstname: user.firstname, lastname: user.lastname });
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/identity/user/refresh'));
  await page.goto('/');
  expect((await refused).status()).toBe(401);
  await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible();
  await expect.poll(() => storedSession(page)).toEqual({ token: null, details: null });
});

test('Byt lösenord on the profile: a wrong current password is refused, then the new one is set and the session goes on', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'byt');
  await seedSession(page, user.token, { username: user.username, firstname: user.firstname, lastname: user.lastname });
  await page.goto('/profile');
  const form = page.getByRole('region', { name: 'Byt lösenord' });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  const submit = form.getByRole('button', { name: 'Byt lösenord' });
  const answer = () => page.waitForResponse((r) => r.url().endsWith('/api/identity/user/password'));

  await field('Nuvarande lösenord').fill('Fel-lösen-1');
  await field('Nytt lösenord').fill('Nytt-lösen-42');
  await field('Upprepa nytt lösenord').fill('Nytt-lösen-42');
  const refused = answer();
  await submit.click();
  expect((await refused).status()).toBe(403);
  await expect(form.getByRole('alert')).toHaveText('Felaktigt lösenord');
  await expect(field('Nuvarande lösenord')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  await field('Nuvarande lösenord').fill(user.password);
  const changed = answer();
  await submit.click();
  expect((await changed).status()).toBe(200);
  await expect(form.getByRole('status').filter({ hasText: 'Lösenordet är bytt.' })).toBeVisible();
  await expect(field('Nytt lösenord')).toHaveValue('');
  const { token } = await storedSession(page);
  expect(token).not.toBe(user.token);
  expect((await currentUser(request, token!)).username).toBe(user.username);

  // Still logged in after a reload, and only the new password logs in.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Byt lösenord' })).toBeVisible();
  expect(await login(request, user.email, 'Nytt-lösen-42')).toBeTruthy();
  const old = await request.post('/api/identity/user/login', { data: { email: user.email, password: user.password } });
  expect(old.status()).toBe(401);
});

test('Radera konto on the profile: a wrong password is refused, then the account, its ads and photos and saves are gone and the name stays taken', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'radera');
  const ad = await createAd(request, user.token, adFields({ title: 'Raderas med kontot' }), [await jpeg('#2a6')]);
  const other = await registerUser(request, 'sparar');
  expect(await toggleSaved(request, other.token, ad)).toBe(true);
  expect((await request.get(`/files/${ad}-1.jpeg`)).status()).toBe(200);

  await seedSession(page, user.token, { username: user.username, firstname: user.firstname, lastname: user.lastname });
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Radera konto' });
  const opener = section.getByRole('button', { name: 'Radera kontot…' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Radera kontot?' });
  await expect(dialog).toContainText('Det går inte att ångra.');
  const password = dialog.getByLabel('Lösenord', { exact: true });
  await expect(password).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  const answer = () =>
    page.waitForResponse((r) => r.url().endsWith('/api/identity/user') && r.request().method() === 'DELETE');
  await password.fill('Fel-lösen-1');
  const refused = answer();
  await dialog.getByRole('button', { name: 'Radera kontot', exact: true }).click();
  expect((await refused).status()).toBe(403);
  await expect(dialog.getByRole('alert')).toHaveText('Felaktigt lösenord');
  await expect(password).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  await password.fill(user.password);
  const closed = answer();
  await dialog.getByRole('button', { name: 'Radera kontot', exact: true }).click();
  expect((await closed).status()).toBe(204);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Ditt konto är raderat.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible();
  await expect.poll(() => storedSession(page)).toEqual({ token: null, details: null });

  // The ad, its photo and the other user's save of it go with the account; the name cannot be taken again.
  await expect.poll(() => getCar(request, ad)).toBeNull();
  expect((await request.get(`/files/${ad}-1.jpeg`)).status()).toBe(404);
  expect(await savedIds(request, other.token)).toEqual([]);
  await page.goto(`/car/${ad}`);
  await expect(page).toHaveURL('/notfound');
  const relogin = await request.post('/api/identity/user/login', {
    data: { email: user.email, password: user.password },
  });
  expect(relogin.status()).toBe(404);
  const again = await request.post('/api/identity/user', {
    data: { ...newUserFields('igen'), username: user.username },
  });
  expect(again.status()).toBe(409);
});

/** The link of the newest reset mail to `email` in the server's mail folder ($DATA_DIR/mail-outbox), once written. */
async function resetLinkMailedTo(email: string): Promise<string> {
  const folder = path.join(process.env.E2E_DATA_DIR!, 'mail-outbox');
  let link: string | undefined;
  await expect
    .poll(async () => {
      const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
      for (const name of names.reverse()) {
        const mail = JSON.parse(await readFile(path.join(folder, name), 'utf8')) as { to: string; text: string };
        if (mail.to !== email) continue;
        link = /https?:\/\/\S+\/reset-password#token=[\w-]+/.exec(mail.text)?.[0];
        return link;
      }
      return undefined;
    })
    .toBeTruthy();
  return link!;
}

test('Glömt lösenord: the login dialog leads to a mailed link that sets a new password once and logs in', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'glomt');
  await page.goto('/');
  await page.getByRole('button', { name: 'Logga in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Logga in' });
  await dialog.getByLabel('E-post').fill(user.email);
  await dialog.getByRole('link', { name: 'Glömt lösenord?' }).click();

  await expect(page).toHaveURL('/forgot-password');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Glömt lösenord');
  await expect(page.getByLabel('E-post')).toHaveValue(user.email);
  expect(await axeViolations(page)).toEqual([]);
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/identity/user/password-reset'));
  await page.getByRole('button', { name: 'Skicka länk' }).click();
  expect((await asked).status()).toBe(202);
  await expect(page.getByRole('status').filter({ hasText: PASSWORD_RESET_MESSAGES.sent })).toBeFocused();

  // The link from the mail; the fragment leaves the address bar, so it is not kept in history or shared.
  const link = await resetLinkMailedTo(user.email);
  const { pathname, origin } = new URL(link);
  await page.goto(link.replace(origin, ''));
  await expect(page).toHaveURL('/reset-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Välj nytt lösenord');
  await page.getByLabel('Nytt lösenord', { exact: true }).fill('Glomt-nytt-42');
  await page.getByLabel('Upprepa nytt lösenord').fill('Glomt-nytt-42');
  await page.getByRole('button', { name: 'Spara lösenord' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('status').filter({ hasText: PASSWORD_RESET_MESSAGES.changed })).toBeVisible();
  const { token } = await storedSession(page);
  expect((await currentUser(request, token!)).username).toBe(user.username);
  expect(await login(request, user.email, 'Glomt-nytt-42')).toBeTruthy();
  const old = await request.post('/api/identity/user/login', { data: { email: user.email, password: user.password } });
  expect(old.status()).toBe(401);

  // The link works once.
  await page.goto(link.replace(origin, ''));
  expect(pathname).toBe('/reset-password');
  await page.getByLabel('Nytt lösenord', { exact: true }).fill('Glomt-igen-43');
  await page.getByLabel('Upprepa nytt lösenord').fill('Glomt-igen-43');
  await page.getByRole('button', { name: 'Spara lösenord' }).click();
  await expect(page.getByRole('alert')).toContainText(PASSWORD_RESET_MESSAGES.invalidLink);
  await expect(page.getByRole('link', { name: 'Begär en ny länk' })).toHaveAttribute('href', '/forgot-password');
});
