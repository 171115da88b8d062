import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowsePage } from './browse-page.tsx';
import { jsonResponse, mockFetch, renderAt, requestedUrls } from '../../../test/test-utils.tsx';
import { page } from '../../../test/car-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

function server() {
  return mockFetch((url) => {
    if (url.pathname.endsWith('/002/2001'))
      return jsonResponse([
        { id: 1, name: 'Saab' },
        { id: 2, name: 'Volvo' },
      ]);
    if (url.pathname.endsWith('/002/2002'))
      return jsonResponse([{ id: 1, name: url.searchParams.get('make') === 'Volvo' ? 'V70' : '900' }]);
    if (url.pathname.endsWith('/cars/count')) return jsonResponse({ count: 3, more: false });
    return jsonResponse(page(0, 3));
  });
}
const lists = (spy: ReturnType<typeof mockFetch>) => requestedUrls(spy).filter((u) => u.includes('/001/2003'));

describe('BrowsePage', () => {
  it('lists the make from the URL; all makes without one', async () => {
    const spy = server();
    renderAt('/browse/cars', <BrowsePage />, '/browse/cars?make=volvo');
    expect(await screen.findByText('Bil 1')).toBeInTheDocument();
    expect(lists(spy)[0]).toContain('make=volvo');
    expect(await screen.findByRole('heading', { name: 'Volvo' })).toBeInTheDocument();
  });

  it('the panel slides down with defaults and apply really filters make, model and years, then closes', async () => {
    const spy = server();
    const { router } = renderAt('/browse/cars', <BrowsePage />, '/browse/cars');
    await screen.findByText('Bil 1');
    expect(lists(spy)[0]).not.toContain('make=');
    const toggle = screen.getByRole('button', { name: 'Filter' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('År från')).toHaveValue('1940');
    expect(screen.getByLabelText('År till')).toHaveValue('2025');
    expect(screen.getByLabelText('Modell')).toBeDisabled();
    await screen.findByRole('option', { name: 'Volvo' });
    await userEvent.selectOptions(screen.getByLabelText('Märke'), 'Volvo');
    await screen.findByRole('option', { name: 'V70' });
    await userEvent.selectOptions(screen.getByLabelText('Modell'), 'V70');
    await userEvent.clear(screen.getByLabelText('År från'));
    await userEvent.type(screen.getByLabelText('År från'), '2000');
    await userEvent.click(screen.getByRole('button', { name: /^Visa (\d+ )?bilar$/ }));
    expect(router.state.location.search).toBe('?make=Volvo&model=V70&yearMin=2000');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('År från')).not.toBeInTheDocument();
    await waitFor(() => expect(lists(spy).at(-1)).toContain('make=Volvo&model=V70&yearMin=2000'));
  });

  it('announces the list after the panel is applied, not on first load', async () => {
    mockFetch((url) => {
      if (url.pathname.endsWith('/002/2001')) return jsonResponse([{ id: 2, name: 'Volvo' }]);
      if (url.pathname.endsWith('/002/2002')) return jsonResponse([{ id: 1, name: 'V70' }]);
      const count = url.searchParams.get('make') === 'Volvo' ? 2 : 3;
      if (url.pathname.endsWith('/cars/count')) return jsonResponse({ count, more: false });
      return jsonResponse(page(0, count));
    });
    renderAt('/browse/cars', <BrowsePage />, '/browse/cars');
    expect(await screen.findByText('Bil 3')).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^$/);
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.selectOptions(screen.getByLabelText('Märke'), await screen.findByRole('option', { name: 'Volvo' }));
    // The button counts what applying would list.
    await userEvent.click(await screen.findByRole('button', { name: 'Visa 2 bilar' }));
    await waitFor(() => expect(status).toHaveTextContent('Visar 2 annonser'));
  });

  it('keeps a year it cannot use, says why next to the field and stays open; a reversed range is said, not swapped', async () => {
    server();
    const { router } = renderAt('/browse/cars', <BrowsePage />, '/browse/cars');
    await screen.findByText('Bil 1');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const from = screen.getByLabelText('År från');
    const to = screen.getByLabelText('År till');
    const apply = screen.getByRole('button', { name: /^Visa (\d+ )?bilar$/ });
    await userEvent.clear(from);
    await userEvent.type(from, '19x0');
    await userEvent.click(apply);
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('Ange ett giltigt årtal');
    expect(from).toHaveValue('19x0');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAttribute('aria-describedby', error.id);
    expect(from).toHaveFocus();
    expect(to).not.toHaveAttribute('aria-invalid');
    expect(router.state.location.search).toBe('');

    await userEvent.clear(from);
    await userEvent.type(from, '2015');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.clear(to);
    await userEvent.type(to, '2005');
    await userEvent.click(apply);
    expect(screen.getByRole('alert')).toHaveTextContent('Från-året får inte vara efter till-året');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveValue('2005');
    expect(router.state.location.search).toBe('');

    await userEvent.clear(to);
    await userEvent.type(to, '1800');
    await userEvent.click(apply);
    expect(screen.getByRole('alert')).toHaveTextContent('Ange ett giltigt årtal');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveFocus();

    await userEvent.clear(to);
    await userEvent.type(to, '2015');
    await userEvent.click(apply);
    expect(router.state.location.search).toBe('?yearMin=2015&yearMax=2015');
    expect(screen.queryByLabelText('År från')).not.toBeInTheDocument();
  });

  it('reads an emptied year as no limit', async () => {
    server();
    const { router } = renderAt('/browse/cars', <BrowsePage />, '/browse/cars?yearMin=2000&yearMax=2010');
    await screen.findByText('Bil 1');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.clear(screen.getByLabelText('År från'));
    await userEvent.click(screen.getByRole('button', { name: /^Visa (\d+ )?bilar$/ }));
    expect(router.state.location.search).toBe('?yearMax=2010');
  });

  it('filters by the equipment chosen in the panel, shown as chips that remove their item', async () => {
    const spy = server();
    const { router } = renderAt('/browse/cars', <BrowsePage />, '/browse/cars?make=volvo');
    await screen.findByText('Bil 1');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const panel = screen.getByRole('form', { name: 'Filtrera bilar' });
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Dragkrok' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Isofix' }));
    await userEvent.click(within(panel).getByRole('button', { name: /^Visa/ }));
    expect(router.state.location.search).toBe('?make=Volvo&equipment=isofix%2Cdragkrok');
    await waitFor(() => expect(lists(spy).at(-1)).toContain('equipment=isofix%2Cdragkrok'));
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort filter Utrustning: Isofix' }));
    expect(router.state.location.search).toBe('?make=Volvo&equipment=dragkrok');
    expect(screen.getByRole('button', { name: 'Ta bort filter Utrustning: Dragkrok' })).toHaveFocus();
  });

  it("filters by distance from the user's own kommun, with Närmast först, shown as chips", async () => {
    const spy = server();
    const { router } = renderAt('/browse/cars', <BrowsePage homeKommun="0184" />, '/browse/cars?make=volvo');
    await screen.findByText('Bil 1');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const panel = screen.getByRole('form', { name: 'Filtrera bilar' });
    expect(within(panel).getByRole('combobox', { name: 'Från kommun' })).toHaveValue('Solna');
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Avstånd' }), '50');
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Närmast först' }));
    await userEvent.click(within(panel).getByRole('button', { name: /^Visa/ }));
    expect(router.state.location.search).toBe('?make=Volvo&near=0184&within=50&orderBy=distance');
    await waitFor(() => expect(lists(spy).at(-1)).toMatch(/near=0184&within=50.*orderBy=distance/));
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort filter Sortering: Närmast' }));
    expect(router.state.location.search).toBe('?make=Volvo&near=0184&within=50');
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort filter Inom 50 km från Solna' }));
    expect(router.state.location.search).toBe('?make=Volvo');
  });
});
