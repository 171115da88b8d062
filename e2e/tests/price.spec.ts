import { expect, test } from '../support/fixtures.ts';
import { adFields, createAd, registerUser, type AdFields } from '../support/api.ts';
import { adForm, fillAd } from '../support/ad-form.ts';
import { seedSession } from '../support/session.ts';

// A model year and mileage no demo ad has, so the comparables are the ones this test writes (decision 038).
const CAR: Partial<AdFields> = { make: 'Volvo', model: 'V70', year: '1950', milage: '90000' };
const COMPARABLE_PRICES = [90_000, 95_000, 100_000, 105_000, 110_000, 115_000, 120_000, 125_000];

test('the judgement is shown, and a lowered price is marked on the ad and its card', async ({ page, request }) => {
  // Nine ads are written through the API first.
  test.setTimeout(120_000);
  const seller = await registerUser(request, 'pricer');
  for (const price of COMPARABLE_PRICES)
    await createAd(request, seller.token, adFields({ ...CAR, price: String(price) }));
  const fields = adFields({ ...CAR, price: '180000' });
  const id = await createAd(request, seller.token, fields);
  await seedSession(page, seller.token, {
    username: seller.username,
    firstname: seller.firstname,
    lastname: seller.lastname,
  });

  await page.goto(`/car/${id}`);
  await expect(page.getByText('Inlagd i dag')).toBeVisible();
  const prices = page.getByRole('region', { name: 'Pris' });
  await expect(prices.getByText(/Liknande bilar: \d+\s\d{3}–\d+\s\d{3}\skr/)).toBeVisible();
  await expect(page.getByText('Högt pris').first()).toBeVisible();

  // The seller lowers the price in the edit form, which shows the same range.
  await page.goto(`/edit/car/${id}`);
  const form = adForm(page);
  await expect(form.getByText(/Liknande bilar: \d+\s\d{3}–\d+\s\d{3}\skr/)).toBeVisible();
  await fillAd(form, { price: '100000' });
  await form.getByRole('button', { name: 'Spara ändringar' }).click();

  await expect(page).toHaveURL(`/car/${id}`);
  await expect(page.getByText('Sänkt 80 000 kr')).toBeVisible();
  await expect(page.getByText('Normalt pris').first()).toBeVisible();
  const history = page.getByRole('table', { name: 'Prishistorik' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText('180 000 :-');
  await expect(history.getByRole('row').nth(2)).toContainText('100 000 :-');

  await page.getByRole('link', { name: 'Så bedömer vi priset' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Så bedömer vi priset');

  // The card in the seller's own list says so too.
  await page.goto('/profile');
  const card = page.getByRole('article').filter({ hasText: fields.title });
  await expect(card.getByText('Sänkt 80 000 kr')).toBeVisible();
  await expect(card.getByText('Normalt pris')).toBeVisible();
});

test('an ad marked sold says Såld on its page and leaves the lists; Ångra brings it back', async ({
  page,
  request,
}) => {
  const seller = await registerUser(request, 'soldier');
  const fields = adFields({ ...CAR, price: '99000' });
  const id = await createAd(request, seller.token, fields);
  await seedSession(page, seller.token, {
    username: seller.username,
    firstname: seller.firstname,
    lastname: seller.lastname,
  });
  await page.goto(`/car/${id}`);
  await page.getByRole('button', { name: 'Markera som såld' }).click();
  await expect(page.getByText('Såld', { exact: true })).toBeVisible();
  const list = await request.get(`/api/inventory/001/2002?username=${seller.username}`);
  expect(((await list.json()) as { id: number }[]).map((c) => c.id)).not.toContain(id);

  await page.getByRole('button', { name: 'Ångra' }).click();
  await expect(page.getByRole('button', { name: 'Markera som såld' })).toBeVisible();
  await expect(page.getByText('Såld', { exact: true })).toHaveCount(0);
});
