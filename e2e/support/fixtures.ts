import { test as base, expect } from '@playwright/test';
import { skipWelcome } from './session.ts';

export { expect };

/**
 * The Playwright test with the welcome dialog suppressed unless a test asks for it (`welcome: true`),
 * failing any test during which the page throws an uncaught error.
 */
export const test = base.extend<{ welcome: boolean }>({
  welcome: [false, { option: true }],
  page: async ({ page, welcome }, use) => {
    if (!welcome) await skipWelcome(page);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(`${err.name}: ${err.message}`));
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});
