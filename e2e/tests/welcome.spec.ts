import { expect, test } from '../support/fixtures.ts';
import { KEYS } from '../support/session.ts';

test.use({ welcome: true });

test('the welcome dialog opens about 2 s after the first load, once; Hjälp opens it again', async ({ page }) => {
  // Record when the app first rendered its header and when the dialog entered the page.
  await page.addInitScript(() => {
    const times: Record<string, number> = {};
    (window as unknown as { e2eTimes: Record<string, number> }).e2eTimes = times;
    new MutationObserver((_, observer) => {
      if (!times.app && document.querySelector('header')) times.app = performance.now();
      if (document.querySelector('[role="dialog"]')) {
        times.dialog = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Välkommen till Bilmarknaden!' });
  await expect(page.getByRole('list', { name: 'Bilannonser' })).toBeVisible();
  await expect(dialog).toBeVisible({ timeout: 8_000 });
  const { app, dialog: shown } = await page.evaluate(
    () => (window as unknown as { e2eTimes: { app: number; dialog: number } }).e2eTimes,
  );
  // Not before 2000 ms after the app started; the upper bound leaves room for a busy 2-core machine
  // (around 2.1 s when idle, up to 4 s seen at load 15).
  expect(shown - app).toBeGreaterThanOrEqual(1950);
  expect(shown - app).toBeLessThan(5000);
  expect(await page.evaluate((k) => localStorage.getItem(k), KEYS.welcome)).toBeNull();

  await dialog.getByRole('button', { name: 'Börja titta' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate((k) => localStorage.getItem(k), KEYS.welcome)).toBe('true');

  // Not again: past the 2 s mark of a new load there is still no dialog.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Bilannonser' })).toBeVisible();
  await page.waitForFunction(() => performance.now() > 3000);
  await expect(dialog).toBeHidden();

  // 'Hjälp' in the menu opens it on demand.
  await page.getByRole('button', { name: 'Meny' }).click();
  await page.getByRole('dialog', { name: 'Meny' }).getByRole('button', { name: 'Hjälp' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
