import { expect, test } from '../support/fixtures.ts';
import { approvedDealer, detailsOf, uniqueRegistrationNumber } from '../support/api.ts';
import { axeViolations } from '../support/a11y.ts';
import { seedSession } from '../support/session.ts';

// A dealer's stock import (issue 45): the owner uploads a feed with a bad row on '/handlare/{slug}/import', follows
// it to done, reads the report ('rad 3: pris saknas'), and finds the imported cars with the company name and the
// 'Handlare' mark under 'Säljare: Handlare'. The dealer is a new one, applied for and approved through identity.

test('a dealer uploads a feed with a bad row, reads the report and sees its cars marked Handlare', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const DEALER = await approvedDealer(request, `E2E Bilhandel ${Date.now() % 100_000} AB`);
  await seedSession(page, DEALER.owner.token, detailsOf(DEALER.owner));

  const title = `Volvo V70 i lager ${Date.now() % 100_000}`;
  const car = (id: string, price: string) =>
    [
      id,
      uniqueRegistrationNumber(),
      'Volvo',
      'V70',
      '2017',
      price,
      '9800',
      '190',
      'diesel',
      'automat',
      'kombi',
      'svart',
      'awd',
      'Servad hos oss, ny kamrem.',
      title,
    ].join(';');
  const feed = [
    'externalId;registrationNumber;make;model;year;price;milage;hp;fuel;gearbox;body;colour;drivetrain;description;title',
    car('E2E-1', '189000'),
    car('E2E-2', ''),
    car('E2E-3', '179000'),
  ].join('\n');

  await page.goto(`/handlare/${DEALER.slug}/import`);
  await expect(page.getByRole('heading', { level: 1, name: 'Importera lager' })).toBeVisible();
  await expect(page.getByText('Inga importer ännu.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page
    .getByLabel('Flödesfil (CSV, JSON eller zip med bilder)')
    .setInputFiles({ name: 'lager.csv', mimeType: 'text/csv', buffer: Buffer.from(feed) });
  await page.getByRole('button', { name: 'Ladda upp' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'importeras' })).toHaveText('Flödet med 3 bilar importeras.');

  // The runner takes it at once; the page reads the run again while it is under way.
  const runs = page.getByRole('region', { name: 'Importer' });
  const run = runs.getByRole('listitem').first();
  await expect(run.getByRole('heading')).toContainText('Klar', { timeout: 30_000 });
  await expect(run.getByText('3 av 3 rader')).toBeVisible();
  await expect(run.getByText(/2 nya · 0 ändrade · 0 oförändrade · 0 sålda · 1 fel/)).toBeVisible();
  await run.getByText('Visa fel (1)').click();
  await expect(run.getByText('rad 3: pris saknas')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // 'Säljare: Handlare' lists them with the company name and the mark.
  await page.goto('/?seller=handlare');
  await expect(page.getByRole('list', { name: 'Aktiva filter' })).toContainText('Säljare: Handlare');
  const cards = page.getByRole('list', { name: 'Bilannonser' }).getByRole('article').filter({ hasText: title });
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Handlare');
  await expect(cards.first()).toContainText(DEALER.name);
  expect(await axeViolations(page)).toEqual([]);
  await cards.first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: DEALER.name, exact: true })).toHaveAttribute(
    'href',
    `/handlare/${DEALER.slug}`,
  );
});
