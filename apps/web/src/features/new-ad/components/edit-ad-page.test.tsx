import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EQUIPMENT_MESSAGES } from '@bilmarknaden/shared/equipment';
import { AD_SAVED, EditAdPage } from './edit-ad-page.tsx';
import { jsonResponse, mockFetch, renderRoutes, toastText, withToasts } from '../../../test/test-utils.tsx';
import { carDetail } from '../../../test/car-fixtures.ts';
import { storeSession } from '../../../lib/session-store.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { uploadAd } from '../api/upload-ad.ts';

vi.mock('../api/upload-ad.ts', () => ({ uploadAd: vi.fn() }));
const upload = vi.mocked(uploadAd);

beforeEach(() => {
  mockFetch((url) => {
    if (url.pathname.endsWith('/002/2001')) return jsonResponse([{ id: 1, name: 'Volvo' }]);
    if (url.pathname.endsWith('/002/2002')) return jsonResponse([{ id: 1, name: 'V70' }]);
    return jsonResponse(carDetail(5, { title: 'Volvo V70 D5', user: 'kalle' }));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  upload.mockReset();
});

const routes = [
  { path: '/edit/car/:id', element: <EditAdPage /> },
  { path: '/car/:id', element: <h1>Annonsen</h1> },
  { path: '/notfound', element: <h1>Inget att se här...</h1> },
];

/** A token as the server signs it, for its subject only (the page reads `sub`, never verifies). */
const tokenFor = (sub: string) => `e30.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.sig`;

describe('EditAdPage', () => {
  it('prefills the form for the owner and PUTs the changes without photos, then shows the ad', async () => {
    storeSession('tok', { username: 'kalle', firstname: 'Kalle', lastname: 'K' });
    upload.mockResolvedValue(undefined);
    const { router } = renderRoutes(withToasts(routes), '/edit/car/5');
    expect(await screen.findByLabelText('Rubrik')).toHaveValue('Volvo V70 D5');
    expect(screen.getByLabelText('Bränsle')).toHaveValue('diesel');
    await waitFor(() => expect(screen.getByLabelText('Modell')).toHaveValue('V70'));
    fireEvent.change(screen.getByLabelText('Pris (kr)'), { target: { value: '99000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/car/5'));
    expect(toastText()).toBe(AD_SAVED);
    const init = upload.mock.calls[0]![0];
    expect(init.method).toBe('PUT');
    expect(init.url).toBe('/api/inventory/cars/5');
    expect(init.body.get('price')).toBe('99000');
    expect(init.body.get('images[0]')).toBeNull();
  });

  it('checks the ad’s equipment in its groups, sends the changes, and an empty field when none is left', async () => {
    storeSession('tok', { username: 'kalle', firstname: 'Kalle', lastname: 'K' });
    upload.mockResolvedValue(undefined);
    mockFetch((url) => {
      if (url.pathname.endsWith('/002/2001')) return jsonResponse([{ id: 1, name: 'Volvo' }]);
      if (url.pathname.endsWith('/002/2002')) return jsonResponse([{ id: 1, name: 'V70' }]);
      return jsonResponse(carDetail(5, { user: 'kalle', equipment: ['motorvarmare', 'dragkrok'] }));
    });
    const { router } = renderRoutes(routes, '/edit/car/5');
    const all = await screen.findByRole('group', { name: 'Utrustning' });
    const winter = within(all).getByRole('group', { name: 'Vinter' });
    expect(within(winter).getByRole('checkbox', { name: 'Motorvärmare' })).toBeChecked();
    const towing = within(all).getByRole('group', { name: 'Drag och last' });
    expect(within(towing).getByRole('checkbox', { name: 'Dragkrok' })).toBeChecked();
    expect(
      within(all)
        .getAllByRole('checkbox')
        .filter((b) => (b as HTMLInputElement).checked),
    ).toHaveLength(2);
    await waitFor(() => expect(screen.getByLabelText('Modell')).toHaveValue('V70'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Motorvärmare' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Navigation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/car/5'));
    expect(upload.mock.calls[0]![0].body.getAll('equipment')).toEqual(['dragkrok', 'navigation']);

    // None left: one empty field, so the server clears the ad's equipment rather than keeping it.
    upload.mockClear();
    renderRoutes(routes, '/edit/car/5');
    await waitFor(() => expect(screen.getAllByRole('checkbox', { name: 'Dragkrok' }).at(-1)).toBeChecked());
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Dragkrok' }).at(-1)!);
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Motorvärmare' }).at(-1)!);
    await waitFor(() => expect(screen.getAllByLabelText('Modell').at(-1)).toHaveValue('V70'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Spara ändringar' }).at(-1)!);
    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(upload.mock.calls[0]![0].body.getAll('equipment')).toEqual(['']);
  });

  it('shows the server’s refusal of the equipment below the checkboxes', async () => {
    storeSession('tok', { username: 'kalle', firstname: 'Kalle', lastname: 'K' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    upload.mockRejectedValue(new ApiRequestError(400, EQUIPMENT_MESSAGES.unknown, 'equipment'));
    renderRoutes(routes, '/edit/car/5');
    await waitFor(() => expect(screen.getByLabelText('Modell')).toHaveValue('V70'));
    fireEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EQUIPMENT_MESSAGES.unknown);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('shows the registration number read-only and never sends it', async () => {
    storeSession('tok', { username: 'kalle', firstname: 'Kalle', lastname: 'K' });
    upload.mockResolvedValue(undefined);
    mockFetch((url) => {
      if (url.pathname.endsWith('/002/2001')) return jsonResponse([{ id: 1, name: 'Volvo' }]);
      if (url.pathname.endsWith('/002/2002')) return jsonResponse([{ id: 1, name: 'V70' }]);
      return jsonResponse(carDetail(5, { title: 'Volvo V70 D5', user: 'kalle', registrationNumber: 'ABC12A' }));
    });
    const { router } = renderRoutes(routes, '/edit/car/5');
    const number = await screen.findByLabelText('Registreringsnummer');
    expect(number).toHaveValue('ABC 12A');
    expect(number).toHaveAttribute('readonly');
    expect(number).toHaveAccessibleDescription('Registreringsnumret kan inte ändras.');
    expect(screen.queryByRole('button', { name: 'Hämta fordonsuppgifter' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Modell')).toHaveValue('V70'));
    fireEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/car/5'));
    expect(upload.mock.calls[0]![0].body.has('registrationNumber')).toBe(false);
  });

  it('shows the server’s refusal when another save of the ad runs (409) and stays on the form', async () => {
    storeSession('tok', { username: 'kalle', firstname: 'Kalle', lastname: 'K' });
    const busy = 'Annonsens bilder sparas just nu. Försök igen om en stund.';
    vi.spyOn(console, 'error').mockImplementation(() => {});
    upload.mockRejectedValue(new ApiRequestError(409, busy));
    const { router } = renderRoutes(routes, '/edit/car/5');
    await waitFor(() => expect(screen.getByLabelText('Modell')).toHaveValue('V70'));
    fireEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(busy);
    expect(router.state.location.pathname).toBe('/edit/car/5');
    expect(screen.getByRole('button', { name: 'Spara ändringar' })).toBeEnabled();
  });

  it('refuses another user', async () => {
    storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    renderRoutes(routes, '/edit/car/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Du kan bara redigera dina egna annonser.');
    expect(screen.queryByLabelText('Rubrik')).not.toBeInTheDocument();
  });

  it.each([
    ['logged in', 404],
    ['logged out', 404],
    ['logged in', 400],
  ])('goes to /notfound (replacing the entry) for an ad the server does not know, %s (%i)', async (who, status) => {
    if (who === 'logged in') storeSession('tok', { username: 'kalle', firstname: 'Kalle', lastname: 'K' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => jsonResponse({ message: 'Annonsen finns inte' }, status));
    const { router } = renderRoutes(routes, '/edit/car/77');
    expect(await screen.findByRole('heading', { name: 'Inget att se här...' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notfound');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByLabelText('Rubrik')).not.toBeInTheDocument();
  });

  it("offers 'Logga in' and no form to a visitor who is not logged in", async () => {
    renderRoutes(routes, '/edit/car/5');
    expect(await screen.findByText('Logga in för att redigera dina annonser.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logga in' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Rubrik')).not.toBeInTheDocument();
  });

  it('refuses another user before the stored details are read: the token names the user', async () => {
    storeSession(tokenFor('anna'), null);
    renderRoutes(routes, '/edit/car/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Du kan bara redigera dina egna annonser.');
    expect(screen.queryByRole('button', { name: 'Spara ändringar' })).not.toBeInTheDocument();
  });

  it("gives the owner the form by the token's name", async () => {
    storeSession(tokenFor('kalle'), null);
    renderRoutes(routes, '/edit/car/5');
    expect(await screen.findByLabelText('Rubrik')).toHaveValue('Volvo V70 D5');
  });

  it('shows the seller the range of comparable cars for the make, model, year and mileage filled in', async () => {
    storeSession('tok', { username: 'kalle', firstname: 'Kalle', lastname: 'K' });
    vi.restoreAllMocks();
    const asked: string[] = [];
    mockFetch((url) => {
      if (url.pathname.endsWith('/002/2001')) return jsonResponse([{ id: 1, name: 'Volvo' }]);
      if (url.pathname.endsWith('/002/2002')) return jsonResponse([{ id: 1, name: 'V70' }]);
      if (url.pathname.endsWith('/price-range')) {
        asked.push(url.search);
        return url.searchParams.get('milage') === '30000'
          ? jsonResponse({ comparables: 2, low: null, high: null })
          : jsonResponse({ comparables: 12, low: 85_000, high: 110_000 });
      }
      return jsonResponse(carDetail(5, { title: 'Volvo V70 D5', user: 'kalle', year: 2015, milage: 12000 }));
    });
    renderRoutes(routes, '/edit/car/5');
    expect(
      await screen.findByText(/^Liknande bilar: 85.000–110.000 kr \(12 jämförbara annonser\)$/),
    ).toBeInTheDocument();
    expect(asked[0]).toBe('?make=Volvo&model=V70&year=2015&milage=12000');
    fireEvent.change(screen.getByLabelText('Miltal (mil)'), { target: { value: '30000' } });
    expect(await screen.findByText('För få liknande bilar för att bedöma priset')).toBeInTheDocument();
  });
});
