import { expect, test } from '@playwright/test';

// The platform promise: the default process serves the Swedish SPA, health, the API and demo photos.
test('home is the Swedish SPA with demo ads and their photos', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  expect((await request.get('/healthz')).status()).toBe(200);
  const cars = await (await request.get('/api/inventory/001/2003?start=0&end=20')).json();
  expect(cars).toHaveLength(20);
  // Other journeys add ads without photos; the demo ads all have some.
  const withPhoto = cars.find((c: { imageCount: number }) => c.imageCount > 0);
  const photo = await request.get(`/files/${withPhoto.id}-1.jpeg`);
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toBe('image/jpeg');
});

test('deep links answer the SPA', async ({ request }) => {
  const res = await request.get('/car/1');
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain('<html lang="sv">');
});
