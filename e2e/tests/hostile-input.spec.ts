import { expect, test } from '../support/fixtures.ts';
import { adFields, createAd, getCar, registerUser } from '../support/api.ts';
import { expectCardsFor } from '../support/cards.ts';
import { jpeg } from '../support/photos.ts';

// Markup typed into an ad is text everywhere it is shown: on the cards, the ad page, the seller's
// list, the document title and the server-rendered meta tags; nothing in it runs.

const HOSTILE = '<img src=x onerror=alert(1)><script>alert(1)</script>';

test('an ad titled with HTML and script markup renders as text and runs nothing', async ({ page, request }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const seller = await registerUser(request, 'hostile');
  const id = await createAd(
    request,
    seller.token,
    adFields({ title: HOSTILE, description: `"><svg onload=alert(2)> ${HOSTILE}` }),
    [await jpeg('#444444')],
  );
  expect((await getCar(request, id))!.title).toBe(HOSTILE);

  // The server's per-ad meta tags escape it.
  const html = await (await request.get(`/car/${id}`)).text();
  expect(html).not.toContain('<script>alert(1)');
  expect(html).not.toContain('<img src=x');

  await page.goto('/');
  const card = page.getByRole('list', { name: 'Bilannonser' }).locator(':scope > li').first();
  await expect(card.getByRole('heading')).toHaveText(HOSTILE);

  await card.getByRole('link').click();
  await expect(page).toHaveURL(`/car/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE);
  await expect(page.getByText(`"><svg onload=alert(2)> ${HOSTILE}`)).toBeVisible();
  expect(await page.title()).toContain(HOSTILE);

  await page.getByRole('link', { name: 'Besök profil' }).click();
  await expect(
    page.getByRole('list', { name: `${seller.username}s annonser` }).getByRole('heading', { level: 2 }),
  ).toHaveText([HOSTILE]);

  // Nothing injected: no element from the markup exists and no dialog opened.
  const injected = await page.evaluate(
    () =>
      document.querySelectorAll('img[src="x"], svg[onload]').length +
      Array.from(document.scripts).filter((s) => s.text.includes('alert')).length,
  );
  expect(injected).toBe(0);
  expect(dialogs).toEqual([]);
});

test('markup in a search term and in filter values is shown as text', async ({ page, request }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/search/${encodeURIComponent(HOSTILE)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Sökresultat för "${HOSTILE}"`);
  await expectCardsFor(page, request, { searchterm: HOSTILE }, `Sökresultat för ${HOSTILE}`);

  await page.goto(`/?searchterm=${encodeURIComponent(HOSTILE)}&make=${encodeURIComponent('<b>Volvo</b>')}`);
  await expect(page.getByRole('button', { name: `Ta bort filter Sök: ${HOSTILE}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ta bort filter Märke: <b>Volvo</b>' })).toBeVisible();
  await expectCardsFor(page, request, { searchterm: HOSTILE, make: '<b>Volvo</b>' });
  expect(await page.evaluate(() => document.querySelectorAll('main b, img[src="x"]').length)).toBe(0);
  expect(dialogs).toEqual([]);
});
