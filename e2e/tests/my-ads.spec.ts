import { expect, test } from '../support/fixtures.ts';
import { adFields, createAd, registerUser } from '../support/api.ts';
import { axeViolations, settled } from '../support/a11y.ts';
import { seedSession } from '../support/session.ts';

// 'Mina annonser' (issue 43): a visitor's view is counted (the seller's own is not), the seller finds the ad with
// its state and figures from the drawer, renews it and marks it sold; the page and a refused mail link pass axe.
test("the seller follows an ad's views on 'Mina annonser', renews it and marks it sold", async ({ page, request }) => {
  test.setTimeout(60_000);
  const seller = await registerUser(request, 'minaannonser');
  const fields = adFields({ price: '145000' });
  const id = await createAd(request, seller.token, fields);

  // A visitor opens the ad: one view, written by the server a few seconds later.
  await page.goto(`/car/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: fields.title })).toBeVisible();

  await seedSession(page, seller.token, {
    username: seller.username,
    firstname: seller.firstname,
    lastname: seller.lastname,
  });
  // The seller's own look is not counted.
  await page.goto(`/car/${id}`);
  await expect(page.getByRole('link', { name: 'Redigera' })).toBeVisible();
  await page.getByRole('button', { name: `${seller.firstname} ${seller.lastname}` }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Mina annonser' }).click();
  await expect(page).toHaveURL('/mina-annonser');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mina annonser');

  const ad = page.getByRole('article', { name: fields.title });
  await expect(ad.getByText('Aktiv', { exact: true })).toBeVisible();
  const figure = (name: string) => ad.locator('dl > div').filter({ hasText: name }).locator('dd');
  await expect(figure('Sparad av')).toHaveText('0');
  await expect(figure('Meddelanden')).toHaveText('0');
  await expect(figure('Dagar ute')).toHaveText('0');
  await expect(async () => {
    await page.reload();
    await expect(figure('Visningar')).toHaveText('1', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(ad.getByText(/^1 visning på 1 dag, flest 1 den/)).toBeVisible();
  await ad.getByText('Visningar per dag som tabell').click();
  await expect(ad.getByRole('table').getByRole('row')).toHaveCount(2);
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);

  await ad.getByRole('button', { name: `Förnya ${fields.title}` }).click();
  await expect(page.getByText(`${fields.title}: Annonsen är förnyad och visas i 60 dagar till.`)).toBeVisible();
  await ad.getByRole('button', { name: `Markera ${fields.title} som såld` }).click();
  await expect(ad.getByText('Såld', { exact: true })).toBeVisible();
  await expect(ad.getByRole('button', { name: /Förnya/ })).toHaveCount(0);
  const list = await request.get(`/api/inventory/001/2002?username=${seller.username}`);
  expect(((await list.json()) as { id: number }[]).map((c) => c.id)).not.toContain(id);
});

test("a forged 'Är bilen fortfarande till salu?' link is refused in Swedish", async ({ page }) => {
  await page.goto(`/mina-annonser/svar#annons=1&svar=yes&token=1.9999999999.${'A'.repeat(43)}`);
  await expect(page.getByRole('alert')).toHaveText(
    'Länken är ogiltig. Logga in och hantera annonsen under Mina annonser.',
  );
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
});
