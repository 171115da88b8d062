import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD, detailsOf, registerUser, uniqueOrgNumber } from '../support/api.ts';
import { axeViolations, horizontalOverflow, settled } from '../support/a11y.ts';
import { loginAs, seedSession, skipWelcome } from '../support/session.ts';

// Dealer accounts (issue 45): a user applies ('Bli handlare'), a moderator approves in the Kontrollpanel, the owner
// makes a feed key (shown once) in 'Mitt företag', and the public page '/handlare/{slug}' shows the dealer; axe on
// every new screen.

async function newWindow(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
  const page = await context.newPage();
  await skipWelcome(page);
  return page;
}

test('a user applies, a moderator approves, the owner makes a key and the public sees the dealer page', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const owner = await registerUser(request, 'dealer');
  const run = String(Date.now()).slice(-6);
  const name = `Resebilar ${run} AB`;
  const slug = `resebilar-${run}-ab`;

  // The profile drawer offers 'Bli handlare'.
  await seedSession(page, owner.token, detailsOf(owner));
  await page.goto('/');
  await page.locator('.header__profile').click();
  await page.getByRole('navigation', { name: 'Profilmeny' }).getByRole('link', { name: 'Bli handlare' }).click();
  await expect(page).toHaveURL('/bli-handlare');
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);

  // The shared rules name the field at fault before anything is sent.
  const form = page.locator('form.dealer-form');
  await form.getByLabel('Organisationsnummer').fill('556016-0681');
  await form.getByRole('button', { name: 'Skicka ansökan' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await form.getByLabel('Organisationsnummer').fill(uniqueOrgNumber());
  await form.getByLabel('Företagets namn').fill(name);
  await form.getByLabel('Gatuadress').fill('Hamngatan 3');
  await form.getByLabel('Postnummer').fill('761 30');
  await form.getByLabel('Postort').fill('Norrtälje');
  await form.getByRole('combobox', { name: 'Kommun' }).fill('Norrtälje');
  await form.getByRole('option', { name: 'Norrtälje' }).click();
  await form.getByLabel('Telefon').fill('0176-100 00');
  await form.getByLabel('Dagar, rad 1').fill('Mån–fre');
  await form.getByLabel('Tider, rad 1').fill('9–18');
  await form.getByLabel('Presentation').fill('Vi säljer begagnade bilar i Roslagen.');
  const applied = page.waitForResponse((r) => r.url().endsWith('/api/identity/dealer/application'));
  await form.getByRole('button', { name: 'Skicka ansökan' }).click();
  expect((await applied).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Ansökan skickad' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Until approved the page is not there.
  const visitor = await newWindow(browser, baseURL);
  await visitor.goto(`/handlare/${slug}`);
  await expect(visitor).toHaveURL('/notfound');

  // A moderator approves it under 'Handlare att godkänna'.
  const modPage = await newWindow(browser, baseURL);
  await loginAs(modPage, request, { email: DEMO.moderator.email, password: DEMO_PASSWORD });
  await modPage.goto('/controlpanel?tab=dealers');
  await expect(modPage.getByRole('tab', { name: 'Handlare att godkänna', selected: true })).toBeVisible();
  const application = modPage.getByRole('listitem').filter({ has: modPage.getByRole('heading', { name }) });
  await expect(application).toContainText(`@${owner.username}`);
  expect(await axeViolations(modPage)).toEqual([]);
  const approved = modPage.waitForResponse((r) => r.url().includes('/api/identity/dealer-applications/'));
  await application.getByRole('button', { name: 'Godkänn' }).click();
  expect((await approved).status()).toBe(204);
  await expect(modPage.getByRole('status').filter({ hasText: `${name} är godkänd som handlare.` })).toBeVisible();
  await expect(application).toHaveCount(0);

  // The owner makes a feed key in 'Mitt företag': shown once, then only its prefix.
  await page.goto('/mitt-foretag');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Mitt företag: ${name}`);
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Vad används nyckeln till?').fill('Lagersystemet');
  await page.getByRole('button', { name: 'Skapa nyckel' }).click();
  const keyField = page.getByLabel('API-nyckel');
  await expect(keyField).toHaveValue(/^bmd_[A-Za-z0-9_-]{43}$/);
  const key = await keyField.inputValue();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Klar' }).click();
  await expect(page.getByText(`${key.slice(0, 12)}…`)).toBeVisible();
  await page.reload();
  await expect(page.getByText(`${key.slice(0, 12)}…`)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(key);

  // The public page shows the dealer; the owner also gets the link to the import.
  await visitor.goto(`/handlare/${slug}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(visitor.getByText('Handlare', { exact: true })).toBeVisible();
  await expect(visitor.locator('address')).toContainText('Norrtälje kommun');
  await expect(visitor.getByText('Vi säljer begagnade bilar i Roslagen.')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Bilar till salu' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Importera bilar' })).toHaveCount(0);
  await settled(visitor);
  expect(await axeViolations(visitor)).toEqual([]);
  await page.goto(`/handlare/${slug}`);
  await expect(page.getByRole('link', { name: 'Importera bilar' })).toHaveAttribute('href', `/handlare/${slug}/import`);

  // Nothing scrolls sideways on a narrow phone.
  for (const [who, path] of [
    [visitor, `/handlare/${slug}`],
    [page, '/mitt-foretag'],
  ] as const) {
    await who.setViewportSize({ width: 360, height: 800 });
    await who.goto(path);
    await settled(who);
    expect(await horizontalOverflow(who), path).toBe(0);
  }
});
