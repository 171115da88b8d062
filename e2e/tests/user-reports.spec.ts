import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  adFields,
  bearer,
  createAd,
  DEMO,
  DEMO_PASSWORD,
  login,
  registerUser,
  type TestUser,
  detailsOf,
} from '../support/api.ts';
import { axeViolations, settled } from '../support/a11y.ts';
import { jpeg } from '../support/photos.ts';
import { loginAs, seedSession, skipWelcome } from '../support/session.ts';

// Reports of users and the owner's hidden ad (issue #27, decision 045): a user reports another from their page, a
// moderator dismisses one report and blocks the other user from the Kontrollpanel, the reporter's 'Mina
// anmälningar' shows both outcomes; the owner of a hidden ad opens it and reads why. Axe on every changed screen.

/** A window of its own (its own session). */
async function newWindow(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
  const page = await context.newPage();
  await skipWelcome(page);
  return page;
}

/** Reports `target` from their page with `reason`, through the dialog. */
async function reportFromPage(page: Page, target: TestUser, reason: string, text: string): Promise<void> {
  await page.goto(`/user/${target.username}`);
  await page.getByRole('button', { name: 'Anmäl användare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anmäl användare' });
  await dialog.getByRole('radio', { name: reason }).check();
  if (text) await dialog.getByRole('textbox', { name: /Beskriv gärna/ }).fill(text);
  const sent = page.waitForResponse(
    (r) => r.url().endsWith(`/users/${target.username}/reports`) && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Skicka anmälan' }).click();
  expect((await sent).status()).toBe(201);
  await expect(dialog.getByRole('status').filter({ hasText: 'Tack, vi tittar på det' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Stäng' }).click();
  // Closed for good (its fade-out would be read by axe as faint text).
  await expect(dialog).toHaveCount(0);
}

test('a user reports two users; a moderator dismisses one and blocks the other; the reporter sees both outcomes', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const reporter = await registerUser(request, 'anmaler');
  const innocent = await registerUser(request, 'oskyldig');
  const fraud = await registerUser(request, 'bedrag');
  await createAd(request, fraud.token, adFields({ title: `Misstänkt bil ${Date.now()}` }), [await jpeg('#335577')]);

  // Logged out, 'Anmäl användare' asks to log in first.
  await page.goto(`/user/${fraud.username}`);
  await page.getByRole('button', { name: 'Anmäl användare' }).click();
  await expect(page.getByRole('dialog', { name: 'Logga in' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The user's own page offers no report.
  const fraudPage = await newWindow(browser, baseURL);
  await seedSession(fraudPage, fraud.token, detailsOf(fraud));
  await fraudPage.goto(`/user/${fraud.username}`);
  await expect(fraudPage.getByRole('heading', { level: 1 })).toHaveText(`${fraud.username}'s bilannonser`);
  await expect(fraudPage.getByRole('button', { name: 'Anmäl användare' })).toHaveCount(0);

  // Logged in, the reason is required; the reasons are those about a person.
  await seedSession(page, reporter.token, detailsOf(reporter));
  await page.goto(`/user/${fraud.username}`);
  await page.getByRole('button', { name: 'Anmäl användare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anmäl användare' });
  await expect(dialog.getByRole('radio', { name: 'Bilen är redan såld' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Skicka anmälan' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Välj en anledning');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await reportFromPage(page, fraud, 'Misstänkt bedrägeri', 'Vill ha betalt i förskott för alla sina bilar.');
  await reportFromPage(page, innocent, 'Stötande innehåll', '');
  expect(await axeViolations(page)).toEqual([]);

  // The moderator reads both under 'Anmälda användare', dismisses one and blocks the other.
  const modPage = await newWindow(browser, baseURL);
  await loginAs(modPage, request, { email: DEMO.moderator.email, password: DEMO_PASSWORD });
  await modPage.goto('/controlpanel');
  const users = modPage.getByRole('region', { name: 'Anmälda användare' });
  const fraudItem = users.getByRole('article', { name: `@${fraud.username}` });
  const innocentItem = users.getByRole('article', { name: `@${innocent.username}` });
  await expect(fraudItem).toContainText('Vill ha betalt i förskott');
  await expect(fraudItem).toContainText('Misstänkt bil');
  await expect(innocentItem).toContainText('Stötande innehåll');
  await expect(users).not.toContainText(reporter.username);
  expect(await axeViolations(modPage)).toEqual([]);

  const dismissed = modPage.waitForResponse((r) =>
    r.url().endsWith(`/moderation/users/${innocent.username}/dismissal`),
  );
  await innocentItem.getByRole('button', { name: 'Ingen överträdelse' }).click();
  expect((await dismissed).status()).toBe(204);
  await expect(modPage.getByRole('status').filter({ hasText: 'avfärdade' })).toHaveText(
    `Anmälningarna av @${innocent.username} är avfärdade.`,
  );
  await expect(innocentItem).toHaveCount(0);

  await fraudItem.getByRole('button', { name: 'Spärra användaren' }).click();
  const reason = fraudItem.getByRole('textbox', { name: /Anledning till spärren/ });
  await expect(reason).toBeFocused();
  await reason.fill('Bedrägeriförsök mot flera köpare');
  const blocked = modPage.waitForResponse((r) => r.url().endsWith(`/users/${fraud.username}/blocked`));
  await fraudItem.getByRole('button', { name: 'Spärra', exact: true }).click();
  expect((await blocked).status()).toBe(200);
  await expect(modPage.getByRole('status').filter({ hasText: 'är spärrad' })).toHaveText(
    `@${fraud.username} är spärrad.`,
  );
  await expect(fraudItem).toHaveCount(0);

  // The reporter's list tells both outcomes, without naming the moderator.
  await page.goto('/reports');
  await settled(page);
  const mine = page.getByRole('list', { name: 'Användare du har anmält' });
  await expect(mine.getByRole('listitem').filter({ hasText: fraud.username })).toContainText('Användaren är spärrad');
  await expect(mine.getByRole('listitem').filter({ hasText: innocent.username })).toContainText(
    'Vi hittade inget brott mot reglerna',
  );
  await expect(mine).not.toContainText(DEMO.moderator.username);
  expect(await axeViolations(page)).toEqual([]);

  // Unblock, so the demo data stays as it was for other journeys (the block itself is decision 041's).
  const modToken = await login(request, DEMO.moderator.email, DEMO_PASSWORD);
  const unblock = await request.put(`/api/identity/users/${fraud.username}/blocked`, {
    headers: bearer(modToken),
    data: { blocked: false, reason: '' },
  });
  expect(unblock.status()).toBe(200);
});

test('the owner opens a hidden ad and reads why; anyone else gets the not-found screen', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const seller = await registerUser(request, 'dold');
  const fields = adFields({ title: `Dold bil ${Date.now()}` });
  const carId = await createAd(request, seller.token, fields, [await jpeg('#aa3311')]);
  const modToken = await login(request, DEMO.moderator.email, DEMO_PASSWORD);
  const hidden = await request.put(`/api/inventory/moderation/cars/${carId}/hidden`, {
    headers: bearer(modToken),
    data: { reason: 'Bilderna visar en annan bil' },
  });
  expect(hidden.status()).toBe(204);

  await seedSession(page, seller.token, detailsOf(seller));
  await page.goto(`/car/${carId}`);
  await expect(page.getByRole('heading', { level: 1, name: fields.title })).toBeVisible();
  const notice = page.getByRole('region', { name: 'Annonsen är dold' });
  await expect(notice).toContainText('Anledning: Bilderna visar en annan bil');
  await expect(page.getByRole('img')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Anmäl annons' })).toHaveCount(0);
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  await notice.getByRole('textbox').fill('Bilderna är tagna i dag, se registreringsskylten.');
  await notice.getByRole('button', { name: 'Begär omprövning' }).click();
  await expect(
    notice.getByRole('status').filter({ hasText: 'Du har begärt omprövning. Vi hör av oss när den är gjord.' }),
  ).toBeVisible();

  // Another user, logged in, gets the not-found screen as the public does.
  const other = await registerUser(request, 'annan');
  const otherPage = await newWindow(browser, baseURL);
  await seedSession(otherPage, other.token, detailsOf(other));
  await otherPage.goto(`/car/${carId}`);
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('Inget att se här...');
});
