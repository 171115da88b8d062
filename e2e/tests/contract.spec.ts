import { expect, test } from '../support/fixtures.ts';
import { adFields, createAd, registerUser, detailsOf, startConversation, sendMessage } from '../support/api.ts';
import { axeViolations, settled } from '../support/a11y.ts';
import { seedSession, skipWelcome } from '../support/session.ts';
import { swedishDay } from '@bilmarknaden/shared/validation/contract';

// Köpekontrakt (issue 41): buyer and seller agree in their conversation; the seller creates the contract from the
// ad, both sign, the ad shows 'Såld' and both see the 'Ägarbyte' checklist. Axe at 1280 px (seller) and 390 px
// (buyer).

test('seller and buyer sign a köpekontrakt; the ad is sold and the checklist follows', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Two parties, four axe runs and a relay to wait for: longer than one page's journey.
  test.setTimeout(120_000);
  const seller = await registerUser(request, 'kontsalj');
  const buyer = await registerUser(request, 'kontkop');
  const fields = adFields({ price: '98000' });
  const carId = await createAd(request, seller.token, fields, []);
  const conversationId = await startConversation(request, buyer, carId);
  await sendMessage(request, seller, conversationId, 'Ja, den finns kvar. Vi säger 98 000 kr.');
  const storedNumber = fields.registrationNumber.replace(/\s/g, '').toUpperCase();
  const shownNumber = `${storedNumber.slice(0, 3)} ${storedNumber.slice(3)}`;

  // The seller, at 1280 px, creates the contract.
  await page.setViewportSize({ width: 1280, height: 900 });
  await seedSession(page, seller.token, detailsOf(seller));
  await page.goto(`/messages/${conversationId}`);
  const section = page.getByRole('region', { name: 'Köpekontrakt' });
  await section.getByRole('button', { name: 'Skapa köpekontrakt' }).click();
  await expect(section.getByLabel('Pris (kr)')).toHaveValue('98000');
  await expect(section.getByText(shownNumber)).toBeVisible();
  await section.getByLabel('Datum för tillträde').fill(swedishDay());
  await section.getByLabel('Plats för tillträde').fill('Uppsala');
  await section.getByRole('radio', { name: 'Kontant' }).check();
  await expect(section.getByText('Undvik kontanter för stora belopp', { exact: false })).toBeVisible();
  await section.getByRole('radio', { name: 'Banköverföring' }).check();
  await section.getByLabel('Kända fel och brister').fill('Repa på bakre stötfångaren');
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  await section.getByRole('button', { name: 'Skapa köpekontrakt' }).click();
  const text = section.getByRole('article', { name: 'Kontraktets text' });
  await expect(text).toContainText(`Registreringsnummer: ${shownNumber}`);
  await expect(text).toContainText('Pris: 98 000 kr');
  await expect(text).toContainText('Bilen säljs i befintligt skick.');
  await section.getByRole('button', { name: 'Signera' }).click();
  await expect(section.getByText(/^Säljaren signerade/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Signera' })).toHaveCount(0);
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);

  // The buyer, at 390 px in a window of its own, reads and signs.
  const context = await browser.newContext({ baseURL, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
  const buyerPage = await context.newPage();
  await buyerPage.setViewportSize({ width: 390, height: 844 });
  await skipWelcome(buyerPage);
  await seedSession(buyerPage, buyer.token, detailsOf(buyer));
  await buyerPage.goto(`/messages/${conversationId}`);
  const buyerSection = buyerPage.getByRole('region', { name: 'Köpekontrakt' });
  await expect(buyerSection.getByRole('article', { name: 'Kontraktets text' })).toContainText('Pris: 98 000 kr');
  await settled(buyerPage);
  expect(await axeViolations(buyerPage)).toEqual([]);
  await buyerSection.getByRole('button', { name: 'Signera' }).click();
  await expect(buyerSection.getByText('Kontraktet är signerat av båda', { exact: false })).toBeVisible();
  await expect(buyerSection.getByRole('heading', { name: 'Ägarbyte' })).toBeVisible();
  const insured = buyerSection.getByRole('checkbox', { name: 'Jag har försäkrat bilen från och med tillträdesdagen' });
  await insured.click();
  await expect(insured).toBeChecked();
  await expect(buyerSection.getByRole('button', { name: 'Ladda ner PDF' })).toBeVisible();
  await settled(buyerPage);
  expect(await axeViolations(buyerPage)).toEqual([]);

  // The ad is sold (the relay runs right after the signature).
  await expect(async () => {
    await buyerPage.goto(`/car/${carId}`);
    await expect(buyerPage.getByRole('status').filter({ hasText: /^Såld$/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // The seller sees the checklist with the deadline to report the change of owner, and downloads the PDF.
  await page.reload();
  await expect(section.getByRole('heading', { name: 'Ägarbyte' })).toBeVisible();
  await expect(
    section.getByRole('checkbox', { name: 'Jag har anmält ägarbytet till Transportstyrelsen' }),
  ).not.toBeChecked();
  await expect(
    section
      .getByRole('region', { name: 'Ägarbyte' })
      .getByText('Säljaren anmäler ägarbytet till Transportstyrelsen senast', { exact: false }),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Ladda ner PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`kopekontrakt-${storedNumber}.pdf`);
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});
