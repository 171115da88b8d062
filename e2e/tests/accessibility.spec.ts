import { expect, test } from '../support/fixtures.ts';
import {
  adFields,
  createAd,
  registerUser,
  toggleSaved,
  uniqueRegistrationNumber,
  userCars,
  type TestUser,
  detailsOf,
} from '../support/api.ts';
import { axeViolations, horizontalOverflow, settled, VIEWPORTS } from '../support/a11y.ts';
import { adForm } from '../support/ad-form.ts';
import { jpeg } from '../support/photos.ts';
import { allRoutes } from '../support/routes.ts';
import { seedSession } from '../support/session.ts';

// WCAG 2.1 A/AA (axe) on every route, logged out and in, at 390×844 and 1280×800; no sideways
// scrolling at 360 px; posting an ad with the keyboard alone.

let seller: TestUser;
let carId: number;

test.beforeAll(async ({ request }) => {
  seller = await registerUser(request, 'a11y');
  carId = await createAd(request, seller.token, adFields(), [await jpeg('#335577'), await jpeg('#775533')]);
  await toggleSaved(request, seller.token, carId);
});

// One page per session walks every route (a fresh context per route re-downloads the app each time):
// each route is a step, and every problem of every route is reported together at the end.
for (const loggedIn of [false, true]) {
  test(`axe on every route ${loggedIn ? 'logged in' : 'logged out'} at 1280 and 390 px; no sideways scroll at 360 px`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    if (loggedIn) await seedSession(page, seller.token, detailsOf(seller));
    const problems: string[] = [];
    for (const { name, path } of allRoutes({ carId, seller: seller.username }, loggedIn)) {
      await test.step(`${name} (${path})`, async () => {
        await page.setViewportSize(VIEWPORTS[1]);
        await page.goto(path);
        for (const size of [VIEWPORTS[1], VIEWPORTS[0]]) {
          await page.setViewportSize(size);
          await settled(page);
          for (const v of await axeViolations(page)) problems.push(`${path} at ${size.width}×${size.height}: ${v}`);
        }
        await page.setViewportSize({ width: 360, height: 800 });
        await settled(page);
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`${path} at 360 px scrolls sideways by ${overflow} px`);
      });
    }
    expect(problems).toEqual([]);
  });
}

test('axe: the menu, the profile drawer, the login and welcome dialogs when open', async ({ page }) => {
  await page.goto('/');
  await settled(page);
  const problems: string[] = [];
  const scan = async (what: string) => problems.push(...(await axeViolations(page)).map((v) => `${what}: ${v}`));

  await page.getByRole('button', { name: 'Meny' }).click();
  await page.getByRole('dialog', { name: 'Meny' }).getByRole('button', { name: 'Bilar' }).click();
  await expect(page.getByRole('dialog', { name: 'Meny' }).getByRole('link', { name: 'Volvo' })).toBeVisible();
  await scan('menu');
  await page.getByRole('dialog', { name: 'Meny' }).getByRole('button', { name: 'Hjälp' }).click();
  await expect(page.getByRole('dialog', { name: 'Välkommen till Bilmarknaden!' })).toBeVisible();
  await scan('welcome');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Logga in' }).click();
  const login = page.getByRole('dialog', { name: 'Logga in' });
  await login.getByRole('button', { name: 'Logga in' }).click();
  await expect(login.getByText('Ange en giltig mailadress')).toBeVisible();
  await scan('login with errors');
  await page.keyboard.press('Escape');

  await seedSession(page, seller.token, detailsOf(seller));
  await page.reload();
  await page.getByRole('button', { name: `${seller.firstname} ${seller.lastname}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Skapa annons' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Bilannons' })).toBeVisible();
  await scan('profile drawer');
  expect(problems).toEqual([]);
});

test('keyboard: the skip link reaches the content; Escape closes the menu, drawer and login dialog and focus returns', async ({
  page,
}) => {
  await page.goto('/feedback');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Skicka feedback');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Hoppa till innehållet' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').getByLabel('Namn')).toBeFocused();

  const roundTrip = async (button: string, dialog: string) => {
    const opener = page.getByRole('banner').getByRole('button', { name: button });
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    await expect(page.getByRole('dialog', { name: dialog })).toContainText(/./);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(opener).toBeFocused();
  };
  await roundTrip('Meny', 'Meny');
  await roundTrip('Logga in', 'Logga in');
  await seedSession(page, seller.token, detailsOf(seller));
  await page.reload();
  await roundTrip(`${seller.firstname} ${seller.lastname}`, `Välkommen, ${seller.firstname} ${seller.lastname}`);
});

test('post an ad using only the keyboard', async ({ page, request }) => {
  const user = await registerUser(request, 'kbd');
  await seedSession(page, user.token, detailsOf(user));
  await page.goto('/new/car');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ny bilannons');
  const form = adForm(page);
  await expect(form.getByLabel('Märke', { exact: true }).locator('option', { hasText: 'Volvo' })).toBeAttached();
  const title = `Tangentbordsbil ${user.username}`.slice(0, 60);

  /** Presses Tab until the field with this label has focus (at most 60 times), then types. */
  const tabTo = async (label: string | RegExp) => {
    const target = form.getByLabel(label, { exact: typeof label === 'string' });
    for (let i = 0; i < 60; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return target;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${label}`);
  };
  const typeInto = async (label: string, text: string) => {
    await tabTo(label);
    await page.keyboard.type(text);
  };

  await typeInto('Registreringsnummer', uniqueRegistrationNumber());
  await typeInto('Rubrik', title);
  await typeInto('Beskrivning', 'Skött med tangentbordet.');
  await typeInto('Pris (kr)', '45000');
  await typeInto('Märke', 'Volvo');
  await expect(form.getByLabel('Märke', { exact: true })).toHaveValue('Volvo');
  await expect(form.getByLabel('Modell', { exact: true }).locator('option', { hasText: 'V70' })).toBeAttached();
  await typeInto('Modell', 'V70');
  await typeInto('Årsmodell', '2009');
  await typeInto('Miltal (mil)', '21000');
  await typeInto('Hästkrafter (hk)', '185');
  // Typeahead on a select: ASCII keys only ('å' would be inserted as text into the last text field).
  await typeInto('Färg', 'Bl');
  await typeInto('Typ', 'Kombi');
  await typeInto('Växellåda', 'Automat');
  await typeInto('Drivlina', 'FWD');
  await typeInto('Bränsle', 'Bensin');
  for (const [label, value] of [
    ['Modell', 'V70'],
    ['Färg', 'blå'],
    ['Typ', 'kombi'],
    ['Växellåda', 'automat'],
    ['Drivlina', 'fwd'],
    ['Bränsle', 'bensin'],
  ])
    await expect(form.getByLabel(label!, { exact: true })).toHaveValue(value!);

  // The photo picker opens the file chooser from the keyboard.
  await tabTo(/^Välj bilder/);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'bil.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#225588') });
  await expect(form.getByRole('list', { name: 'Valda bilder' }).getByRole('img')).toHaveCount(1);

  for (let i = 0; i < 20; i++) {
    if (await form.getByRole('button', { name: 'Publicera annons' }).evaluate((el) => el === document.activeElement))
      break;
    await page.keyboard.press('Tab');
  }
  await expect(form.getByRole('button', { name: 'Publicera annons' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
  const [ad] = await userCars(request, user.username);
  expect(ad).toMatchObject({ title, price: 45000, make: 'Volvo', model: 'V70', year: 2009, imageCount: 1 });
});
