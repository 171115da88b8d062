import { KOMMUNER } from '@bilmarknaden/shared/places';
import { expect, test } from '../support/fixtures.ts';
import { adFields, getCar, registerUser } from '../support/api.ts';
import { adForm, fillAd } from '../support/ad-form.ts';
import { seedSession } from '../support/session.ts';

// Where the car is (issue 28): a seller chooses the place while posting, sees it on the card, and a buyer filters
// the home page by county.

const NORRBOTTEN = new Set(KOMMUNER.filter((k) => k.lan === '25').map((k) => k.name));

test('choose a place when posting, see it on the card, filter by county', async ({ page, request }) => {
  const seller = await registerUser(request, 'place');
  await seedSession(page, seller.token, {
    username: seller.username,
    firstname: seller.firstname,
    lastname: seller.lastname,
  });
  const fields = adFields({ title: `Volvo V70 ${seller.username}`.slice(0, 60), model: 'V70' });

  await page.goto('/new/car');
  const form = adForm(page);
  const place = form.getByRole('combobox', { name: 'Plats (kommun)' });
  // The seller registered in Stockholm: the form starts there.
  await expect(place).toHaveValue('Stockholm');
  await place.fill('Kirun');
  await expect(form.getByRole('option', { name: /^Kiruna/ })).toBeVisible();
  await place.press('ArrowDown');
  await place.press('Enter');
  await expect(place).toHaveValue('Kiruna');
  await fillAd(form, fields);
  const created = page.waitForResponse((r) => r.url().includes('/001/1001'));
  await form.getByRole('button', { name: 'Publicera annons' }).click();
  const { id } = (await (await created).json()) as { id: number };
  expect((await getCar(request, id))?.kommun).toBe('2584');

  await expect(page).toHaveURL('/');
  const cards = page.getByRole('list', { name: 'Bilannonser' }).locator(':scope > li');
  const ours = cards.filter({ has: page.getByRole('heading', { name: fields.title }) });
  await expect(ours.locator('.car-card__location')).toHaveText('Kiruna');

  // Filter by county: in the URL, as a chip, and only ads of the county listed.
  const filters = page.getByRole('region', { name: 'Filter' });
  if (await filters.getByRole('button', { name: 'Visa filter' }).isVisible())
    await filters.getByRole('button', { name: 'Visa filter' }).click();
  await filters.getByLabel('Län', { exact: true }).selectOption('25');
  await expect(page).toHaveURL(/[?&]lan=25\b/);
  await expect(page.getByRole('button', { name: 'Ta bort filter Län: Norrbotten' })).toBeVisible();
  await expect(ours).toHaveCount(1);
  const places = await cards.locator('.car-card__location').allTextContents();
  expect(places.length).toBeGreaterThan(0);
  for (const name of places) expect(NORRBOTTEN.has(name), name).toBe(true);

  // The chip takes the filter away again.
  await page.getByRole('button', { name: 'Ta bort filter Län: Norrbotten' }).click();
  await expect(page).not.toHaveURL(/lan=/);
});
