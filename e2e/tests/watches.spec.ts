import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { adFields, bearer, createAd, registerUser, toggleSaved, unique, detailsOf } from '../support/api.ts';
import { axeViolations, horizontalOverflow, settled } from '../support/a11y.ts';
import { jpeg } from '../support/photos.ts';
import { seedSession, skipWelcome } from '../support/session.ts';

// Bevakningar (issue 26): save a search, see its count after a matching ad is posted, get the mail (the mail
// folder) and unsubscribe by its link without logging in; a lowered price marked on the saved list.

interface FolderMail {
  to: string;
  subject: string;
  text: string;
}

/** The mails to `email` in the server's mail folder ($DATA_DIR/mail-outbox) whose subject matches. */
async function mailsTo(email: string, subject: RegExp): Promise<FolderMail[]> {
  const folder = path.join(process.env.E2E_DATA_DIR!, 'mail-outbox');
  const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  const mails: FolderMail[] = [];
  for (const name of names) {
    const mail = JSON.parse(await readFile(path.join(folder, name), 'utf8')) as FolderMail;
    if (mail.to === email && subject.test(mail.subject)) mails.push(mail);
  }
  return mails;
}

async function editPrice(request: APIRequestContext, token: string, id: number, fields: Record<string, string>) {
  const res = await request.put(`/api/inventory/cars/${id}`, { headers: bearer(token), multipart: fields });
  expect(res.status(), await res.text()).toBe(204);
}

test('a saved search counts a matching new ad, mails it, and its mail unsubscribes in one click', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const buyer = await registerUser(request, 'bevakare');
  const seller = await registerUser(request, 'saljare');
  const word = unique('Bevakningsbil')
    .toLowerCase()
    .replace(/[^a-z]/g, 'x');
  await seedSession(page, buyer.token, detailsOf(buyer));

  // Save the search of the home page: its term and a fuel.
  await page.goto(`/?searchterm=${word}&fuel=diesel`);
  await page.getByRole('button', { name: 'Bevaka sökning' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bevaka sökning' });
  await expect(dialog.getByLabel('Namn på bevakningen')).toHaveValue(`Diesel, ”${word}”`);
  await dialog.getByLabel('Namn på bevakningen').fill('Min dieselbil');
  await dialog.getByRole('radio', { name: 'Mejl direkt' }).check();
  await dialog.getByRole('button', { name: 'Spara bevakning' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bevakningen Min dieselbil är sparad.' })).toBeVisible();

  // A matching ad is posted (and one that does not match: petrol).
  const title = `Volvo V70 ${word}`;
  const carId = await createAd(request, seller.token, adFields({ title, fuel: 'diesel' }), [await jpeg('#335577')]);
  await createAd(
    request,
    seller.token,
    adFields({ title: `Saab ${word}`, make: 'Saab', model: '9-5', fuel: 'bensin' }),
  );

  // The list counts it, the drawer's badge too.
  await page.goto('/bevakningar');
  const item = page.getByRole('listitem', { name: 'Min dieselbil' });
  await expect(async () => {
    await page.reload();
    await expect(item.getByText('1 ny', { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(item.getByRole('list', { name: 'Filter' }).getByRole('listitem')).toHaveText(['Diesel', `”${word}”`]);
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  // Usable at 360 px: nothing scrolls sideways, axe still clean.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: `${buyer.firstname} ${buyer.lastname}` }).click();
  const drawer = page.getByRole('dialog', { name: `Välkommen, ${buyer.firstname} ${buyer.lastname}` });
  await expect(drawer.getByRole('link', { name: 'Bevakningar (1 ny bil)' })).toHaveAttribute('href', '/bevakningar');
  await page.keyboard.press('Escape');

  // Opening it lists the ad marked new; afterwards it is no longer counted.
  await item.getByRole('link', { name: 'Visa bilarna i Min dieselbil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Min dieselbil' })).toBeVisible();
  const ads = page.getByRole('list', { name: 'Bilar i bevakningen' }).locator(':scope > li');
  await expect(ads).toHaveCount(1);
  await expect(ads.first()).toContainText('Ny');
  await expect(ads.first().getByRole('link')).toHaveAttribute('href', `/car/${carId}`);
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/bevakningar');
  await expect(item.getByText('1 ny', { exact: true })).toHaveCount(0);

  // The mail: one, with the ad and a one-click link to stop such mails.
  let mail: FolderMail | undefined;
  await expect
    .poll(async () => (mail = (await mailsTo(buyer.email, /Ny bil i din bevakning/))[0])?.subject, { timeout: 20_000 })
    .toBe(`Ny bil i din bevakning Min dieselbil: ${title}`);
  expect(mail!.text).toContain(`/car/${carId}`);
  expect(await mailsTo(buyer.email, /Ny bil i din bevakning/)).toHaveLength(1);
  const link = /https?:\/\/\S+(\/bevakningar\/avsluta#\S+)/.exec(mail!.text)![1]!;

  // Unsubscribing needs no login: a fresh browser with no session.
  const stranger = await browser.newContext({ baseURL, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
  const other = await stranger.newPage();
  await skipWelcome(other);
  await other.goto(link);
  // The page's own status, not the layout's toast region (also a status).
  await expect(other.getByRole('status').filter({ hasText: 'Du får inte längre mejl' })).toHaveText(
    'Du får inte längre mejl om den här bevakningen: Min dieselbil. Bevakningen finns kvar under Bevakningar.',
  );
  expect(await axeViolations(other)).toEqual([]);
  // A forged link is refused in Swedish: the signature's first character changed (to another one: a 'Z' stays
  // the same link one time in 64).
  await other.goto(
    link.replace(/token=(\d+\.\d+\.)(.)/, (_, head: string, c: string) => `token=${head}${c === 'Z' ? 'Y' : 'Z'}`),
  );
  await expect(other.getByRole('alert')).toHaveText('Länken för att avsluta mejlen är ogiltig');
  await stranger.close();

  await page.reload();
  await expect(item.getByLabel('Meddela mig')).toHaveValue('site');
});

test("a lowered price is marked 'Sänkt' on the saved list and mailed; a removed ad stays, marked", async ({
  page,
  request,
}) => {
  const buyer = await registerUser(request, 'sparare');
  const seller = await registerUser(request, 'sankare');
  const fields = adFields({ price: '150000' });
  const carId = await createAd(request, seller.token, fields);
  const goneFields = adFields();
  const goneId = await createAd(request, seller.token, goneFields);
  expect(await toggleSaved(request, buyer.token, carId)).toBe(true);
  expect(await toggleSaved(request, buyer.token, goneId)).toBe(true);
  await editPrice(request, seller.token, carId, { ...fields, price: '140000' });
  const removed = await request.delete(`/api/inventory/cars/${goneId}`, { headers: bearer(seller.token) });
  expect(removed.status()).toBe(204);

  await seedSession(page, buyer.token, detailsOf(buyer));
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/saved/cars');
    const row = page.getByRole('link', { name: new RegExp(fields.title) });
    await expect(row).toContainText(/Sänkt 10\s000 kr/);
    const gone = page.getByRole('region', { name: 'Borttagna annonser' });
    await expect(gone.getByRole('listitem')).toHaveText(new RegExp(`${goneFields.title} – Borttagen`));
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  }
  await expect
    .poll(async () => (await mailsTo(buyer.email, /Sänkt pris/)).map((m) => m.subject), { timeout: 20_000 })
    .toEqual([`Sänkt pris på en sparad bil: ${fields.title}`]);
});
