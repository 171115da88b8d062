import { expect, test } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD, unique } from '../support/api.ts';
import { axeViolations } from '../support/a11y.ts';
import { loginAs } from '../support/session.ts';

// Feedback is stored by the server, confirmed, and handled by a moderator in the Kontrollpanel; the settings
// page's four collapsible tabs.

test('feedback: rule messages first, then sent, stored, confirmed, marked handled and removed by a moderator', async ({
  page,
  request,
}) => {
  const title = unique('Förslag ');
  await page.goto('/feedback');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Skicka feedback');
  const main = page.getByRole('main');
  const send = main.getByRole('button', { name: 'Skicka', exact: true });

  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/inventory/feedback')) posted.push(r.postData() ?? '');
  });
  await send.click();
  await expect(main.getByRole('alert')).toHaveText('Skriv ditt meddelande');
  await main.getByLabel('Namn').fill('Eva Testare');
  await main.getByLabel('E-post').fill('eva@');
  await main.getByLabel('Rubrik').fill(title);
  await main.getByLabel('Meddelande').fill('Det vore bra med ett filter för dragkrok.');
  await expect(main.getByRole('alert')).toHaveText('Ange en giltig mailadress');
  await expect(main.getByLabel('E-post')).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toHaveLength(0);

  await main.getByLabel('E-post').fill('eva@example.se');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/inventory/feedback'));
  await send.click();
  const res = await answer;
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  expect(id).toBeGreaterThan(0);
  await expect(main.getByRole('status').filter({ hasText: 'Tack för din feedback!' })).toBeVisible();
  await expect(main.getByLabel('Rubrik')).toHaveValue('');
  expect(JSON.parse(posted[0]!)).toEqual({
    name: 'Eva Testare',
    email: 'eva@example.se',
    title,
    content: 'Det vore bra med ett filter för dragkrok.',
  });

  // A moderator finds it in the Kontrollpanel's open feedback and marks it handled.
  await loginAs(page, request, { email: DEMO.moderator.email, password: DEMO_PASSWORD });
  await page.goto('/controlpanel?tab=feedback');
  const inbox = page.getByRole('region', { name: 'Feedback' });
  const item = inbox.getByRole('article', { name: title });
  await expect(item).toContainText('Det vore bra med ett filter för dragkrok.');
  await expect(item.getByRole('link', { name: 'eva@example.se' })).toHaveAttribute('href', 'mailto:eva@example.se');
  expect(await axeViolations(page)).toEqual([]);
  const marked = page.waitForResponse((r) => r.url().endsWith(`/api/inventory/feedback/${id}/handled`));
  await item.getByRole('button', { name: 'Markera som hanterad' }).click();
  expect((await marked).status()).toBe(200);
  await expect(item).toHaveCount(0);
  await expect(inbox.getByRole('heading', { name: 'Feedback' })).toBeFocused();
  await inbox.getByRole('radio', { name: 'All feedback' }).check();
  await expect(item).toContainText(`Hanterad av @${DEMO.moderator.username}`);
  expect(await axeViolations(page)).toEqual([]);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // It can be removed for good: Escape keeps it and returns the keyboard to its button; the confirmation removes it.
  const removeButton = item.getByRole('button', { name: 'Ta bort' });
  await removeButton.click();
  const dialog = page.getByRole('dialog', { name: 'Ta bort feedbacken?' });
  await expect(dialog).toContainText(`”${title}” från Eva Testare tas bort för gott`);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(removeButton).toBeFocused();
  await removeButton.click();
  const removed = page.waitForResponse(
    (r) => r.url().endsWith(`/api/inventory/feedback/${id}`) && r.request().method() === 'DELETE',
  );
  await dialog.getByRole('button', { name: 'Ta bort' }).click();
  expect((await removed).status()).toBe(204);
  await expect(item).toHaveCount(0);
  await expect(inbox.getByRole('heading', { name: 'Feedback' })).toBeFocused();
  await expect(inbox.getByRole('status').filter({ hasText: `”${title}” är borttagen.` })).toBeVisible();
});

test('settings: Inställnignar with four collapsible tabs', async ({ page, request }) => {
  await loginAs(page, request, { email: DEMO.anna.email, password: DEMO_PASSWORD });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inställnignar');
  const tabs: [string, RegExp | string][] = [
    ['Min profil', 'Välkommen till din profil!'],
    ['Aviseringar', 'Nya meddelanden'],
    ['Språk och region', 'Language'],
    ['Betalningar', 'Payments'],
  ];
  for (const [name, content] of tabs) {
    const trigger = page.getByRole('button', { name, exact: true });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(content, { exact: true })).toBeVisible();
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(content, { exact: true })).toBeHidden();
  }
});
