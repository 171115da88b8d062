import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { adFields, bearer, createAd, registerUser } from '../support/api.ts';
import { homeList } from '../support/cards.ts';

// What a browser, a crawler or a link checker gets for a page: the app always, with the status of what it shows;
// and a policy that lets the dialogs lock the page's scrolling (their one inline style carries the page's nonce).

/** Every CSP violation the page reports, from the first script on (the event and the console both). */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    ),
  );
  return violations;
}

const wheelOverPage = async (page: Page) => {
  const { width, height } = page.viewportSize()!;
  await page.mouse.move(width / 2, height - 20);
  await page.mouse.wheel(0, 1200);
  await page.waitForTimeout(300);
};

test("opening 'Logga in' breaks no CSP rule and the page behind it does not scroll", async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/');
  await expect(homeList(page).locator(':scope > li')).toHaveCount(20);
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 500)).toBe(true);

  await page.getByRole('button', { name: 'Logga in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Logga in' });
  await expect(dialog).toBeVisible();
  // react-remove-scroll's style applies: the body is locked, and the wheel moves nothing behind the dialog.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await wheelOverPage(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(violations).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  await wheelOverPage(page);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(violations).toEqual([]);
});

test('a page answers 200, a missing page or a removed ad 404, and each shows the app', async ({ page, request }) => {
  const seller = await registerUser(request, 'status');
  const id = await createAd(request, seller.token, adFields({ title: 'Saab 9-3 som tas bort' }));

  const shown = await page.goto(`/car/${id}`);
  expect(shown!.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saab 9-3 som tas bort');

  expect((await request.delete(`/api/inventory/cars/${id}`, { headers: bearer(seller.token) })).status()).toBe(204);
  const removed = await page.goto(`/car/${id}`);
  expect(removed!.status()).toBe(404);
  await expect(page).toHaveURL('/notfound');
  await expect(page.getByRole('heading', { name: 'Inget att se här...' })).toBeVisible();

  const missing = await page.goto('/det/finns/inte');
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Inget att se här...' })).toBeVisible();

  const search = await page.goto('/search/volvo');
  expect(search!.status()).toBe(200);
  await expect(page.getByRole('main')).toBeVisible();
});

test("a seller's page answers 200 with or without ads, 404 with the not-found screen for no such user", async ({
  page,
  request,
}) => {
  const seller = await registerUser(request, 'nyads');
  const empty = await page.goto(`/user/${seller.username}`);
  expect(empty!.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${seller.username}'s bilannonser`);
  await expect(page.getByRole('paragraph').filter({ hasText: /^Inga resultat$/ })).toBeVisible();

  const id = await createAd(request, seller.token, adFields({ title: 'Volvo 245 hos säljaren' }));
  const withAd = await page.goto(`/user/${seller.username}`);
  expect(withAd!.status()).toBe(200);
  await expect(
    page.getByRole('list', { name: `${seller.username}s annonser` }).getByRole('heading', { level: 2 }),
  ).toHaveText(['Volvo 245 hos säljaren']);

  const unknown = await page.goto(`/user/${seller.username}x`);
  expect(unknown!.status()).toBe(404);
  await expect(page).toHaveURL('/notfound');
  await expect(page.getByRole('heading', { name: 'Inget att se här...' })).toBeVisible();

  // The edit page of a removed ad: the same status and screen as the ad's own page.
  expect((await request.delete(`/api/inventory/cars/${id}`, { headers: bearer(seller.token) })).status()).toBe(204);
  const edit = await page.goto(`/edit/car/${id}`);
  expect(edit!.status()).toBe(404);
  await expect(page).toHaveURL('/notfound');
  await expect(page.getByRole('heading', { name: 'Inget att se här...' })).toBeVisible();
});

test("a malformed percent-encoding in a page's path gets the app (status 400), not a JSON error", async ({ page }) => {
  const res = await page.goto('/search/%');
  expect(res!.status()).toBe(400);
  expect(res!.headers()['content-type']).toBe('text/html; charset=utf-8');
  await expect(page.getByRole('button', { name: 'Meny' })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
});

test('the site has an icon: /favicon.ico and the linked icons answer, and the home page loads nothing missing', async ({
  page,
  request,
}) => {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await page.goto('/');
  await expect(homeList(page).locator(':scope > li')).toHaveCount(20);
  expect(failed).toEqual([]);

  const ico = await request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const links = await page
    .locator('link[rel~="icon"], link[rel="apple-touch-icon"]')
    .evaluateAll((els) => els.map((el) => (el as HTMLLinkElement).href));
  expect(links.length).toBeGreaterThanOrEqual(2);
  for (const href of links) expect((await request.get(href)).status(), href).toBe(200);
});
