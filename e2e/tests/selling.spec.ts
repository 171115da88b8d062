import sharp from 'sharp';
import { expect, test } from '../support/fixtures.ts';
import { adFields, bearer, createAd, getCar, registerUser, savedIds, toggleSaved, userCars } from '../support/api.ts';
import { adField, adForm, fillAd, photoInput } from '../support/ad-form.ts';
import { jpeg, threePhotos, twelveMegabytes } from '../support/photos.ts';
import { seedSession } from '../support/session.ts';

// A seller posts an ad with photos, finds it first on the home page, edits it and deletes it.

const details = (u: { username: string; firstname: string; lastname: string }) => ({
  username: u.username,
  firstname: u.firstname,
  lastname: u.lastname,
});

test('post an ad with three photos: rule messages, Max 10 MB, progress, then first on home', async ({
  page,
  request,
}) => {
  const seller = await registerUser(request, 'seller');
  await seedSession(page, seller.token, details(seller));
  const fields = adFields({ title: `Volvo V70 ${seller.username}`.slice(0, 60), model: 'V70' });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/001/1001')) posts.push(r.url());
  });

  await page.goto('/new/car');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ny bilannons');
  const form = adForm(page);
  const submit = form.getByRole('button', { name: 'Publicera annons' });
  const alert = form.getByRole('alert');

  // The last failing rule is the one shown.
  await submit.click();
  await expect(alert).toHaveText('Ange bränsle');
  await fillAd(form, { ...fields, title: 'Bil' });
  await submit.click();
  await expect(alert).toHaveText('Din rubrik är för kort');
  await expect(adField(form, 'title')).toBeFocused();
  await fillAd(form, { title: fields.title, year: '1800', hp: '5000' });
  await submit.click();
  await expect(alert).toHaveText('Ange ett giltigt hästkraftsantal');
  await fillAd(form, { hp: fields.hp });
  await submit.click();
  await expect(alert).toHaveText('Ange ett giltigt årtal');
  await fillAd(form, { year: fields.year });

  // A 12 MB photo is refused and blocks submitting until it is removed.
  await photoInput(form).setInputFiles({ name: 'stor.jpg', mimeType: 'image/jpeg', buffer: await twelveMegabytes() });
  await expect(alert).toHaveText('Max 10 MB');
  await submit.click();
  await expect(alert).toHaveText('Max 10 MB');
  await form.getByRole('button', { name: 'Ta bort bild 1' }).click();
  await expect(alert).toBeHidden();
  expect(posts).toHaveLength(0);

  const photos = await threePhotos();
  await photoInput(form).setInputFiles(
    photos.map((buffer, i) => ({ name: `foto-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer })),
  );
  await expect(form.getByRole('list', { name: 'Valda bilder' }).getByRole('img')).toHaveCount(3);

  // Hold the upload at the server's door to see the busy form and its progress bar.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/inventory/001/1001', async (route) => {
    await held;
    await route.continue();
  });
  const created = page.waitForResponse((r) => r.url().includes('/001/1001'));
  await submit.click();
  await expect(form.getByRole('progressbar', { name: 'Uppladdning' })).toBeVisible();
  await expect(submit).toBeDisabled();
  await expect(form.getByRole('status').filter({ hasText: 'Skickar annonsen...' })).toBeVisible();
  release();
  const res = await created;
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };

  await expect(page).toHaveURL('/');
  const first = page.getByRole('list', { name: 'Bilannonser' }).locator(':scope > li').first();
  await expect(first.getByRole('heading')).toHaveText(fields.title);
  await expect(first.getByRole('link')).toHaveAttribute('href', `/car/${id}`);
  await expect
    .poll(() => first.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  // The server stored every field and the three photos in the chosen order.
  const car = (await getCar(request, id))!;
  expect(car).toMatchObject({
    title: fields.title,
    description: fields.description,
    price: Number(fields.price),
    make: fields.make,
    model: fields.model,
    year: Number(fields.year),
    milage: Number(fields.milage),
    hp: Number(fields.hp),
    color: fields.color,
    type: fields.type,
    transmission: fields.transmission,
    drivetrain: fields.drivetrain,
    fuel: fields.fuel,
    user: seller.username,
    imageCount: 3,
  });
  const expected = [
    [192, 57, 43],
    [41, 128, 185],
    [39, 174, 96],
  ];
  for (let n = 1; n <= 3; n++) {
    const file = await request.get(`/files/${id}-${n}.jpeg`);
    expect(file.status()).toBe(200);
    const { channels } = await sharp(await file.body()).stats();
    channels.slice(0, 3).forEach((c, i) => expect(Math.abs(c.mean - expected[n - 1]![i]!)).toBeLessThan(12));
  }
  expect((await request.get(`/files/${id}-4.jpeg`)).status()).toBe(404);

  await first.getByRole('link').click();
  await expect(page.getByRole('list', { name: 'Bilder' }).getByRole('img')).toHaveCount(3);
});

test('edit an own ad from the profile: the ad page and the server show the change', async ({ page, request }) => {
  const seller = await registerUser(request, 'editor');
  const fields = adFields();
  const id = await createAd(request, seller.token, fields, [await jpeg('#aa3333'), await jpeg('#3333aa')]);
  await seedSession(page, seller.token, details(seller));

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Välkommen till din profil!');
  await page.getByRole('link', { name: `Redigera ${fields.title}` }).click();
  await expect(page).toHaveURL(`/edit/car/${id}`);
  const form = adForm(page);
  await expect(adField(form, 'title')).toHaveValue(fields.title);
  await expect(adField(form, 'model')).toHaveValue(fields.model);
  const title = `${fields.title} sänkt`;
  await fillAd(form, { title, price: '99000', milage: '13000' });
  await form.getByRole('button', { name: 'Spara ändringar' }).click();

  await expect(page).toHaveURL(`/car/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  // The new price, and the change in the price history.
  await expect(page.locator('.car-detail__price')).toContainText('99 000 :-');
  await expect(page.getByRole('table', { name: 'Prishistorik' })).toContainText('99 000 :-');
  await expect(page.getByText('13 000 mil')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Bilder' }).getByRole('img')).toHaveCount(2);
  expect(await getCar(request, id)).toMatchObject({ title, price: 99000, milage: 13000, imageCount: 2 });
});

test('delete an own ad from the profile: gone from the lists, the server and saved lists', async ({
  page,
  request,
}) => {
  const seller = await registerUser(request, 'deleter');
  const buyer = await registerUser(request, 'saver');
  const fields = adFields();
  const id = await createAd(request, seller.token, fields, [await jpeg('#33aa33')]);
  expect(await toggleSaved(request, buyer.token, id)).toBe(true);
  await seedSession(page, seller.token, details(seller));

  await page.goto('/profile');
  await page.getByRole('button', { name: `Ta bort ${fields.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Ta bort annonsen?' });
  await expect(dialog).toContainText(fields.title);
  await dialog.getByRole('button', { name: 'Ta bort', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Du har inga annonser ännu.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mina annonser' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'är borttagen' })).toHaveText(
    `Din annons ”${fields.title}” är borttagen.`,
  );

  expect(await getCar(request, id)).toBeNull();
  expect(await userCars(request, seller.username)).toEqual([]);
  expect(await savedIds(request, buyer.token)).not.toContain(id);
  expect((await request.get(`/files/${id}-1.jpeg`)).status()).toBe(404);
  await page.goto(`/car/${id}`);
  await expect(page).toHaveURL('/notfound');
});

test('another user can neither edit nor delete the ad', async ({ page, request }) => {
  const seller = await registerUser(request, 'owner');
  const fields = adFields();
  const id = await createAd(request, seller.token, fields);
  const other = await registerUser(request, 'intruder');
  await seedSession(page, other.token, details(other));

  await page.goto(`/edit/car/${id}`);
  await expect(page.getByRole('alert')).toHaveText('Du kan bara redigera dina egna annonser.');
  await expect(page.getByRole('button', { name: 'Spara ändringar' })).toHaveCount(0);

  const put = await request.put(`/api/inventory/cars/${id}`, {
    headers: bearer(other.token),
    multipart: { ...fields, title: 'Kapad annons' },
  });
  expect(put.status()).toBe(403);
  const del = await request.delete(`/api/inventory/cars/${id}`, { headers: bearer(other.token) });
  expect(del.status()).toBe(403);
  expect(await getCar(request, id)).toMatchObject({ title: fields.title, user: seller.username });
});
