import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  adFields,
  bearer,
  createAd,
  registerUser,
  detailsOf,
  startConversation,
  type TestUser,
} from '../support/api.ts';
import { axeViolations, horizontalOverflow, settled, VIEWPORTS } from '../support/a11y.ts';
import { jpeg } from '../support/photos.ts';
import { seedSession, skipWelcome } from '../support/session.ts';

// Messages between buyer and seller (issue #25): asking from the ad, answering from the inbox, the answer
// arriving live in the buyer's open conversation; logged out asks to log in; axe on the new pages; and the
// 'Aviseringar' switch kept by the server.

const MSG = '/api/messaging';

async function sellerWithAd(request: APIRequestContext) {
  const seller = await registerUser(request, 'seller');
  const fields = adFields();
  const carId = await createAd(request, seller.token, fields, [await jpeg('#446688')]);
  return { seller, carId, title: fields.title };
}

/** A second browser window (its own session) for the other party. */
async function otherWindow(browser: Browser, baseURL: string | undefined, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
  const page = await context.newPage();
  await skipWelcome(page);
  await seedSession(page, user.token, detailsOf(user));
  return page;
}

const ask = startConversation;

test('a buyer asks, the seller reads and answers, the answer appears for the buyer without reloading', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { seller, carId, title } = await sellerWithAd(request);
  const buyer = await registerUser(request, 'buyer');
  await seedSession(page, buyer.token, detailsOf(buyer));

  // The buyer asks from the ad, with the suggested first line.
  await page.goto(`/car/${carId}`);
  await page.getByRole('button', { name: 'Skicka meddelande' }).click();
  const composer = page.getByRole('dialog', { name: 'Skicka meddelande' });
  await expect(composer.getByRole('textbox', { name: 'Meddelande' })).toHaveValue('Hej! Är bilen kvar?');
  await composer.getByRole('button', { name: 'Skicka' }).click();
  await expect(page).toHaveURL(/\/messages\/\d+$/);
  const heading = page.getByRole('heading', { level: 1, name: `Konversation med ${seller.username}` });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', `/car/${carId}`);
  const buyerMessages = page.getByRole('list', { name: 'Meddelanden' }).getByRole('listitem');
  await expect(buyerMessages).toHaveCount(1);
  await expect(buyerMessages.first()).toContainText('Du');
  await expect(buyerMessages.first()).toContainText('Hej! Är bilen kvar?');

  // The seller finds it through the drawer's badge and the inbox.
  const sellerPage = await otherWindow(browser, baseURL, seller);
  await sellerPage.goto('/');
  await sellerPage.getByRole('button', { name: `${seller.firstname} ${seller.lastname}` }).click();
  const drawerLink = sellerPage.getByRole('dialog').getByRole('link', { name: 'Meddelanden (1 olästa)' });
  await drawerLink.click();
  await expect(sellerPage).toHaveURL('/messages');
  const row = sellerPage.getByRole('list', { name: 'Konversationer' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(title);
  await expect(row).toContainText(buyer.username);
  await expect(row).toContainText('Oläst');
  await row.getByRole('link').click();
  await expect(sellerPage.getByRole('heading', { level: 1 })).toHaveText(`Konversation med ${buyer.username}`);
  await expect(sellerPage.getByText('Hej! Är bilen kvar?')).toBeVisible();
  // Shown is read: the seller's badge goes to 0.
  await expect
    .poll(async () => {
      const res = await request.get(`${MSG}/conversations/unread-count`, { headers: bearer(seller.token) });
      return ((await res.json()) as { unread: number }).unread;
    })
    .toBe(0);

  // The seller answers; the buyer's open page shows it live and announces it.
  await sellerPage.getByRole('textbox', { name: 'Ditt svar' }).fill('Ja, den finns kvar.\nVälkommen på visning!');
  await sellerPage.getByRole('button', { name: 'Skicka' }).click();
  await expect(sellerPage.getByRole('list', { name: 'Meddelanden' }).getByRole('listitem')).toHaveCount(2);
  await expect(buyerMessages).toHaveCount(2);
  await expect(buyerMessages.nth(1)).toContainText(seller.username);
  await expect(buyerMessages.nth(1).locator('.message__text')).toHaveText('Ja, den finns kvar.\nVälkommen på visning!');
  await expect(page.getByRole('status').filter({ hasText: `Nytt meddelande från ${seller.username}` })).toBeAttached();
  await sellerPage.context().close();
});

test("logged out, 'Skicka meddelande' asks to log in, then opens the composer", async ({ page, request }) => {
  const { carId } = await sellerWithAd(request);
  const buyer = await registerUser(request, 'guest');
  await page.goto(`/car/${carId}`);
  await page.getByRole('button', { name: 'Skicka meddelande' }).click();
  const login = page.getByRole('dialog', { name: 'Logga in' });
  await expect(login).toBeVisible();
  await login.getByLabel('E-post').fill(buyer.email);
  await login.getByLabel('Lösenord', { exact: true }).fill(buyer.password);
  await login.getByRole('button', { name: 'Logga in' }).click();
  await expect(page.getByRole('dialog', { name: 'Skicka meddelande' })).toBeVisible();
});

test("the seller is not offered 'Skicka meddelande' on the own ad", async ({ page, request }) => {
  const { seller, carId, title } = await sellerWithAd(request);
  await seedSession(page, seller.token, detailsOf(seller));
  await page.goto(`/car/${carId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('link', { name: 'Besök profil' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skicka meddelande' })).toHaveCount(0);
});

test('axe finds nothing on the inbox and a conversation at 390 and 1280 px; nothing scrolls sideways at 360', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { seller, carId } = await sellerWithAd(request);
  const buyer = await registerUser(request, 'axe');
  const id = await ask(request, buyer, carId, `En lång rad utan mellanrum ${'x'.repeat(120)}\noch en rad till`);
  await seedSession(page, seller.token, detailsOf(seller));
  const problems: string[] = [];
  for (const path of ['/messages', `/messages/${id}`]) {
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size);
      await page.goto(path);
      await settled(page);
      await expect(page.locator('main li').first()).toBeVisible();
      for (const v of await axeViolations(page)) problems.push(`${path} at ${size.width} px: ${v}`);
    }
    await page.setViewportSize({ width: 360, height: 800 });
    const overflow = await horizontalOverflow(page);
    if (overflow > 0) problems.push(`${path} at 360 px scrolls sideways by ${overflow} px`);
  }
  expect(problems).toEqual([]);
});

test('axe finds nothing on the inbox logged out (the login prompt) at 390 and 1280 px', async ({ page }) => {
  const problems: string[] = [];
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.goto('/messages');
    await settled(page);
    await expect(page.getByText('Logga in för att se dina meddelanden.')).toBeVisible();
    for (const v of await axeViolations(page)) problems.push(`/messages at ${size.width} px: ${v}`);
  }
  expect(problems).toEqual([]);
});

test("the 'Aviseringar' switch is kept by the server", async ({ page, request }) => {
  const user = await registerUser(request, 'notify');
  await seedSession(page, user.token, detailsOf(user));
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Aviseringar', exact: true }).click();
  const toggle = page.getByRole('switch', { name: 'Nya meddelanden' });
  await expect(toggle).toBeChecked();
  await toggle.press('Space');
  await expect(toggle).not.toBeChecked();
  await page.getByRole('button', { name: 'Spara' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Inställningarna för aviseringar är sparade' }),
  ).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Aviseringar', exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Nya meddelanden' })).not.toBeChecked();
  const res = await request.get('/api/identity/user/notification-settings', { headers: bearer(user.token) });
  expect(await res.json()).toMatchObject({ messages: false });
});
