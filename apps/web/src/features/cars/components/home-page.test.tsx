import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RANGE_ORDER_MESSAGES } from '@bilmarknaden/shared/validation/filter-ranges';
import { HomePage } from './home-page.tsx';
import { jsonResponse, mockFetch, renderAt, requestedUrls } from '../../../test/test-utils.tsx';
import { page } from '../../../test/car-fixtures.ts';
import { leaveNotice } from '../../../lib/page-notice.tsx';

afterEach(() => vi.restoreAllMocks());

const makes = [
  { id: 1, name: 'Saab' },
  { id: 2, name: 'Volvo' },
];

function server(listFor: (url: URL) => unknown) {
  return mockFetch((url) => {
    if (url.pathname.endsWith('/002/2001')) return jsonResponse(makes);
    if (url.pathname.endsWith('/002/2002')) return jsonResponse([{ id: 1, name: 'V70' }]);
    if (url.pathname.endsWith('/001/2003')) return jsonResponse(listFor(url));
    return jsonResponse({ message: 'nope' }, 404);
  });
}

const listCalls = (spy: ReturnType<typeof mockFetch>) => requestedUrls(spy).filter((u) => u.includes('/001/2003'));

describe('HomePage', () => {
  it("shows a notice another page left for it (e.g. 'Ditt konto är raderat.') in a status region, once", async () => {
    server(() => []);
    leaveNotice('Ditt konto är raderat.');
    const first = renderAt('/', <HomePage />, '/');
    expect(await screen.findByText('Ditt konto är raderat.')).toHaveAttribute('role', 'status');
    first.unmount();
    renderAt('/', <HomePage />, '/');
    await screen.findByText('Inga resultat', { selector: '.empty-result' });
    expect(screen.queryByText('Ditt konto är raderat.')).not.toBeInTheDocument();
  });

  it("'Mer' requests start=20&end=40 with the first page's asOf and appends; hidden after a short page", async () => {
    const asOf = '2026-01-02T03:04:05.678Z';
    const spy = mockFetch((url) => {
      if (!url.pathname.endsWith('/001/2003')) return jsonResponse([]);
      const res = jsonResponse(url.searchParams.get('start') === '0' ? page(0, 20) : page(20, 5));
      res.headers.set('X-List-As-Of', url.searchParams.get('asOf') ?? asOf);
      return res;
    });
    renderAt('/', <HomePage />, '/');
    expect(await screen.findByText('Bil 1')).toBeInTheDocument();
    expect(listCalls(spy)[0]).toContain('start=0&end=20');
    expect(listCalls(spy)[0]).toContain('orderBy=created&order=desc');
    expect(listCalls(spy)[0]).not.toContain('asOf');
    await userEvent.click(screen.getByRole('button', { name: 'Mer' }));
    expect(await screen.findByText('Bil 25')).toBeInTheDocument();
    expect(listCalls(spy)[1]).toContain('start=20&end=40');
    expect(new URL(listCalls(spy)[1]!, 'http://localhost').searchParams.get('asOf')).toBe(asOf);
    expect(screen.getByText('Bil 1')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Bilannonser' })).getAllByRole('link')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Mer' })).not.toBeInTheDocument();
  });

  it("shows 'Inga resultat' for an empty list and no 'Mer'", async () => {
    server(() => []);
    renderAt('/', <HomePage />, '/');
    expect(await screen.findByText('Inga resultat')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mer' })).not.toBeInTheDocument();
  });

  it('shows a retry message when the list fails, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockFetch((url) => {
      if (url.pathname.endsWith('/001/2003'))
        return fail ? jsonResponse({ message: 'fel' }, 500) : jsonResponse(page(0, 1));
      return jsonResponse([]);
    });
    renderAt('/', <HomePage />, '/');
    const retry = await screen.findByRole('button', { name: 'Försök igen' });
    expect(log).toHaveBeenCalled();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('Bil 1')).toBeInTheDocument();
  });

  it('reads filters from the URL on load and sends them', async () => {
    const spy = server(() => []);
    renderAt('/', <HomePage />, '/?make=volvo&model=V70&fuel=diesel');
    await screen.findByText('Inga resultat');
    expect(listCalls(spy)[0]).toContain('make=volvo&model=V70&fuel=diesel');
    // Spelled as the list of makes spells it, whatever the URL's case.
    expect(await screen.findByRole('button', { name: 'Ta bort filter Märke: Volvo' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Märke')).toHaveValue('Volvo'));
  });

  it('rewrites the URL on change: a new make resets the model; the make chip clears the model', async () => {
    server(() => []);
    const { router } = renderAt('/', <HomePage />, '/?make=volvo&model=V70&fuel=diesel');
    await screen.findByText('Inga resultat');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Saab' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('Märke'), 'Saab');
    expect(router.state.location.search).toBe('?make=Saab&fuel=diesel');

    await userEvent.selectOptions(screen.getByLabelText('Växellåda'), 'automat');
    expect(router.state.location.search).toBe('?make=Saab&trans=automat&fuel=diesel');

    await userEvent.click(screen.getByRole('button', { name: 'Ta bort filter Bränsle: Diesel' }));
    expect(router.state.location.search).toBe('?make=Saab&trans=automat');

    await userEvent.click(screen.getByRole('button', { name: 'Ta bort filter Märke: Saab' }));
    expect(router.state.location.search).toBe('?trans=automat');
    expect(screen.getByLabelText('Modell')).toBeDisabled();
  });

  it("filters by 'Avstånd' from the user's own kommun, then offers and applies 'Närmast'", async () => {
    const spy = server(() => []);
    const { router } = renderAt('/', <HomePage homeKommun="0184" />, '/?make=volvo');
    await screen.findByText('Inga resultat');
    const sort = screen.getByRole('combobox', { name: 'Sortering' });
    expect(within(sort).queryByRole('option', { name: 'Närmast' })).not.toBeInTheDocument();
    // The kommun is prefilled; choosing a radius applies both.
    expect(screen.getByRole('combobox', { name: 'Från kommun' })).toHaveValue('Solna');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Avstånd' }), '25');
    expect(router.state.location.search).toBe('?make=volvo&near=0184&within=25');
    await waitFor(() => {
      const asked = new URL(listCalls(spy).at(-1)!, 'http://localhost').searchParams;
      expect([asked.get('near'), asked.get('within')]).toEqual(['0184', '25']);
    });
    await userEvent.selectOptions(sort, 'Närmast');
    expect(router.state.location.search).toBe('?make=volvo&near=0184&within=25&orderBy=distance&order=asc');
    const chips = within(screen.getByRole('list', { name: 'Aktiva filter' }));
    expect(chips.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Ta bort filter Märke: Volvo',
      'Ta bort filter Inom 25 km från Solna',
      'Ta bort filter Sortering: Närmast',
      'Rensa alla filter',
    ]);
    await userEvent.click(chips.getByRole('button', { name: 'Ta bort filter Inom 25 km från Solna' }));
    expect(router.state.location.search).toBe('?make=volvo');
  });

  it("filters by 'Utrustning' (all chosen items): in the URL and the list request, one removable chip each", async () => {
    const spy = server(() => []);
    const { router } = renderAt('/', <HomePage />, '/?make=volvo&equipment=dragkrok');
    await screen.findByText('Inga resultat');
    expect(new URL(listCalls(spy).at(-1)!, 'http://localhost').searchParams.get('equipment')).toBe('dragkrok');
    const toggle = screen.getByRole('button', { name: 'Utrustning (1 vald)' });
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Motorvärmare' }));
    expect(router.state.location.search).toBe('?make=volvo&equipment=motorvarmare%2Cdragkrok');
    await waitFor(() =>
      expect(new URL(listCalls(spy).at(-1)!, 'http://localhost').searchParams.get('equipment')).toBe(
        'motorvarmare,dragkrok',
      ),
    );
    const chips = within(screen.getByRole('list', { name: 'Aktiva filter' }));
    expect(chips.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Ta bort filter Märke: Volvo',
      'Ta bort filter Utrustning: Motorvärmare',
      'Ta bort filter Utrustning: Dragkrok',
      'Rensa alla filter',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort filter Utrustning: Motorvärmare' }));
    expect(router.state.location.search).toBe('?make=volvo&equipment=dragkrok');
    expect(screen.getByRole('checkbox', { name: 'Motorvärmare' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort filter Utrustning: Dragkrok' }));
    expect(router.state.location.search).toBe('?make=volvo');
  });

  it('keeps the keyboard among the chips as they are removed, then on the page heading', async () => {
    server(() => []);
    renderAt('/', <HomePage />, '/?trans=automat&fuel=diesel&color=r%C3%B6d');
    const chip = (label: string) => screen.getByRole('button', { name: `Ta bort filter ${label}` });
    await screen.findByText('Inga resultat');
    const chips = within(screen.getByRole('list', { name: 'Aktiva filter' }));
    const labels = chips.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(labels.slice(0, 3)).toEqual([
      'Ta bort filter Växellåda: Automat',
      'Ta bort filter Bränsle: Diesel',
      'Ta bort filter Färg: Röd',
    ]);
    await userEvent.click(chip('Bränsle: Diesel'));
    await waitFor(() => expect(chip('Färg: Röd')).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(chip('Växellåda: Automat')).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Begagnade bilar till salu' })).toHaveFocus());
  });

  it('search sets searchterm and clears the box', async () => {
    server(() => []);
    const { router } = renderAt('/', <HomePage />, '/');
    const box = screen.getByPlaceholderText('Sök...');
    await userEvent.type(box, 'xc60{Enter}');
    expect(router.state.location.search).toBe('?searchterm=xc60');
    expect(box).toHaveValue('');
  });

  it("announces the list once loaded after a filter, 'Mer' and an empty result, never on first load or while loading", async () => {
    const gate = { hold: Promise.resolve() };
    mockFetch(async (url) => {
      if (!url.pathname.endsWith('/001/2003')) return jsonResponse(makes);
      await gate.hold;
      const start = Number(url.searchParams.get('start'));
      if (url.searchParams.get('fuel') === 'diesel') return jsonResponse([]);
      return jsonResponse(page(start, 20));
    });
    renderAt('/', <HomePage />, '/');
    expect(await screen.findByText('Bil 1')).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^$/);

    await userEvent.selectOptions(screen.getByLabelText('Växellåda'), 'automat');
    await waitFor(() => expect(status).toHaveTextContent('Visar 20 annonser'));

    await userEvent.click(screen.getByRole('button', { name: 'Mer' }));
    await waitFor(() => expect(status).toHaveTextContent('Visar 40 annonser'));

    let release!: () => void;
    gate.hold = new Promise((resolve) => (release = resolve));
    await userEvent.selectOptions(screen.getByLabelText('Bränsle'), 'diesel');
    expect(await screen.findByText('Laddar...')).toBeInTheDocument();
    expect(status).toHaveTextContent(/^$/);
    release();
    await waitFor(() => expect(status).toHaveTextContent('Inga resultat'));
  });

  it('announces the same count again for a list back from the cache (a new node in the region)', async () => {
    mockFetch((url) => jsonResponse(url.pathname.endsWith('/001/2003') ? page(0, 20) : makes));
    const { queryClient } = renderAt('/', <HomePage />, '/');
    // As in the app, a list seen moments ago comes back from the cache without loading.
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 60_000 } });
    await screen.findByText('Bil 1');
    const status = screen.getByRole('status');
    await userEvent.selectOptions(screen.getByLabelText('Växellåda'), 'automat');
    await waitFor(() => expect(status).toHaveTextContent('Visar 20 annonser'));
    const first = status.firstElementChild;
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort filter Växellåda: Automat' }));
    await waitFor(() => expect(status.firstElementChild).not.toBe(first));
    expect(status).toHaveTextContent('Visar 20 annonser');
  });

  it('announces nothing on the first load of a filtered URL', async () => {
    server(() => page(0, 3));
    renderAt('/', <HomePage />, '/?fuel=diesel');
    expect(await screen.findByText('Bil 3')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });

  it('keeps a range bound it cannot read, says why next to the field and applies nothing until it is valid', async () => {
    const spy = server(() => []);
    const { router } = renderAt('/', <HomePage />, '/?fuel=diesel');
    await screen.findByText('Inga resultat', { selector: '.empty-result' });
    const price = screen.getByLabelText('Pris från');
    await userEvent.type(price, '12,5{Tab}');
    expect(price).toHaveValue('12,5');
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('Ange ett giltigt pris');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAttribute('aria-describedby', error.id);
    expect(router.state.location.search).toBe('?fuel=diesel');

    await userEvent.clear(price);
    await userEvent.type(price, '125 000{Enter}');
    expect(router.state.location.search).toBe('?fuel=diesel&priceMin=125000');
    expect(price).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(listCalls(spy).at(-1)).toContain('priceMin=125000'));

    const year = screen.getByLabelText('År till');
    await userEvent.type(year, '1800{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Ange ett giltigt årtal');
    expect(year).toHaveValue('1800');
    const milage = screen.getByLabelText('Högst miltal');
    await userEvent.type(milage, 'mycket{Enter}');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Ange ett giltigt årtal',
      'Ange ett giltigt miltal',
    ]);
    expect(router.state.location.search).toBe('?fuel=diesel&priceMin=125000');
  });

  it('says a from-year after the to-year instead of applying it, and applies it once the to-year allows', async () => {
    server(() => []);
    const { router } = renderAt('/', <HomePage />, '/?yearMax=2010');
    await screen.findByText('Inga resultat', { selector: '.empty-result' });
    const from = screen.getByLabelText('År från');
    await userEvent.type(from, '2015{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Från-året får inte vara efter till-året');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('?yearMax=2010');

    const to = screen.getByLabelText('År till');
    await userEvent.clear(to);
    await userEvent.type(to, '2020{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?yearMin=2015&yearMax=2020'));
    expect(from).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.clear(to);
    await userEvent.type(to, '2014{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Från-året får inte vara efter till-året');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('?yearMin=2015&yearMax=2020');
  });

  it("shows the list API's refusal of a reversed range typed into the URL, with no useless retry", async () => {
    // The list API answers as services/inventory does: 400 with the shared rule's message and the from field.
    const spy = mockFetch((url) => {
      if (!url.pathname.endsWith('/001/2003')) return jsonResponse([]);
      const year = (key: string) => Number(url.searchParams.get(key) ?? NaN);
      return year('yearMin') > year('yearMax')
        ? jsonResponse({ message: RANGE_ORDER_MESSAGES.year, field: 'yearMin' }, 400)
        : jsonResponse(page(0, 2));
    });
    renderAt('/', <HomePage />, '/?yearMin=2020&yearMax=2010');
    expect(await screen.findByRole('alert')).toHaveTextContent('Från-året får inte vara efter till-året');
    expect(screen.queryByText('Något gick fel när data skulle hämtas.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Försök igen' })).not.toBeInTheDocument();
    expect(listCalls(spy)).toHaveLength(1);

    const to = screen.getByLabelText('År till');
    await userEvent.clear(to);
    await userEvent.type(to, '2025{Enter}');
    expect(await screen.findByText('Bil 2')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says a from-price above the to-price; 'Rensa alla filter' drops a refused bound too", async () => {
    server(() => []);
    const { router } = renderAt('/', <HomePage />, '/?fuel=diesel&priceMax=50000');
    await screen.findByText('Inga resultat', { selector: '.empty-result' });
    const from = screen.getByLabelText('Pris från');
    await userEvent.type(from, '60000{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Från-priset får inte vara högre än till-priset');
    await userEvent.click(screen.getByRole('button', { name: 'Rensa alla filter' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Pris från')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('HomePage result count', () => {
  const NBSP = '\u00a0';
  const raw = { normalizer: (s: string) => s };
  function counting(countFor: (url: URL) => { count: number; more: boolean }) {
    return mockFetch((url) => {
      if (url.pathname.endsWith('/002/2001')) return jsonResponse(makes);
      if (url.pathname.endsWith('/002/2002')) return jsonResponse([{ id: 1, name: 'V70' }]);
      if (url.pathname.endsWith('/cars/count')) return jsonResponse(countFor(url));
      return jsonResponse(page(0, 20));
    });
  }

  it("shows '1 234 bilar' with the product's no-break space and follows the filters", async () => {
    const spy = counting((url) => ({ count: url.searchParams.get('fuel') === 'diesel' ? 1 : 1234, more: false }));
    renderAt('/', <HomePage />, '/?orderBy=price&order=asc');
    expect(await screen.findByText(`1${NBSP}234 bilar`, raw)).toBeInTheDocument();
    const counts = () => requestedUrls(spy).filter((u) => u.includes('/cars/count'));
    // The order is not a filter: the count does not send it.
    expect(counts()[0]).not.toContain('orderBy');
    await userEvent.selectOptions(screen.getByLabelText('Bränsle'), 'diesel');
    expect(await screen.findByTestId('result-count')).toHaveTextContent('1 bil');
    expect(counts().at(-1)).toContain('fuel=diesel');
  });

  it("says '1 000+ bilar' past the count's cap", async () => {
    counting(() => ({ count: 1000, more: true }));
    renderAt('/', <HomePage />, '/');
    expect(await screen.findByText(`1${NBSP}000+ bilar`, raw)).toBeInTheDocument();
  });

  it("'Visa N bilar' under the filters folds them away and takes the keyboard to the results", async () => {
    counting(() => ({ count: 57, more: false }));
    renderAt('/', <HomePage />, '/');
    const toggle = screen.getByRole('button', { name: 'Visa filter' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(await screen.findByRole('button', { name: 'Visa 57 bilar' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('result-count').parentElement).toHaveFocus();
  });
});
