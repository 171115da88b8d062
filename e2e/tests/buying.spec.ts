import { expect, test } from '../support/fixtures.ts';
import { adFields, createAd, registerUser, savedIds, toggleSaved, type TestUser } from '../support/api.ts';
import { jpeg } from '../support/photos.ts';
import { seedSession } from '../support/session.ts';

// A buyer saves ads and removes them from 'Sparade bilar' by swiping and with the keyboard.

const asBuyer = (page: import('@playwright/test').Page, u: TestUser) =>
  seedSession(page, u.token, { username: u.username, firstname: u.firstname, lastname: u.lastname });

async function adsBy(request: import('@playwright/test').APIRequestContext, count: number) {
  const seller = await registerUser(request, 'sell');
  const photo = await jpeg('#777777');
  const ads: { id: number; title: string }[] = [];
  for (let i = 0; i < count; i++) {
    const fields = adFields();
    ads.push({ id: await createAd(request, seller.token, fields, [photo]), title: fields.title });
  }
  return ads;
}

test('save an ad from its page and find it in Sparade bilar', async ({ page, request }) => {
  const [ad] = await adsBy(request, 1);
  const buyer = await registerUser(request, 'buyer');
  await asBuyer(page, buyer);
  await page.goto(`/car/${ad!.id}`);
  const heart = page.getByRole('button', { name: 'Spara annonsen' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  const toggled = page.waitForResponse((r) => r.url().includes(`/001/3001?carid=${ad!.id}`));
  await heart.click();
  expect((await toggled).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Sparad annons, ta bort från sparade' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await savedIds(request, buyer.token)).toEqual([ad!.id]);

  // The drawer's badge counts it; the saved list shows it and links back to the ad.
  await page.getByRole('button', { name: `${buyer.firstname} ${buyer.lastname}` }).click();
  const link = page.getByRole('dialog').getByRole('link', { name: /Sparade annonser/ });
  await expect(link).toContainText('1');
  await link.click();
  await expect(page).toHaveURL('/saved/cars');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sparade bilar');
  const rows = page.getByRole('list', { name: 'Sparade bilar' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('heading')).toHaveText(ad!.title);
  await expect(rows.getByRole('link')).toHaveAttribute('href', `/car/${ad!.id}`);
  await expect(rows).toContainText('Stockholm');

  // A reload keeps the filled heart (it comes from the server).
  await page.goto(`/car/${ad!.id}`);
  await expect(page.getByRole('button', { name: 'Sparad annons, ta bort från sparade' })).toBeVisible();
});

test('swipe a saved row left past 150 px to remove it; a shorter swipe keeps it', async ({ page, request }) => {
  const ads = await adsBy(request, 2);
  const buyer = await registerUser(request, 'swiper');
  for (const ad of ads) await toggleSaved(request, buyer.token, ad.id);
  await asBuyer(page, buyer);
  await page.goto('/saved/cars');
  const rows = page.getByRole('list', { name: 'Sparade bilar' }).locator(':scope > li');
  await expect(rows).toHaveCount(2);

  const restX = (await rows.first().getByRole('link').boundingBox())!.x;
  const swipe = async (title: string, dx: number) => {
    const row = rows.filter({ hasText: title });
    // Start once the row rests in place (a released row slides back with a short animation).
    await expect.poll(async () => (await row.getByRole('link').boundingBox())!.x).toBeCloseTo(restX, 0);
    const box = (await row.boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y, { steps: 12 });
    await page.mouse.up();
  };

  // Newest saved first: ads[1] is the first row.
  await swipe(ads[1]!.title, -100);
  await expect(rows).toHaveCount(2);
  await expect(page).toHaveURL('/saved/cars');
  expect(await savedIds(request, buyer.token)).toEqual([ads[1]!.id, ads[0]!.id]);

  const removed = page.waitForResponse((r) => r.url().includes(`/001/3001?carid=${ads[1]!.id}`));
  await swipe(ads[1]!.title, -200);
  expect((await removed).status()).toBe(200);
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('heading')).toHaveText(ads[0]!.title);
  await expect(page).toHaveURL('/saved/cars');
  expect(await savedIds(request, buyer.token)).toEqual([ads[0]!.id]);
});

test('remove a saved ad with the keyboard', async ({ page, request }) => {
  const [ad] = await adsBy(request, 1);
  const buyer = await registerUser(request, 'keys');
  await toggleSaved(request, buyer.token, ad!.id);
  await asBuyer(page, buyer);
  await page.goto('/saved/cars');
  const row = page.getByRole('list', { name: 'Sparade bilar' }).locator(':scope > li');
  await row.getByRole('link').focus();
  await page.keyboard.press('Tab');
  const remove = row.getByRole('button', { name: `Ta bort ${ad!.title} från sparade` });
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Du har inga sparade bilar.')).toBeVisible();
  expect(await savedIds(request, buyer.token)).toEqual([]);
});

test('logged out, the heart opens the login dialog; after logging in it shows the saved state', async ({
  page,
  request,
}) => {
  const [ad] = await adsBy(request, 1);
  const buyer = await registerUser(request, 'later');
  await toggleSaved(request, buyer.token, ad!.id);
  await page.goto(`/car/${ad!.id}`);
  await page.getByRole('button', { name: 'Spara annonsen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Logga in' });
  await dialog.getByLabel('E-post').fill(buyer.email);
  await dialog.getByLabel('Lösenord').fill(buyer.password);
  await dialog.getByRole('button', { name: 'Logga in' }).click();
  await expect(dialog).toBeHidden();
  // 'loggedin' refreshes the saved list: the heart fills without a reload, and nothing was toggled.
  await expect(page.getByRole('button', { name: 'Sparad annons, ta bort från sparade' })).toBeVisible();
  expect(await savedIds(request, buyer.token)).toEqual([ad!.id]);
});

test('Sparade bilar asks a logged-out visitor to log in, then shows the saved ads', async ({ page, request }) => {
  const [ad] = await adsBy(request, 1);
  const buyer = await registerUser(request, 'prompt');
  await toggleSaved(request, buyer.token, ad!.id);
  await page.goto('/saved/cars');
  await expect(page.getByText('Logga in för att se dina sparade bilar.')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Logga in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Logga in' });
  await dialog.getByLabel('E-post').fill(buyer.email);
  await dialog.getByLabel('Lösenord').fill(buyer.password);
  await dialog.getByLabel('Lösenord').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Sparade bilar' }).getByRole('heading')).toHaveText([ad!.title]);
});
