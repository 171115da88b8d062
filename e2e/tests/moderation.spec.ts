import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  adFields,
  createAd,
  DEMO,
  DEMO_PASSWORD,
  registerUser,
  detailsOf,
  startConversation,
  sendMessage,
} from '../support/api.ts';
import { axeViolations, settled } from '../support/a11y.ts';
import { jpeg } from '../support/photos.ts';
import { loginAs, seedSession, skipWelcome } from '../support/session.ts';

// Trust and moderation (issue #27): a buyer reports an ad, a moderator hides it from the Kontrollpanel, the public
// gets the not-found screen, the reporter's 'Mina anmälningar' shows the outcome and the seller the reason; axe on
// every new screen.

/** A window of its own (its own session). */
async function newWindow(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
  const page = await context.newPage();
  await skipWelcome(page);
  return page;
}

test('a buyer reports an ad, a moderator hides it, the public gets not-found and the reporter sees the outcome', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const seller = await registerUser(request, 'seller');
  const buyer = await registerUser(request, 'buyer');
  const fields = adFields({ title: `Anmäld bil ${Date.now()}` });
  const carId = await createAd(request, seller.token, fields, [await jpeg('#884422')]);

  // Logged out, 'Anmäl annons' asks to log in first.
  await page.goto(`/car/${carId}`);
  await page.getByRole('button', { name: 'Anmäl annons' }).click();
  await expect(page.getByRole('dialog', { name: 'Logga in' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Logged in, the buyer reports it: the reason is required, then thanks.
  await seedSession(page, buyer.token, detailsOf(buyer));
  await page.goto(`/car/${carId}`);
  await page.getByRole('button', { name: 'Anmäl annons' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anmäl annons' });
  await dialog.getByRole('button', { name: 'Skicka anmälan' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Välj en anledning');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('radio', { name: 'Misstänkt bedrägeri' }).check();
  await dialog
    .getByRole('textbox', { name: /Beskriv gärna/ })
    .fill('Priset är orimligt lågt och säljaren vill ha förskott.');
  const sent = page.waitForResponse(
    (r) => r.url().endsWith('/api/inventory/reports') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Skicka anmälan' }).click();
  expect((await sent).status()).toBe(201);
  await expect(dialog.getByRole('status').filter({ hasText: 'Tack, vi tittar på det' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Stäng' }).click();

  // The seller is not offered it on their own ad.
  const sellerPage = await newWindow(browser, baseURL);
  await seedSession(sellerPage, seller.token, detailsOf(seller));
  await sellerPage.goto(`/car/${carId}`);
  await expect(sellerPage.getByRole('heading', { level: 1, name: fields.title })).toBeVisible();
  await expect(sellerPage.getByRole('button', { name: 'Anmäl annons' })).toHaveCount(0);

  // The moderator finds it in the queue, reviews it and hides it with a reason.
  const modPage = await newWindow(browser, baseURL);
  await loginAs(modPage, request, { email: DEMO.moderator.email, password: DEMO_PASSWORD });
  await modPage.goto('/controlpanel');
  await expect(modPage.getByRole('tab', { name: 'Anmälningar', selected: true })).toBeVisible();
  const item = modPage.getByRole('region', { name: 'Anmälda annonser' }).getByRole('article', { name: fields.title });
  await expect(item).toContainText('Misstänkt bedrägeri');
  await expect(item).toContainText('säljaren vill ha förskott');
  await item.getByRole('button', { name: 'Granska' }).click();
  await expect(item).toContainText(`Säljaren @${seller.username}`);
  expect(await axeViolations(modPage)).toEqual([]);
  await item.getByRole('button', { name: 'Dölj annonsen' }).click();
  const reason = item.getByRole('textbox', { name: /Anledning till att annonsen döljs/ });
  await expect(reason).toBeFocused();
  await item.getByRole('button', { name: 'Dölj', exact: true }).click();
  await expect(item.getByRole('alert')).toHaveText('Skriv en anledning');
  await reason.fill('Annonsen är ett försök till bedrägeri');
  const hidden = modPage.waitForResponse((r) => r.url().endsWith(`/moderation/cars/${carId}/hidden`));
  await item.getByRole('button', { name: 'Dölj', exact: true }).click();
  expect((await hidden).status()).toBe(204);
  await expect(modPage.getByRole('status').filter({ hasText: 'är dold' })).toHaveText(`”${fields.title}” är dold.`);
  await expect(item).toHaveCount(0);

  // The public gets the not-found screen at once.
  const publicPage = await newWindow(browser, baseURL);
  const answer = await publicPage.goto(`/car/${carId}`);
  expect(answer?.status()).toBe(404);
  await expect(publicPage.getByRole('heading', { level: 1 })).toHaveText('Inget att se här...');

  // The reporter's list tells the outcome, without naming the moderator.
  await page.goto('/reports');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mina anmälningar');
  const mine = page.getByRole('list', { name: 'Annonser du har anmält' }).getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(fields.title);
  await expect(mine).toContainText('Annonsen är borttagen');
  await expect(mine).not.toContainText(DEMO.moderator.username);
  expect(await axeViolations(page)).toEqual([]);

  // The seller sees the ad marked with the reason on the profile, and asks once for a new review.
  await sellerPage.goto('/profile');
  const notice = sellerPage.getByRole('region', { name: 'Dolda av moderatorerna' });
  await expect(notice).toContainText(`${fields.title}: Annonsen är ett försök till bedrägeri`);
  expect(await axeViolations(sellerPage)).toEqual([]);
  await notice.getByRole('link', { name: /Begär omprövning/ }).click();
  await expect(sellerPage).toHaveURL('/reports');
  const own = sellerPage
    .getByRole('region', { name: 'Dina dolda annonser' })
    .getByRole('article', { name: fields.title });
  await expect(own).toContainText('Anledning: Annonsen är ett försök till bedrägeri');
  expect(await axeViolations(sellerPage)).toEqual([]);
  await own.getByRole('textbox').fill('Bilen finns och priset är rätt, se besiktningsprotokollet.');
  await own.getByRole('button', { name: 'Begär omprövning' }).click();
  await expect(
    own.getByRole('status').filter({ hasText: 'Du har begärt omprövning. Vi hör av oss när den är gjord.' }),
  ).toBeVisible();

  // It returns to the moderators' queue, marked.
  await modPage.reload();
  const back = modPage.getByRole('region', { name: 'Anmälda annonser' }).getByRole('article', { name: fields.title });
  await expect(back).toContainText('Omprövning begärd');
});

test('a buyer reports a conversation, a moderator marks it handled and the buyer sees the outcome', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const seller = await registerUser(request, 'seller');
  const buyer = await registerUser(request, 'buyer');
  const fields = adFields({ title: `Samtalsbil ${Date.now()}` });
  const carId = await createAd(request, seller.token, fields, [await jpeg('#446688')]);
  const conversationId = await startConversation(request, buyer, carId, 'Finns bilen kvar?');
  await sendMessage(request, seller, conversationId, 'Betala först med presentkort, annars inget.');

  // The buyer reports the conversation from its page.
  await seedSession(page, buyer.token, detailsOf(buyer));
  await page.goto(`/messages/${conversationId}`);
  await page.getByRole('button', { name: 'Rapportera konversationen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rapportera konversationen' });
  await dialog.getByRole('radio', { name: 'Misstänkt bedrägeri' }).check();
  await dialog.getByRole('textbox', { name: /Beskriv gärna/ }).fill('Säljaren vill ha presentkort i förskott.');
  await dialog.getByRole('button', { name: 'Rapportera' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Tack, vi tittar på det' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Stäng' }).click();

  // 'Mina anmälningar' shows it open.
  await page.goto('/reports');
  const mine = page.getByRole('list', { name: 'Konversationer du har anmält' }).getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(`Konversation med @${seller.username} om ${fields.title}`);
  await expect(mine).toContainText('Vi tittar på det');

  // The moderator reads it in the Kontrollpanel and marks it handled with a note.
  const modPage = await newWindow(browser, baseURL);
  await loginAs(modPage, request, { email: DEMO.moderator.email, password: DEMO_PASSWORD });
  await modPage.goto('/controlpanel');
  const reports = modPage.getByRole('region', { name: 'Anmälda konversationer' });
  const item = reports.getByRole('article', { name: `Konversation om ${fields.title}` });
  await expect(item).toContainText('Anmäld av köparen');
  await expect(item).toContainText('presentkort i förskott');
  await item.getByRole('button', { name: 'Åtgärdad' }).click();
  const note = item.getByRole('textbox', { name: /Anteckning/ });
  await expect(note).toBeFocused();
  await note.fill('Säljaren varnad för bedrägeriförsök');
  expect(await axeViolations(modPage)).toEqual([]);
  const decided = modPage.waitForResponse(
    (r) => r.url().includes('/api/messaging/reports/') && r.request().method() === 'PUT',
  );
  await item.getByRole('button', { name: 'Markera som åtgärdad' }).click();
  expect((await decided).status()).toBe(204);
  await expect(modPage.getByRole('status').filter({ hasText: 'åtgärdad' })).toHaveText(
    `Anmälan om konversationen om ${fields.title} är markerad som åtgärdad.`,
  );
  await expect(item).toHaveCount(0);
  await expect(reports.getByRole('heading', { name: 'Anmälda konversationer' })).toBeFocused();

  // The buyer's list tells the outcome, without naming the moderator.
  await page.reload();
  await settled(page);
  await expect(mine).toContainText('Vi har vidtagit åtgärder');
  await expect(mine).not.toContainText(DEMO.moderator.username);
  expect(await axeViolations(page)).toEqual([]);

  // The administrator finds the decision in the audit log, filtered by its action.
  const adminPage = await newWindow(browser, baseURL);
  await loginAs(adminPage, request, { email: DEMO.admin.email, password: DEMO_PASSWORD });
  await adminPage.goto('/controlpanel?tab=audit');
  const log = adminPage.getByRole('region', { name: 'Granskningslogg' });
  await log.getByRole('combobox', { name: 'Åtgärd' }).selectOption('conversation-handled');
  await log.getByRole('button', { name: 'Filtrera' }).click();
  await expect(log.getByRole('row', { name: /Säljaren varnad för bedrägeriförsök/ })).toContainText(
    `Konversation ${conversationId}, Annons ${carId}, @${seller.username}`,
  );
});

test('the administrator reads the audit log; a user gets the not-found screen at /controlpanel', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'nyfiken');
  await seedSession(page, user.token, detailsOf(user));
  await page.goto('/controlpanel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inget att se här...');

  const admin = await page
    .context()
    .browser()!
    .newContext({ locale: 'sv-SE', timezoneId: 'Europe/Stockholm', baseURL: new URL(page.url()).origin });
  const adminPage = await admin.newPage();
  await skipWelcome(adminPage);
  await loginAs(adminPage, request, { email: DEMO.admin.email, password: DEMO_PASSWORD });
  await adminPage.goto('/controlpanel?tab=audit');
  const log = adminPage.getByRole('region', { name: 'Granskningslogg' });
  await expect(log.getByRole('table').or(log.getByText('Inga åtgärder matchar filtret.'))).toBeVisible();
  await log.getByRole('combobox', { name: 'Åtgärd' }).selectOption('hide');
  await log.getByRole('button', { name: 'Filtrera' }).click();
  await expect(log.getByRole('table').or(log.getByText('Inga åtgärder matchar filtret.'))).toBeVisible();
  expect(await axeViolations(adminPage)).toEqual([]);
  await expect(adminPage.getByRole('alert')).toHaveCount(0);
});
