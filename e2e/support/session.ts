import type { APIRequestContext, Page } from '@playwright/test';
import { currentUser, login } from './api.ts';

// The browser session as the app keeps it (specification section 3): the token and the user details
// in localStorage, put there before the app loads.

export const KEYS = { token: 'IDENTITY_TOKEN', details: 'USER_DETAILS', welcome: 'WELCOME_MODAL_SHOWN' } as const;

/** Suppresses the first-visit welcome dialog (every test except the welcome test). */
export async function skipWelcome(page: Page): Promise<void> {
  await page.addInitScript((key) => localStorage.setItem(key, 'true'), KEYS.welcome);
}

/**
 * Stores the session once per tab (a reload after 'Logga ut' must not log the user in again):
 * a sessionStorage marker survives reloads, so the seed runs only on the first load.
 */
export async function seedSession(
  page: Page,
  token: string,
  details: { username: string; firstname: string; lastname: string },
): Promise<void> {
  await page.addInitScript(
    ({ keys, token, details }) => {
      if (sessionStorage.getItem('e2e-session-seeded')) return;
      sessionStorage.setItem('e2e-session-seeded', '1');
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.details, JSON.stringify(details));
    },
    { keys: KEYS, token, details },
  );
}

/** Logs in through the API and seeds the browser with that session; answers the token. */
export async function loginAs(
  page: Page,
  request: APIRequestContext,
  user: { email: string; password: string },
): Promise<string> {
  const token = await login(request, user.email, user.password);
  const { username, firstname, lastname } = await currentUser(request, token);
  await seedSession(page, token, { username, firstname, lastname });
  return token;
}

export function storedSession(page: Page) {
  return page.evaluate(
    (keys) => ({ token: localStorage.getItem(keys.token), details: localStorage.getItem(keys.details) }),
    KEYS,
  );
}
