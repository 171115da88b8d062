import { expect, test } from '../support/fixtures.ts';
import { adFields, bearer, createAd, registerUser } from '../support/api.ts';

// What a browser, a crawler or a link checker gets for a page: the app always, with the status of what it shows.

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

test("a malformed percent-encoding in a page's path gets the app (status 400), not a JSON error", async ({ page }) => {
  const res = await page.goto('/search/%');
  expect(res!.status()).toBe(400);
  expect(res!.headers()['content-type']).toBe('text/html; charset=utf-8');
  await expect(page.getByRole('button', { name: 'Meny' })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
});
