import { placeName } from '@bilmarknaden/shared/places';
import { expect, test } from '../support/fixtures.ts';
import { getCar, listCars, makes, userCars } from '../support/api.ts';
import { cardTitles, expectCardsFor, homeList } from '../support/cards.ts';

// A visitor without an account: the home list, filters, search, an ad, a seller, not-found, browse, menu.

test('home lists 20 cards and Mer adds the next 20', async ({ page, request }) => {
  await page.goto('/');
  await expectCardsFor(page, request, {});
  const cards = homeList(page).locator(':scope > li');
  await expect(cards).toHaveCount(20);
  const page1 = await listCars(request, { start: 0, end: 20, orderBy: 'created', order: 'desc' });
  await expect(cards.first().getByRole('link')).toHaveAttribute('href', `/car/${page1[0]!.id}`);
  // The first card with a photo shows it, with the facts as specified.
  const index = page1.findIndex((c) => c.imageCount > 0);
  const car = page1[index]!;
  const card = cards.nth(index);
  await expect(card.getByRole('link')).toHaveAttribute('href', `/car/${car.id}`);
  await expect(card.getByRole('listitem')).toHaveText([
    String(car.year),
    /./,
    new RegExp(`^${car.milage.toLocaleString('sv-SE')} mil$`),
    /^(Manuell|Automat)$/,
    new RegExp(`^${car.hp.toLocaleString('sv-SE')} hk$`),
  ]);
  // Its place (issue 28): the ad's kommun, or the specification's 'Stockholm' for an ad posted without one.
  await expect(card).toContainText(placeName(car.kommun, 'Stockholm'));
  await expect(card).toContainText(`${car.price.toLocaleString('sv-SE')} :-`);
  await expect(card.getByRole('img')).toHaveAttribute('alt', car.title);
  await expect
    .poll(() => card.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  const next = await listCars(request, { start: 20, end: 40, orderBy: 'created', order: 'desc' });
  await page.getByRole('button', { name: 'Mer', exact: true }).click();
  await expect(cards).toHaveCount(40);
  await expect(cardTitles(page).nth(20)).toHaveText(next[0]!.title);
  await expect(cardTitles(page).nth(39)).toHaveText(next[19]!.title);
});

test('Mer keeps the filters: the next 20 of the filtered list', async ({ page, request }) => {
  const next = await listCars(request, { start: 20, end: 40, orderBy: 'created', order: 'desc', trans: 'manuell' });
  expect(next.length).toBeGreaterThan(0);
  await page.goto('/?trans=manuell');
  await expectCardsFor(page, request, { trans: 'manuell' });
  await page.getByRole('button', { name: 'Mer', exact: true }).click();
  await expect(homeList(page).locator(':scope > li')).toHaveCount(20 + next.length);
  await expect(cardTitles(page).nth(20)).toHaveText(next[0]!.title);
  await expect(page).toHaveURL('/?trans=manuell');
});

test('each home filter rewrites the URL and the cards; chips clear as specified; a reload keeps them', async ({
  page,
  request,
}) => {
  const [newest] = await listCars(request, { start: 0, end: 1, orderBy: 'created', order: 'desc' });
  const { make, model } = newest!;
  await page.goto('/');
  await expectCardsFor(page, request, {});

  const select = (label: string) => page.getByLabel(label, { exact: true });
  const chips = page.getByRole('list', { name: 'Aktiva filter' });

  await select('Märke').selectOption(make);
  await expect(page).toHaveURL(`/?make=${encodeURIComponent(make).replace(/%20/g, '+')}`);
  await expectCardsFor(page, request, { make });
  await expect(select('Modell')).toBeEnabled();
  await select('Modell').selectOption(model);
  await expect(page).toHaveURL(/[?&]model=/);
  await expectCardsFor(page, request, { make, model });
  await expect(chips.getByRole('button')).toHaveText([`Märke: ${make}×`, `Modell: ${model}×`, 'Rensa alla filter']);

  // Removing the make chip clears the model too.
  await page.getByRole('button', { name: `Ta bort filter Märke: ${make}` }).click();
  await expect(page).toHaveURL('/');
  await expect(chips).toHaveCount(0);
  await expect(select('Modell')).toBeDisabled();
  await expectCardsFor(page, request, {});

  const filters: [string, string, string, string][] = [
    ['Växellåda', 'trans', 'automat', 'Växellåda: Automat'],
    ['Bränsle', 'fuel', 'diesel', 'Bränsle: Diesel'],
    ['Typ', 'type', 'suv', 'Typ: SUV'],
    ['Färg', 'color', 'svart', 'Färg: Svart'],
    ['Drivlina', 'drivetrain', 'awd', 'Drivlina: AWD'],
  ];
  for (const [label, key, value, chip] of filters) {
    await select(label).selectOption(value);
    await expect(page).toHaveURL(`/?${key}=${encodeURIComponent(value)}`);
    await expectCardsFor(page, request, { [key]: value });
    await expect(page.getByRole('button', { name: `Ta bort filter ${chip}` })).toBeVisible();
    await page.getByRole('button', { name: `Ta bort filter ${chip}` }).click();
    await expect(page).toHaveURL('/');
  }

  // Any other chip clears only itself.
  await select('Växellåda').selectOption('manuell');
  await select('Bränsle').selectOption('bensin');
  await expect(page).toHaveURL('/?trans=manuell&fuel=bensin');
  await expectCardsFor(page, request, { trans: 'manuell', fuel: 'bensin' });
  await page.reload();
  await expect(select('Växellåda')).toHaveValue('manuell');
  await expect(select('Bränsle')).toHaveValue('bensin');
  await expectCardsFor(page, request, { trans: 'manuell', fuel: 'bensin' });
  await page.getByRole('button', { name: 'Ta bort filter Växellåda: Manuell' }).click();
  await expect(page).toHaveURL('/?fuel=bensin');
  await expect(select('Växellåda')).toHaveValue('');
  await expect(select('Bränsle')).toHaveValue('bensin');
  await expectCardsFor(page, request, { fuel: 'bensin' });
});

test('price, year and mileage ranges and the sort order rewrite the URL and the cards', async ({ page, request }) => {
  await page.goto('/');
  await expectCardsFor(page, request, {});
  const field = (label: string) => page.getByLabel(label, { exact: true });

  await field('Pris till').fill('60 000');
  await field('Pris till').press('Enter');
  await expect(page).toHaveURL('/?priceMax=60000');
  await expectCardsFor(page, request, { priceMax: 60000 });
  await field('År från').fill('2005');
  await field('År från').blur();
  await expect(page).toHaveURL('/?priceMax=60000&yearMin=2005');
  await field('Högst miltal').fill('20000');
  await field('Högst miltal').press('Enter');
  await expectCardsFor(page, request, { priceMax: 60000, yearMin: 2005, milageMax: 20000 });

  await field('Sortering').selectOption({ label: 'Lägst pris' });
  await expect(page).toHaveURL('/?priceMax=60000&yearMin=2005&milageMax=20000&orderBy=price&order=asc');
  const sorted = await listCars(request, {
    start: 0,
    end: 20,
    orderBy: 'price',
    order: 'asc',
    priceMax: 60000,
    yearMin: 2005,
    milageMax: 20000,
  });
  await expect(cardTitles(page)).toHaveText(sorted.map((c) => c.title));
  const prices = sorted.map((c) => c.price);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await page.getByRole('button', { name: 'Ta bort filter År från 2005' }).click();
  await expect(page).toHaveURL('/?priceMax=60000&milageMax=20000&orderBy=price&order=asc');
  await expect(field('År från')).toHaveValue('');
  await page.getByRole('button', { name: 'Rensa alla filter' }).click();
  await expect(page).toHaveURL('/');
  await expectCardsFor(page, request, {});
});

test('the home search box filters by term and clears itself; an unmatched term shows Inga resultat', async ({
  page,
  request,
}) => {
  const [newest] = await listCars(request, { start: 0, end: 1, orderBy: 'created', order: 'desc' });
  const term = newest!.make;
  await page.goto('/');
  const box = page.getByRole('main').getByPlaceholder('Sök...');
  await box.fill(term);
  await box.press('Enter');
  await expect(page).toHaveURL(`/?searchterm=${encodeURIComponent(term).replace(/%20/g, '+')}`);
  await expect(box).toHaveValue('');
  await expect(page.getByRole('button', { name: `Ta bort filter Sök: ${term}` })).toBeVisible();
  const titles = await expectCardsFor(page, request, { searchterm: term });
  expect(titles.length).toBeGreaterThan(0);

  await box.fill('zzqxjkvw');
  await page.getByRole('main').getByRole('button', { name: 'Sök', exact: true }).click();
  await expect(page).toHaveURL('/?searchterm=zzqxjkvw');
  await expect(page.getByRole('paragraph').filter({ hasText: /^Inga resultat$/ })).toBeVisible();
  await expect(homeList(page)).toHaveCount(0);
  // The list's live region says it too, after the user's search (and said nothing on the first load).
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Inga resultat');
});

test('/search/{term} runs the search on load and the search page box goes to /search/{term}', async ({
  page,
  request,
}) => {
  const [newest] = await listCars(request, { start: 0, end: 1, orderBy: 'created', order: 'desc' });
  const term = newest!.model;
  await page.goto(`/search/${encodeURIComponent(term)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Sökresultat för "${term}"`);
  await expectCardsFor(page, request, { searchterm: term }, `Sökresultat för ${term}`);

  const box = page.getByRole('main').getByLabel('Sökord');
  await expect(box).toHaveValue(term);
  await box.fill('zzqxjkvw');
  await box.press('Enter');
  await expect(page).toHaveURL('/search/zzqxjkvw');
  await expect(page.getByRole('paragraph').filter({ hasText: /^Inga resultat$/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Inga resultat');

  // The left menu's search goes to /search/{term} and clears its box.
  await page.getByRole('button', { name: 'Meny' }).click();
  const menu = page.getByRole('dialog', { name: 'Meny' });
  await menu.getByPlaceholder('Sök...').fill(term);
  await menu.getByPlaceholder('Sök...').press('Enter');
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(`/search/${encodeURIComponent(term)}`);
  await expectCardsFor(page, request, { searchterm: term }, `Sökresultat för ${term}`);
  await page.getByRole('button', { name: 'Meny' }).click();
  await expect(menu.getByPlaceholder('Sök...')).toHaveValue('');

  // A term with a slash survives the URL and a reload.
  await menu.getByPlaceholder('Sök...').fill('el / hybrid');
  await menu.getByPlaceholder('Sök...').press('Enter');
  await expect(page).toHaveURL('/search/el%20%2F%20hybrid');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sökresultat för "el / hybrid"');
  await expectCardsFor(page, request, { searchterm: 'el / hybrid' }, 'Sökresultat för el / hybrid');
});

test('a card opens the ad with its photos, the full-screen viewer and Besök profil', async ({ page, request }) => {
  const list = await listCars(request, { start: 0, end: 20, orderBy: 'created', order: 'desc' });
  const index = list.findIndex((c) => c.imageCount >= 2);
  const car = (await getCar(request, list[index]!.id))!;
  await page.goto('/');
  await homeList(page).locator(':scope > li').nth(index).getByRole('link').click();
  await expect(page).toHaveURL(`/car/${car.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(car.title);
  await expect(page.getByText(`@${car.user}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skicka meddelande' })).toBeVisible();
  await expect(page.getByText(car.description)).toBeVisible();

  const photos = page.getByRole('list', { name: 'Bilder' }).getByRole('img');
  await expect(photos).toHaveCount(car.imageCount);
  // Both stored sizes are offered (srcset); the browser takes the one the strip's width needs.
  await expect(photos.first()).toHaveAttribute('src', `/files/${car.id}-1-card.jpeg`);
  await expect(photos.first()).toHaveAttribute('srcset', new RegExp(`/files/${car.id}-1\\.jpeg 1600w$`));
  await page.getByRole('button', { name: `Visa bild 1 av ${car.imageCount} i helskärm` }).click();
  const viewer = page.getByRole('dialog', { name: `${car.title}, bild 1 av ${car.imageCount}` });
  await expect(viewer).toBeVisible();
  const big = viewer.getByRole('img');
  await expect(big).toHaveAttribute('src', `/files/${car.id}-1.jpeg`);
  await expect.poll(() => big.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: `${car.title}, bild 2 av ${car.imageCount}` })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('img')).toHaveAttribute('src', `/files/${car.id}-2.jpeg`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  const sellerAds = await userCars(request, car.user);
  await page.getByRole('link', { name: 'Besök profil' }).click();
  await expect(page).toHaveURL(`/user/${car.user}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${car.user}'s bilannonser`);
  // The page's first window (a seller may have more: the demo dealer has 68 ads, the rest behind 'Mer').
  // The seller's ads, below the seller box.
  await expect(page.getByRole('list', { name: `${car.user}s annonser` }).getByRole('heading', { level: 2 })).toHaveText(
    sellerAds.slice(0, 20).map((c) => c.title),
  );
});

test('an unknown ad goes to /notfound and Ta mig hem goes home; an unknown route shows not-found', async ({ page }) => {
  await page.goto('/car/99999999');
  await expect(page).toHaveURL('/notfound');
  await expect(page.getByRole('heading', { name: 'Inget att se här...' })).toBeVisible();
  await page.getByRole('link', { name: 'Ta mig hem' }).click();
  await expect(page).toHaveURL('/');
  await expect(homeList(page)).toBeVisible();

  await page.goto('/det/finns/inte');
  await expect(page.getByRole('heading', { name: 'Inget att se här...' })).toBeVisible();
  await expect(page).toHaveURL('/det/finns/inte');
});

test('/browse/cars: the panel slides down with 1940–2025 and applies make, model and years', async ({
  page,
  request,
}) => {
  const [newest] = await listCars(request, { start: 0, end: 1, orderBy: 'created', order: 'desc' });
  const { make, model, year } = newest!;
  await page.goto('/browse/cars');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alla bilar');
  await expectCardsFor(page, request, {}, 'Alla bilar');

  const toggle = page.getByRole('button', { name: 'Filter', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const panel = page.getByRole('form', { name: 'Filtrera bilar' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('År från')).toHaveValue('1940');
  await expect(panel.getByLabel('År till')).toHaveValue('2025');
  await expect(panel.getByLabel('Modell')).toBeDisabled();
  await panel.getByLabel('Märke').selectOption(make);
  await panel.getByLabel('Modell').selectOption(model);
  await panel.getByLabel('År från').fill(String(year));
  await panel.getByRole('button', { name: /^Visa .*bil(ar)?$/ }).click();
  await expect(panel).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const q = new URLSearchParams({ make, model, yearMin: String(year) });
  await expect(page).toHaveURL(`/browse/cars?${q}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${make} ${model}`);
  const titles = await expectCardsFor(page, request, { make, model, yearMin: year }, `${make} ${model}`);
  expect(titles).toContain(newest!.title);
});

test("the menu's Bilar lists every make and links to browse that make", async ({ page, request }) => {
  const names = await makes(request);
  const [newest] = await listCars(request, { start: 0, end: 1, orderBy: 'created', order: 'desc' });
  const make = newest!.make;
  await page.goto('/');
  await page.getByRole('button', { name: 'Meny' }).click();
  const menu = page.getByRole('dialog', { name: 'Meny' });
  await menu.getByRole('button', { name: 'Bilar' }).click();
  const links = menu.getByRole('navigation').getByRole('link');
  await expect(links.filter({ hasText: names[0]! })).toBeVisible();
  for (const name of names)
    await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute(
      'href',
      `/browse/cars?make=${encodeURIComponent(name)}`,
    );
  await menu.getByRole('link', { name: make, exact: true }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(`/browse/cars?make=${encodeURIComponent(make)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(make);
  await expectCardsFor(page, request, { make }, make);
});

test("the header's Visa nya sidan and the menu's Delar and Feedback links", async ({ page }) => {
  await page.goto('/feedback');
  await page.getByRole('link', { name: 'Visa nya sidan' }).click();
  await expect(page).toHaveURL('/browse/cars');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alla bilar');

  await page.getByRole('button', { name: 'Meny' }).click();
  const menu = page.getByRole('dialog', { name: 'Meny' });
  await menu.getByRole('link', { name: 'Feedback' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL('/feedback');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Skicka feedback');

  await page.getByRole('button', { name: 'Meny' }).click();
  await menu.getByRole('button', { name: 'Delar' }).click();
  await menu.getByRole('link', { name: 'Bildelsannons' }).click();
  await expect(page).toHaveURL('/new/part');
  await page.getByRole('link', { name: 'Bilmarknaden' }).click();
  await expect(page).toHaveURL('/');
});

test('a failed list call shows a Swedish message and Försök igen loads the cards', async ({ page, request }) => {
  // The list answers 503 (the app retries once by itself) until the visitor presses 'Försök igen'.
  let broken = true;
  await page.route('**/api/inventory/001/2003?*', (route) =>
    broken ? route.fulfill({ status: 503, json: { message: 'Tillfälligt fel' } }) : route.continue(),
  );
  // The server puts the first window into the page it sends for /: arrive by navigation so the app asks the API.
  await page.goto('/notfound');
  await page.getByRole('link', { name: 'Ta mig hem' }).click();
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('Något gick fel');
  broken = false;
  await alert.getByRole('button', { name: 'Försök igen' }).click();
  await expectCardsFor(page, request, {});
  await expect(alert).toBeHidden();
});
