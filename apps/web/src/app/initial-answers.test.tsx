import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import userEvent from '@testing-library/user-event';
import { CarDetailPage } from '../features/car-detail/components/car-detail-page.tsx';
import { HomePage } from '../features/cars/components/home-page.tsx';
import { carDetail, page } from '../test/car-fixtures.ts';
import { jsonResponse, mockFetch, requestedUrls } from '../test/test-utils.tsx';
import { createQueryClient } from './query-client.ts';
import { resetInitialAnswers, takeInitialAnswer } from '../lib/initial-answers.ts';
import { answerKey, PAGE_DATA_ELEMENT_ID, type PageAnswer } from '@bilmarknaden/shared/page-data';

/** The data block the server writes into index.html (server/src/page-data.ts). */
function putPageData(content: PageAnswer[] | string) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = PAGE_DATA_ELEMENT_ID;
  el.textContent = typeof content === 'string' ? content : JSON.stringify(content);
  document.body.append(el);
  resetInitialAnswers();
}

/** With the app's own query client (its freshness decides whether a screen asks again on mount). */
function renderAt(path: string, element: ReactElement, entry: string) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [entry] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
  resetInitialAnswers();
  vi.restoreAllMocks();
});

const HOME_LIST = '/api/inventory/001/2003?orderBy=created&order=desc&start=0&end=20';
const MAKES = '/api/inventory/002/2001';

describe('answers the server put into the page', () => {
  it('are found whatever the order of the query parameters, once, with lower-case header names', () => {
    putPageData([{ url: HOME_LIST, body: [1, 2], headers: { 'x-list-as-of': 'T' } }]);
    expect(answerKey('/p?b=2&a=1')).toBe(answerKey('/p?a=1&b=2'));
    expect(takeInitialAnswer('/api/inventory/001/2003?start=0&end=20&order=desc&orderBy=created')).toEqual({
      body: [1, 2],
      headers: { 'x-list-as-of': 'T' },
    });
    expect(takeInitialAnswer(HOME_LIST)).toBeUndefined();
    // Read once, then gone from the DOM (the data may hold any ad text).
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();
  });

  it('are ignored when the block is missing or broken', () => {
    expect(takeInitialAnswer(HOME_LIST)).toBeUndefined();
    putPageData('[{"url": "/x", ');
    expect(takeInitialAnswer('/x')).toBeUndefined();
  });

  it("give home its first window and the makes without a request; 'Mer' sends the window's asOf", async () => {
    const asOf = '2026-01-02T03:04:05.678Z';
    putPageData([
      { url: HOME_LIST, body: page(0, 20), headers: { 'x-list-as-of': asOf } },
      { url: MAKES, body: [{ id: 1, name: 'Volvo' }] },
    ]);
    const spy = mockFetch((url) =>
      jsonResponse(
        url.pathname.endsWith('/001/2003')
          ? page(20, 3)
          : url.pathname.endsWith('/cars/count')
            ? { count: 23, more: false }
            : [],
      ),
    );
    renderAt('/', <HomePage />, '/');
    // Synchronously: no spinner first, the cards are there on the first render.
    expect(screen.getByText('Bil 1')).toBeInTheDocument();
    expect(screen.queryByText('Laddar...')).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Volvo' })).toBeInTheDocument();
    // Only the result count is asked for: it is not in the page, so home's first answer costs no count.
    expect(requestedUrls(spy)).toEqual(['/api/inventory/cars/count']);

    await userEvent.click(screen.getByRole('button', { name: 'Mer' }));
    expect(await screen.findByText('Bil 23')).toBeInTheDocument();
    const urls = requestedUrls(spy).filter((u) => u.includes('/001/2003'));
    expect(urls).toHaveLength(1);
    const next = new URL(urls[0]!, 'http://localhost');
    expect(next.searchParams.get('start')).toBe('20');
    expect(next.searchParams.get('asOf')).toBe(asOf);
    expect(within(screen.getByRole('list', { name: 'Bilannonser' })).getAllByRole('link')).toHaveLength(23);
    expect(screen.getByTestId('result-count')).toHaveTextContent('23 bilar');
  });

  it('are not used for another listing (home with filters fetches)', async () => {
    putPageData([{ url: HOME_LIST, body: page(0, 20) }]);
    const spy = mockFetch((url) => jsonResponse(url.pathname.endsWith('/001/2003') ? page(100, 2) : []));
    renderAt('/', <HomePage />, '/?make=volvo');
    expect(await screen.findByText('Bil 101')).toBeInTheDocument();
    expect(screen.queryByText('Bil 1')).not.toBeInTheDocument();
    expect(requestedUrls(spy).some((u) => u.includes('make=volvo'))).toBe(true);
  });

  it('give the ad page its ad without a request', () => {
    putPageData([{ url: '/api/inventory/001/2001?carid=7', body: carDetail(7, { title: 'Volvo V70' }) }]);
    const spy = mockFetch(() => jsonResponse([]));
    renderAt('/car/:id', <CarDetailPage />, '/car/7');
    expect(screen.getByRole('heading', { level: 1, name: 'Volvo V70' })).toBeInTheDocument();
    expect(requestedUrls(spy).filter((u) => u.includes('/001/2001'))).toEqual([]);
  });
});
