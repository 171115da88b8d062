import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchPage } from './search-page.tsx';
import { jsonResponse, mockFetch, renderRoutes, requestedUrls } from '../../../test/test-utils.tsx';
import { page } from '../../../test/car-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const routes = [
  { path: '/search', element: <SearchPage /> },
  { path: '/search/:term', element: <SearchPage /> },
];

describe('SearchPage', () => {
  it('runs the search for a term in the URL on load', async () => {
    const spy = mockFetch(() => jsonResponse(page(0, 2)));
    renderRoutes(routes, '/search/xc6');
    expect(await screen.findByText('Bil 1')).toBeInTheDocument();
    expect(requestedUrls(spy)[0]).toContain('searchterm=xc6');
    expect(screen.getByRole('searchbox')).toHaveValue('xc6');
  });

  it('sends nothing without a term; submitting navigates to /search/{term}', async () => {
    const spy = mockFetch((url) => jsonResponse(url.searchParams.get('searchterm') === 'saab 900' ? [] : page(0, 1)));
    const { router } = renderRoutes(routes, '/search');
    expect(spy).not.toHaveBeenCalled();
    await userEvent.type(screen.getByPlaceholderText('Sök...'), 'saab 900{Enter}');
    expect(router.state.location.pathname).toBe('/search/saab%20900');
    expect(await screen.findByText('Inga resultat', { selector: '.empty-result' })).toBeInTheDocument();
  });

  it('takes at most 100 characters, and shows the refusal of a longer term in the URL without a useless retry', async () => {
    mockFetch(() => jsonResponse({ message: 'Söktermen är för lång', field: 'searchterm' }, 400));
    renderRoutes(routes, `/search/${'a'.repeat(101)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Söktermen är för lång');
    expect(screen.queryByRole('button', { name: 'Försök igen' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveAttribute('maxlength', '100');
  });

  it('announces a new search once its results have loaded, not the search the page opened with', async () => {
    mockFetch((url) => jsonResponse(url.searchParams.get('searchterm') === 'saab' ? page(0, 1) : page(0, 2)));
    renderRoutes(routes, '/search/volvo');
    expect(await screen.findByText('Bil 2')).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^$/);
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'saab{Enter}');
    await waitFor(() => expect(status).toHaveTextContent('Visar 1 annons'));
  });

  it("announces the first search from /search, and 'Inga resultat' for none", async () => {
    mockFetch(() => jsonResponse([]));
    renderRoutes(routes, '/search');
    const status = screen.getByRole('status');
    await userEvent.type(screen.getByPlaceholderText('Sök...'), 'saab 900{Enter}');
    await waitFor(() => expect(status).toHaveTextContent('Inga resultat'));
  });
});

describe('SearchPage result count', () => {
  it('counts the results of the term', async () => {
    const spy = mockFetch((url) =>
      jsonResponse(url.pathname.endsWith('/cars/count') ? { count: 2, more: false } : page(0, 2)),
    );
    renderRoutes(routes, '/search/volvp');
    expect(await screen.findByText('2 bilar')).toBeInTheDocument();
    expect(requestedUrls(spy).find((u) => u.includes('/cars/count'))).toContain('searchterm=volvp');
  });

  it('narrows the search by the equipment in the URL, with chips, and keeps it for a new term', async () => {
    const spy = mockFetch(() => jsonResponse(page(0, 1)));
    const { router } = renderRoutes(routes, '/search/volvo?equipment=dragkrok,motorvarmare');
    expect(await screen.findByText('Bil 1')).toBeInTheDocument();
    const asked = new URL(requestedUrls(spy)[0]!, 'http://localhost').searchParams;
    expect(asked.get('equipment')).toBe('motorvarmare,dragkrok');
    expect(screen.getByRole('button', { name: 'Utrustning (2 valda)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort filter Utrustning: Motorvärmare' }));
    expect(router.state.location.search).toBe('?equipment=dragkrok');
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'saab{Enter}');
    expect(router.state.location.pathname).toBe('/search/saab');
    expect(router.state.location.search).toBe('?equipment=dragkrok');
  });

  it('narrows the search by distance from the URL, sorts by Närmast, and keeps both for a new term', async () => {
    const spy = mockFetch(() => jsonResponse(page(0, 1)));
    const { router } = renderRoutes(routes, '/search/volvo?near=0184&within=25&orderBy=distance');
    expect(await screen.findByText('Bil 1')).toBeInTheDocument();
    const list = requestedUrls(spy).find((u) => u.includes('/001/2003'))!;
    const asked = new URL(list, 'http://localhost').searchParams;
    expect([asked.get('near'), asked.get('within'), asked.get('orderBy')]).toEqual(['0184', '25', 'distance']);
    // The count takes the filter, not the sort.
    const count = new URL(
      requestedUrls(spy).find((u) => u.includes('/cars/count'))!,
      'http://localhost',
    );
    expect([count.searchParams.get('near'), count.searchParams.get('orderBy')]).toEqual(['0184', null]);
    expect(screen.getByRole('combobox', { name: 'Från kommun' })).toHaveValue('Solna');
    expect(screen.getByRole('checkbox', { name: 'Närmast först' })).toBeChecked();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Avstånd' }), '50');
    expect(router.state.location.search).toBe('?near=0184&within=50&orderBy=distance');
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'saab{Enter}');
    expect(router.state.location.pathname).toBe('/search/saab');
    expect(new URLSearchParams(router.state.location.search).get('within')).toBe('50');
    // Removing the place's chip removes the sort by it.
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort filter Inom 50 km från Solna' }));
    expect(router.state.location.search).toBe('');
  });

  it('narrows to Privat or Handlare, in the URL and the request, and keeps it for a new term', async () => {
    const spy = mockFetch(() => jsonResponse(page(0, 1)));
    const { router } = renderRoutes(routes, '/search/volvo');
    expect(await screen.findByText('Bil 1')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Säljare'), 'Handlare');
    expect(router.state.location.search).toBe('?seller=handlare');
    await waitFor(() => expect(requestedUrls(spy).some((u) => u.includes('seller=handlare'))).toBe(true));
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'saab{Enter}');
    expect(router.state.location.pathname).toBe('/search/saab');
    expect(router.state.location.search).toBe('?seller=handlare');
  });
});
