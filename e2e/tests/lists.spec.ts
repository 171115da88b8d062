import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';
import {
  adFields,
  createAd,
  login,
  registerUser,
  savedIds,
  uniqueRegistrationNumber,
  userCars,
} from '../support/api.ts';
import { homeList } from '../support/cards.ts';
import { threePhotos } from '../support/photos.ts';
import { loginAs } from '../support/session.ts';

// Issue 30, lists and the ad page: counts, compact phone cards with a heart, chips, forgiving search, the ad page's
// owner actions, 'Dela', the photo strip and 'Liknande bilar'.

const NBSP = '\u00a0';
const countOf = async (page: Page, query = '') =>
  ((await (await page.request.get(`/api/inventory/cars/count${query}`)).json()) as { count: number; more: boolean })
    .count;
const shown = (n: number) => `${n.toLocaleString('sv-SE').replace(/\s/g, NBSP)} bil${n === 1 ? '' : 'ar'}`;

test.describe('lists', () => {
  test('home counts its ads and follows the filters; the chip spells the make as listed', async ({ page }) => {
    await page.goto('/');
    const count = page.getByTestId('result-count');
    await expect(count).toHaveText(shown(await countOf(page)));
    await page.goto('/?make=volvo');
    await expect(page.getByRole('button', { name: 'Ta bort filter Märke: Volvo' })).toBeVisible();
    await expect(count).toHaveText(shown(await countOf(page, '?make=volvo')));
    expect(await axeViolations(page)).toEqual([]);
  });

  test("on a phone, the open filters keep 'Visa N bilar' in view, and it leads to the results", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(homeList(page)).toBeVisible();
    await page.getByRole('button', { name: 'Visa filter' }).click();
    const total = await countOf(page);
    const show = page.getByRole('button', { name: `Visa ${shown(total)}` });
    await expect(show).toBeInViewport();
    await page.getByLabel('Bränsle').selectOption('diesel');
    const diesel = await countOf(page, '?fuel=diesel');
    await expect(page.getByRole('button', { name: `Visa ${shown(diesel)}` })).toBeInViewport();
    await page.getByLabel('Högst miltal').scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: `Visa ${shown(diesel)}` })).toBeInViewport();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `Visa ${shown(diesel)}` }).click();
    await expect(page.getByRole('button', { name: 'Visa filter' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('result-count')).toBeInViewport();
  });

  test('a phone shows a compact list (photo beside the facts); a wide screen large cards', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const first = homeList(page).locator('.car-card').first();
    const photo = await first.locator('.car-card__media').boundingBox();
    const title = await first.getByRole('heading').boundingBox();
    expect(title!.x).toBeGreaterThan(photo!.x + photo!.width - 1);
    // Several ads on a screen.
    const inView = await homeList(page)
      .locator('.car-card')
      .evaluateAll((cards) => cards.filter((c) => c.getBoundingClientRect().bottom <= window.innerHeight).length);
    expect(inView).toBeGreaterThanOrEqual(3);
    await page.setViewportSize({ width: 1280, height: 800 });
    const wide = await first.locator('.car-card__media').boundingBox();
    const wideTitle = await first.getByRole('heading').boundingBox();
    expect(wideTitle!.y).toBeGreaterThan(wide!.y + wide!.height - 1);
  });

  test('the heart on a card saves without opening the ad; logged out it opens the login dialog', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const card = homeList(page).locator('.car-card').first();
    const title = (await card.getByRole('heading').textContent())!;
    await card.getByRole('button', { name: `Spara ${title}` }).click();
    await expect(page.getByRole('dialog', { name: /Logga in/ })).toBeVisible();
    await page.keyboard.press('Escape');

    const user = await registerUser(request, 'heart');
    const token = await loginAs(page, request, user);
    await page.goto('/');
    const heart = homeList(page).getByRole('button', { name: `Spara ${title}` });
    await heart.click();
    await expect(
      homeList(page).getByRole('button', { name: `Sparad: ${title}, ta bort från sparade` }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL('/');
    await expect.poll(async () => (await savedIds(request, token)).length).toBe(1);
  });

  test("search forgives spacing and typos: 'xc 90' finds XC90, 'volvp' finds Volvo", async ({ page }) => {
    const user = await registerUser(page.request, 'typo');
    const token = await login(page.request, user.email, user.password);
    await createAd(page.request, token, adFields({ make: 'Volvo', model: 'XC90', title: 'Stor familjebil' }));
    await page.goto('/search/xc%2090');
    await expect(page.getByRole('list', { name: 'Sökresultat för xc 90' }).getByText('Stor familjebil')).toBeVisible();
    await page.goto('/search/volvp');
    await expect(page.getByRole('list', { name: 'Sökresultat för volvp' }).getByText('Stor familjebil')).toBeVisible();
    // The typo finds what the make finds.
    const volvo = await countOf(page, '?searchterm=volvo');
    expect(await countOf(page, '?searchterm=volvp')).toBe(volvo);
    await expect(page.getByTestId('result-count')).toHaveText(shown(volvo));
  });
});

test.describe('the ad page', () => {
  test("the owner sees 'Redigera' and 'Ta bort', no heart and no 'Skicka meddelande'; 'Ta bort' removes", async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, 'owner');
    const token = await login(request, user.email, user.password);
    const id = await createAd(request, token, adFields({ title: 'Min egen bil' }), await threePhotos());
    await loginAs(page, request, user);
    await page.goto(`/car/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Min egen bil' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Redigera' })).toHaveAttribute('href', `/edit/car/${id}`);
    await expect(page.getByRole('button', { name: 'Spara annonsen' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Skicka meddelande' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Ta bort' }).click();
    await page.getByRole('dialog', { name: 'Ta bort annonsen?' }).getByRole('button', { name: 'Ta bort' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByText('”Min egen bil” är borttagen.')).toBeVisible();
    expect(await userCars(request, user.username)).toEqual([]);
  });

  test("'Dela' copies the address, said in a status; the strip pages with previous and next", async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const seller = await registerUser(request, 'share');
    const token = await login(request, seller.email, seller.password);
    const id = await createAd(request, token, adFields({ title: 'Delbar bil' }), await threePhotos());
    await page.goto(`/car/${id}`);
    await page.getByRole('button', { name: 'Dela', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Länken till annonsen är kopierad.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    const strip = page.getByRole('list', { name: 'Bilder' });
    const first = strip.getByRole('img').first();
    await expect(first).toHaveAttribute('srcset', /-card\.jpeg.* 480w, .*\.jpeg.* 1600w/);
    await expect(first).toHaveCSS('object-fit', 'contain');
    await page.getByRole('button', { name: 'Nästa bild' }).click();
    await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Föregående bild' }).click();
    await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBe(0);
  });

  test("'Liknande bilar' lists ads of the same make and model below the description", async ({ page, request }) => {
    const seller = await registerUser(request, 'similar');
    const token = await login(request, seller.email, seller.password);
    // Odd prices: the nearest to the ad's, whatever demo ads of the model there are.
    const base = adFields({ make: 'Lancia', model: 'Ypsilon', price: '100003' });
    const id = await createAd(request, token, { ...base, title: 'Lancia att jämföra' });
    await createAd(request, token, {
      ...base,
      registrationNumber: uniqueRegistrationNumber(),
      title: 'Liknande Lancia',
      price: '100004',
    });
    await page.goto(`/car/${id}`);
    const section = page.getByRole('region', { name: 'Liknande bilar' });
    await expect(section.getByRole('heading', { level: 3, name: 'Liknande Lancia' })).toBeVisible();
    const description = await page.getByRole('heading', { name: 'Beskrivning' }).boundingBox();
    expect((await section.boundingBox())!.y).toBeGreaterThan(description!.y);
    expect(await axeViolations(page)).toEqual([]);
  });
});
