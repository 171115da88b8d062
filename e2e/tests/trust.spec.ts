import { expect, test } from '../support/fixtures.ts';
import { adFields, createAd, registerUser, detailsOf, startConversation, sendMessage } from '../support/api.ts';
import { axeViolations, settled } from '../support/a11y.ts';
import { seedSession, skipWelcome } from '../support/session.ts';

// Trust (issue 42): a seller verifies with BankID (the local test verifier, as BankID's test environment behaves),
// answers three buyers, and a visitor sees the seller box on the ad and the seller's page: 'Verifierad med BankID',
// 'Medlem sedan', 'Svarar oftast inom en timme' and the ads for sale.

test('a seller verifies with BankID; a visitor sees the badge, the reply time and the ads in the seller box', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Two pages, a BankID order that signs after a few seconds, and four axe runs.
  test.setTimeout(90_000);
  const seller = await registerUser(request, 'bankid');
  await seedSession(page, seller.token, detailsOf(seller));
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Verifiering med BankID' });
  const number = section.getByLabel('Personnummer');
  await number.fill('19850312-9805');
  await section.getByRole('button', { name: 'Verifiera med BankID' }).click();
  await expect(section.getByRole('alert')).toHaveText('Ange ett giltigt personnummer, ÅÅÅÅMMDD-NNNN');
  await expect(number).toHaveAttribute('aria-invalid', 'true');

  await number.fill('19850312-9804');
  await section.getByRole('button', { name: 'Verifiera med BankID' }).click();
  await expect(section.getByRole('img', { name: 'QR-kod för BankID' })).toBeVisible();
  await expect(section.getByRole('link', { name: 'Öppna BankID på den här enheten' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await expect(section.getByRole('status')).toContainText('Klart! Du är verifierad med BankID som Anna Svensson', {
    timeout: 20_000,
  });
  await expect(section.getByText('Verifierad med BankID', { exact: true })).toBeVisible();
  await expect(section).toContainText('som Anna Svensson sedan');
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);

  // The seller's ad, asked about by three buyers, each answered at once.
  const carId = await createAd(request, seller.token, adFields(), []);
  for (let i = 0; i < 3; i++) {
    const buyer = await registerUser(request, `fraga${i}`);
    const conversationId = await startConversation(request, buyer, carId);
    await sendMessage(request, seller, conversationId, 'Ja, den finns kvar. Välkommen att provköra!');
  }

  // A visitor, in a window of its own.
  const context = await browser.newContext({ baseURL, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
  const visitor = await context.newPage();
  await skipWelcome(visitor);
  await visitor.goto(`/car/${carId}`);
  const box = visitor.getByRole('region', { name: 'Säljare' });
  await expect(box.getByText('Verifierad med BankID', { exact: true })).toBeVisible();
  const facts = box.getByRole('listitem');
  await expect(facts).toHaveText([
    `Medlem sedan ${new Date().getFullYear()}`,
    'Svarar oftast inom en timme',
    '1 bil till salu',
  ]);
  await expect(box).toContainText(`@${seller.username}`);
  await settled(visitor);
  expect(await axeViolations(visitor)).toEqual([]);

  await box.getByRole('link', { name: 'Besök profil' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/user/${seller.username}$`));
  const onPage = visitor.getByRole('region', { name: 'Säljare' });
  await expect(onPage.getByText('Verifierad med BankID', { exact: true })).toBeVisible();
  await expect(onPage.getByRole('listitem')).toHaveText([
    `Medlem sedan ${new Date().getFullYear()}`,
    'Svarar oftast inom en timme',
    '1 bil till salu',
  ]);
  await settled(visitor);
  expect(await axeViolations(visitor)).toEqual([]);
  await context.close();
});
