import { expect, test } from '../support/fixtures.ts';
import { adFields, registerUser } from '../support/api.ts';
import { adField, adForm, fillAd } from '../support/ad-form.ts';
import { axeViolations } from '../support/a11y.ts';
import { seedSession } from '../support/session.ts';

// Utrustning (issue 44): a seller checks the car's equipment in the new-ad form, a buyer filters the list by it
// (all chosen items, in the URL and as chips) and sees it on the ad's page in its groups. Nivåreglering and
// lastgaller are items no demo ad has, so the filter finds this journey's ad alone.

test('publish with equipment, filter the list by it, and see it on the ad page', async ({ page, request }) => {
  // Three pages and three accessibility scans: more than the default on a busy machine.
  test.setTimeout(90_000);
  const seller = await registerUser(request, 'utrustning');
  await seedSession(page, seller.token, {
    username: seller.username,
    firstname: seller.firstname,
    lastname: seller.lastname,
  });
  await page.goto('/new/car');
  const form = adForm(page);
  const title = `Volvo V70 med nivåreglering ${seller.username}`.slice(0, 60);
  await fillAd(form, adFields({ title }));
  const equipment = form.getByRole('group', { name: 'Utrustning' });
  await equipment
    .getByRole('group', { name: 'Drag och last' })
    .getByRole('checkbox', { name: 'Nivåreglering' })
    .check();
  await equipment.getByRole('checkbox', { name: 'Lastgaller' }).check();
  await equipment.getByRole('group', { name: 'Vinter' }).getByRole('checkbox', { name: 'Motorvärmare' }).check();
  await expect(equipment.getByRole('checkbox', { checked: true })).toHaveCount(3);
  expect(await axeViolations(page)).toEqual([]);
  await expect(adField(form, 'model')).toHaveValue('V70');
  const created = page.waitForResponse((r) => r.url().includes('/001/1001'));
  await form.getByRole('button', { name: 'Publicera annons' }).click();
  const res = await created;
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };

  // The list's 'Utrustning' filter: each checked item applies at once, into the URL, with a chip of its own.
  await page.goto('/');
  const filters = page.getByRole('region', { name: 'Filter' });
  const toggle = filters.getByRole('button', { name: /^Utrustning/ });
  // On a phone the filters fold away behind 'Visa filter'.
  await expect(filters).toBeVisible();
  const folded = filters.getByRole('button', { name: 'Visa filter' });
  if (await folded.isVisible()) await folded.click();
  await toggle.click();
  await filters.getByRole('checkbox', { name: 'Nivåreglering' }).check();
  await filters.getByRole('checkbox', { name: 'Lastgaller' }).check();
  await expect(page).toHaveURL(/[?&]equipment=lastgaller%2Cnivareglering(&|$)/);
  const chips = page.getByRole('list', { name: 'Aktiva filter' });
  await expect(chips.getByRole('button', { name: 'Ta bort filter Utrustning: Lastgaller' })).toBeVisible();
  await expect(chips.getByRole('button', { name: 'Ta bort filter Utrustning: Nivåreglering' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Bilannonser' }).getByRole('article');
  await expect(cards.first().getByRole('heading')).toHaveText(title);
  await expect(cards).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);

  // The same filter from a link (a bevakning's, a shared one) in browse, with its chips.
  await page.goto('/browse/cars?equipment=nivareglering');
  await expect(page.getByRole('list', { name: 'Aktiva filter' })).toContainText('Utrustning: Nivåreglering');
  await expect(
    page.getByRole('list', { name: 'Alla bilar' }).getByRole('article').first().getByRole('heading'),
  ).toHaveText(title);

  // The ad's page: the equipment under its groups' headings.
  await page.goto(`/car/${id}`);
  const section = page.getByRole('region', { name: 'Utrustning' });
  await expect(section.getByRole('heading', { level: 3 })).toHaveText(['Vinter', 'Drag och last']);
  await expect(section.getByRole('listitem')).toHaveText(['Motorvärmare', 'Lastgaller', 'Nivåreglering']);
  expect(await axeViolations(page)).toEqual([]);
});

test('an unknown equipment code is refused with a Swedish message naming the field', async ({ request }) => {
  const seller = await registerUser(request, 'okandutr');
  const res = await request.post('/api/inventory/001/1001', {
    headers: { Authorization: `Bearer ${seller.token}` },
    multipart: { ...adFields(), equipment: 'dragkrok,raketmotor' },
  });
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({
    message: 'Okänd utrustning. Välj bland utrustningen i listan.',
    field: 'equipment',
  });
  const list = await request.get('/api/inventory/001/2003?equipment=raketmotor');
  expect(list.status()).toBe(400);
});
