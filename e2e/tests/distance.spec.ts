import { distanceText } from '@bilmarknaden/shared/distance';
import { kommunDistanceKm } from '@bilmarknaden/shared/kommun-distance';
import { expect, test } from '../support/fixtures.ts';
import { adFields, createAd, registerUser, unique, type AdFields } from '../support/api.ts';
import { axeViolations } from '../support/a11y.ts';
import { seedSession } from '../support/session.ts';

// Avstånd (issue 44): a buyer whose registered city is Stockholm finds the kommun prefilled, keeps the cars within
// 25 km (Solna's, not Göteborg's), sees 'ca N km' on the cards, sorts by 'Närmast' (URL and chips), and removing the
// place removes the sort. Both ads carry a word of this run's own, so the search finds them alone.

const STOCKHOLM = '0180';
const SOLNA = '0184';
const GOTEBORG = '1480';
const km = (to: string) => distanceText(kommunDistanceKm(STOCKHOLM, to)!);

test('filter by distance from the prefilled kommun, sort by Närmast, and clear it by its chip', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const seller = await registerUser(request, 'avstsaljare');
  const word = unique('avst').replace(/[^a-z0-9]/gi, '');
  const ad = (kommun: string, place: string): AdFields =>
    ({ ...adFields({ title: `Volvo V70 ${word} ${place}`.slice(0, 60) }), kommun }) as AdFields;
  const solna = await createAd(request, seller.token, ad(SOLNA, 'Solna'));
  const goteborg = await createAd(request, seller.token, ad(GOTEBORG, 'Göteborg'));

  // The buyer's registered city is Stockholm (the test users' city): the filter starts from it.
  const buyer = await registerUser(request, 'avstkopare');
  await seedSession(page, buyer.token, {
    username: buyer.username,
    firstname: buyer.firstname,
    lastname: buyer.lastname,
  });
  await page.goto(`/search/${word}`);
  const results = page.getByRole('list', { name: `Sökresultat för ${word}` });
  await expect(results.getByRole('article')).toHaveCount(2);
  const distance = page.getByRole('group', { name: 'Avstånd' });
  await expect(distance.getByRole('combobox', { name: 'Från kommun' })).toHaveValue('Stockholm');

  // 'Inom 25 km': into the URL, a chip, and only the car in Solna, with its distance.
  await distance.getByRole('combobox', { name: 'Avstånd' }).selectOption({ label: 'Inom 25 km' });
  await expect(page).toHaveURL(new RegExp(`[?&]near=${STOCKHOLM}&within=25(&|$)`));
  const chips = page.getByRole('list', { name: 'Aktiva avståndsfilter' });
  await expect(chips.getByRole('button', { name: 'Ta bort filter Inom 25 km från Stockholm' })).toBeVisible();
  await expect(results.getByRole('article')).toHaveCount(1);
  await expect(results.getByRole('article').first()).toContainText(km(SOLNA));
  expect(await axeViolations(page)).toEqual([]);

  // 'Närmast först' over every distance: Solna's car before Göteborg's, each with its distance.
  await distance.getByRole('checkbox', { name: 'Närmast först' }).check();
  await distance.getByRole('combobox', { name: 'Avstånd' }).selectOption({ label: 'Alla avstånd' });
  await expect(page).toHaveURL(/[?&]orderBy=distance(&|$)/);
  await expect(results.getByRole('article')).toHaveCount(2);
  const headings = results.getByRole('article').getByRole('heading');
  await expect(headings).toHaveText([/Solna$/, /Göteborg$/]);
  await expect(results.getByRole('article').nth(1)).toContainText(km(GOTEBORG));

  // Home with the same search from a link: the sort menu says 'Närmast', the chips name the place and the sort.
  await page.goto(`/?searchterm=${word}&near=${STOCKHOLM}&orderBy=distance&order=asc`);
  const filters = page.getByRole('region', { name: 'Filter' });
  const folded = filters.getByRole('button', { name: 'Visa filter' });
  if (await folded.isVisible()) await folded.click();
  await expect(filters.getByRole('combobox', { name: 'Sortering' })).toHaveValue('distance-asc');
  const cards = page.getByRole('list', { name: 'Bilannonser' }).getByRole('article');
  await expect(cards.getByRole('heading')).toHaveText([/Solna$/, /Göteborg$/]);
  const homeChips = page.getByRole('list', { name: 'Aktiva filter' });
  await expect(homeChips.getByRole('button', { name: 'Ta bort filter Sortering: Närmast' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Removing the place's chip (by keyboard) removes the sort by it.
  await homeChips.getByRole('button', { name: 'Ta bort filter Avstånd från Stockholm' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/near=|orderBy=distance/);
  await expect(homeChips.getByRole('button', { name: /Närmast/ })).toHaveCount(0);
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).not.toContainText(' km');
  expect([solna, goteborg].every((id) => id > 0)).toBe(true);
});

test('a radius without a kommun, or an unknown kommun, is refused with a Swedish message naming the field', async ({
  request,
}) => {
  const without = await request.get('/api/inventory/001/2003?within=25');
  expect(without.status()).toBe(400);
  expect(await without.json()).toEqual({ message: 'Välj en kommun att räkna avståndet från', field: 'near' });
  const unknown = await request.get('/api/inventory/001/2003?near=9999&within=25');
  expect(unknown.status()).toBe(400);
  expect(await unknown.json()).toEqual({ message: 'Välj en kommun i listan att räkna avståndet från', field: 'near' });
  const radius = await request.get(`/api/inventory/001/2003?near=${STOCKHOLM}&within=30`);
  expect(radius.status()).toBe(400);
  expect((await radius.json()).field).toBe('within');
});
