import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { adFields, createAd, registerUser, toggleSaved, type TestUser, detailsOf } from '../support/api.ts';
import { axeViolations, settled } from '../support/a11y.ts';
import { adForm } from '../support/ad-form.ts';
import { jpeg } from '../support/photos.ts';
import { seedSession } from '../support/session.ts';

// A keyboard-only run (issue #30): skip links, focus never under the sticky header, focus to the new page's heading
// after a page change from the menu or the drawer, failed submits that show and tie their message, confirmations
// that do not take the keyboard, the settings' profile tab, the header on a phone and at 400 % zoom.

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-forms';
let seller: TestUser;
let carId: number;
const fullName = (u: TestUser) => `${u.firstname} ${u.lastname}`;

test.beforeAll(async ({ request }) => {
  seller = await registerUser(request, 'kbd');
  carId = await createAd(request, seller.token, adFields(), [await jpeg('#335577')]);
  await toggleSaved(request, seller.token, carId);
});

/** Whether the sticky header covers the focused element (what is drawn on top of its middle) or it is off screen. */
function focusPlace(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const r = el?.getBoundingClientRect();
    if (!el || !r || el === document.body) return { what: 'body', covered: false, outside: false };
    const outside = r.bottom <= 0 || r.top >= innerHeight;
    const top = outside ? null : document.elementFromPoint(r.left + r.width / 2, Math.max(r.top, 0) + 2);
    return {
      what: `${el.tagName} ${el.getAttribute('name') ?? el.getAttribute('aria-label') ?? el.textContent?.slice(0, 30)}`,
      covered: !!top && !el.contains(top) && !!top.closest('.header') && !el.closest('.header'),
      outside,
    };
  });
}

/** Presses `key` `times` times; answers every stop where the header covered the focused element or it was off screen. */
async function walk(page: Page, key: string, times: number): Promise<string[]> {
  const problems: string[] = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key);
    const place = await focusPlace(page);
    if (place.covered || place.outside)
      problems.push(`${key} ${i + 1}: ${place.what} ${place.covered ? 'under the header' : 'off screen'}`);
  }
  return problems;
}

test("the skip links: 'Hoppa till annonserna' reaches the first ad in three stops at 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await settled(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Hoppa till innehållet' })).toBeFocused();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Hoppa till annonserna' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const first = page.getByRole('list', { name: 'Bilannonser' }).getByRole('link').first();
  await expect(first).toBeFocused();
  expect((await focusPlace(page)).covered).toBe(false);
});

test('tabbing back and forth never leaves the focused element under the sticky header', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await settled(page);
  const problems = [...(await walk(page, 'Tab', 30)), ...(await walk(page, 'Shift+Tab', 28))];

  await seedSession(page, seller.token, detailsOf(seller));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/new/car');
  await settled(page);
  await adForm(page).getByRole('button', { name: 'Publicera annons' }).focus();
  problems.push(...(await walk(page, 'Shift+Tab', 20)));
  expect(problems).toEqual([]);
});

test('at 400 % zoom the header scrolls away and covers nothing', async ({ page }) => {
  // 1280×800 at 400 %: a 320×200 CSS-pixel window.
  await page.setViewportSize({ width: 320, height: 200 });
  await page.goto('/');
  await expect(page.locator('main h1').first()).toBeAttached();
  expect(await page.locator('.header').evaluate((h) => getComputedStyle(h).position)).toBe('static');
  await page.getByRole('list', { name: 'Bilannonser' }).getByRole('link').first().focus();
  expect(await page.locator('.header').evaluate((h) => h.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
  expect(await walk(page, 'Shift+Tab', 12)).toEqual([]);
});

test("a page change from the menu or the drawer puts the keyboard on the new page's heading", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedSession(page, seller.token, detailsOf(seller));
  await page.goto('/');
  await settled(page);
  const menu = page.getByRole('button', { name: 'Meny' });
  await menu.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Meny' });
  await dialog.getByRole('link', { name: 'Feedback' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Skicka feedback' })).toBeFocused();
  await expect(dialog).toBeHidden();
  // The feedback form starts with the user's name and email.
  await expect(page.getByLabel('Namn')).toHaveValue(fullName(seller));
  await expect(page.getByLabel('E-post')).toHaveValue(seller.email);
  // The next Tab goes on in the page, not in the header.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Namn')).toBeFocused();

  await page.getByRole('button', { name: fullName(seller) }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('link', { name: 'Inställningar' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Inställnignar' })).toBeFocused();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('a failed submit shows the message beside the focused select, tied to it; a fixed field clears', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await seedSession(page, seller.token, detailsOf(seller));
  await page.goto('/new/car');
  await settled(page);
  const form = adForm(page);
  await expect(form.getByLabel('Märke', { exact: true }).locator('option', { hasText: 'Volvo' })).toBeAttached();
  await form.getByRole('button', { name: 'Publicera annons' }).focus();
  await page.keyboard.press('Enter');
  const fuel = form.getByLabel('Bränsle', { exact: true });
  await expect(fuel).toBeFocused();
  const alert = form.getByRole('alert');
  await expect(alert).toHaveText('Ange bränsle');
  await expect(alert).toBeInViewport();
  await expect(fuel).toHaveAttribute('aria-invalid', 'true');
  await expect(fuel).toHaveAttribute('aria-describedby', (await alert.getAttribute('id'))!);
  expect((await focusPlace(page)).covered).toBe(false);
  await page.screenshot({ path: `${SHOTS}/new-ad-error-390.png` });
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.type('Bensin');
  await expect(fuel).not.toHaveAttribute('aria-invalid', 'true');
  await expect(fuel).not.toHaveAttribute('aria-describedby');
});

test('saving an edit confirms it politely and leaves the keyboard on the ad', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedSession(page, seller.token, detailsOf(seller));
  await page.goto(`/edit/car/${carId}`);
  await settled(page);
  const form = adForm(page);
  await expect(form.getByLabel('Modell', { exact: true })).toHaveValue('V70');
  await form.getByLabel('Pris (kr)').fill('119000');
  await form.getByRole('button', { name: 'Spara ändringar' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/car/${carId}`);
  const toast = page.locator('.toast-region');
  await expect(toast).toHaveText('Dina ändringar är sparade');
  await expect(toast).toHaveAttribute('aria-live', 'polite');
  await expect(page.locator('main h1')).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/toast-1280.png` });
  expect(await axeViolations(page)).toEqual([]);
});

test("settings' 'Min profil' tab: one page heading, the title kept while open and after", async ({ page }) => {
  await seedSession(page, seller.token, detailsOf(seller));
  await page.goto('/settings');
  await settled(page);
  await expect(page).toHaveTitle('Inställningar – Bilmarknaden');
  const tab = page.getByRole('button', { name: 'Min profil' });
  await tab.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Välkommen till din profil!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(['Inställnignar']);
  await expect(page).toHaveTitle('Inställningar – Bilmarknaden');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Välkommen till din profil!')).toBeHidden();
  await expect(page).toHaveTitle('Inställningar – Bilmarknaden');
});

test('/profile logged out asks to log in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Min profil');
  await expect(page.getByText('Logga in för att se din profil och hantera dina annonser.')).toBeVisible();
  await expect(page.getByText('Välkommen till din profil!')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('the header at 390 px: initials with the whole name, every string on one line', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await seedSession(page, seller.token, detailsOf(seller));
  await page.goto('/');
  await settled(page);
  const banner = page.getByRole('banner');
  const profile = banner.getByRole('button', { name: fullName(seller) });
  await expect(profile).toBeVisible();
  await expect(profile.locator('.header__initials')).toHaveText(
    `${seller.firstname[0]}${seller.lastname[0]}`.toUpperCase(),
  );
  const lines = (text: string) =>
    banner.getByText(text, { exact: true }).evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    });
  expect(await lines('Visa nya sidan')).toBe(1);
  expect(await lines('Bilmarknaden')).toBe(1);
  // Nothing in the header is cut or pushed out of the window.
  const overflow = await banner.evaluate(
    (b) =>
      Array.from(b.querySelectorAll('a, button')).filter((el) => {
        const r = el.getBoundingClientRect();
        return r.right > innerWidth || (el as HTMLElement).scrollWidth > (el as HTMLElement).clientWidth + 1;
      }).length,
  );
  expect(overflow).toBe(0);
  await page.screenshot({ path: `${SHOTS}/header-390.png`, clip: { x: 0, y: 0, width: 390, height: 120 } });
  expect(await axeViolations(page)).toEqual([]);
});

/**
 * The scroll position once a wheel's smooth scroll has stopped (two equal readings above 0): read while the scroll
 * still ran, it is lower than where the page comes to rest, and a reload restores the latter.
 */
async function scrollAtRest(page: Page): Promise<number> {
  let last = -1;
  await expect
    .poll(async () => {
      const y = await page.evaluate(() => scrollY);
      const resting = y > 0 && y === last;
      last = y;
      return resting;
    })
    .toBe(true);
  return last;
}

test('a page opened from its address starts at its top, not at the scroll position of the page before', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await settled(page);
  await page.mouse.move(640, 700);
  await page.mouse.wheel(0, 900);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  await page.goto(`/car/${carId}`);
  await settled(page);
  expect(await page.evaluate(() => scrollY)).toBe(0);
  // A reload keeps the page's own position.
  await page.goto('/');
  await settled(page);
  await page.mouse.wheel(0, 900);
  const before = await scrollAtRest(page);
  await page.reload();
  await settled(page);
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(before);
});
