import { expect, test } from '../support/fixtures.ts';
import { adFields, createAd, registerUser } from '../support/api.ts';
import { adField, adForm, fillAd } from '../support/ad-form.ts';
import { axeViolations } from '../support/a11y.ts';
import { seedSession } from '../support/session.ts';

// Issue 40: an ad starts from its registration number, and its page shows what the vehicle register says. The
// numbers are cars of the demo register (server/src/seed/demo-register.ts), which no demo ad has.

const details = (u: { username: string; firstname: string; lastname: string }) => ({
  username: u.username,
  firstname: u.firstname,
  lastname: u.lastname,
});

test("'Hämta fordonsuppgifter' fills the form, and the published ad shows its Fordonsfakta", async ({
  page,
  request,
}) => {
  const seller = await registerUser(request, 'regnr');
  await seedSession(page, seller.token, details(seller));
  await page.goto('/new/car');
  const form = adForm(page);
  await adField(form, 'registrationNumber').fill('fyn123');
  await form.getByRole('button', { name: 'Hämta fordonsuppgifter' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Uppgifterna från fordonsregistret' })).toBeVisible();
  await expect(adField(form, 'make')).toHaveValue('Volvo');
  await expect(adField(form, 'model')).toHaveValue('V60');
  await expect(adField(form, 'year')).toHaveValue('2019');
  await expect(adField(form, 'hp')).toHaveValue('190');
  await expect(adField(form, 'fuel')).toHaveValue('diesel');
  await expect(adField(form, 'transmission')).toHaveValue('automat');
  await expect(adField(form, 'type')).toHaveValue('kombi');
  await expect(adField(form, 'color')).toHaveValue('vit');

  const title = `Volvo V60 D4 ${seller.username}`.slice(0, 60);
  await fillAd(form, { title, description: 'Välskött, servad hos Volvo.', price: '189000', milage: '10200' });
  await adField(form, 'drivetrain').selectOption('fwd');
  const created = page.waitForResponse((r) => r.url().includes('/001/1001'));
  await form.getByRole('button', { name: 'Publicera annons' }).click();
  const res = await created;
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };

  await page.goto(`/car/${id}`);
  const facts = page.getByRole('region', { name: 'Fordonsfakta' });
  await expect(facts).toContainText('FYN 123');
  await expect(facts).toContainText('I trafik');
  await expect(facts).toContainText('3 maj 2026, mätarställning 9 850 mil');
  await expect(facts.getByText(/^Uppgifter från fordonsregistret \(hämtade \d+ \S+ \d{4}\)$/)).toBeVisible();
  await expect(facts.getByRole('note')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // The number is the car's: a second ad of it is refused with the number named.
  const again = await request.post('/api/inventory/001/1001', {
    headers: { Authorization: `Bearer ${seller.token}` },
    multipart: { ...adFields(), registrationNumber: 'FYN 123' },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe('Det finns redan en annons för FYN 123');
});

test('an ad whose mileage is below the last inspection warns the buyer', async ({ page, request }) => {
  const seller = await registerUser(request, 'matare');
  const fields = adFields({
    registrationNumber: 'GHJ 456',
    make: 'Volkswagen',
    model: 'Golf',
    year: '2017',
    milage: '9800',
  });
  const id = await createAd(request, seller.token, fields);
  await page.goto(`/car/${id}`);
  await expect(page.getByRole('note')).toHaveText(
    'Miltalet är lägre än vid senaste besiktningen (12 300 mil, 3 maj 2026)',
  );
  await expect(page.getByRole('region', { name: 'Fordonsfakta' })).toContainText('GHJ 456');
});
