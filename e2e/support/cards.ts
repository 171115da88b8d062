import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { listCars } from './api.ts';

// What the card lists show, compared with what the server answers for the same query.

export const homeList = (page: Page) => page.getByRole('list', { name: 'Bilannonser' });
export const cardTitles = (page: Page, listName = 'Bilannonser') =>
  page.getByRole('list', { name: listName, exact: true }).getByRole('heading', { level: 2 });

/** The first page's card titles equal the server's newest-first list for the same filters. */
export async function expectCardsFor(
  page: Page,
  request: APIRequestContext,
  query: Record<string, string | number>,
  listName = 'Bilannonser',
): Promise<string[]> {
  const cars = await listCars(request, { start: 0, end: 20, orderBy: 'created', order: 'desc', ...query });
  if (cars.length === 0) await expect(page.getByText('Inga resultat', { exact: true })).toBeVisible();
  else await expect(cardTitles(page, listName)).toHaveText(cars.map((c) => c.title));
  return cars.map((c) => c.title);
}
