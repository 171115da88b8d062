import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CarDetailPage } from './car-detail-page.tsx';
import { callsTo, fakeJwt, jsonResponse, mockApi, mockFetch, renderRoutes } from '../../../test/test-utils.tsx';
import { storeSession } from '../../../lib/session-store.ts';
import { carDetail } from '../../../test/car-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const routes = [
  { path: '/car/:id', element: <CarDetailPage /> },
  { path: '/notfound', element: <p>Inget att se här...</p> },
];

describe('CarDetailPage', () => {
  it('navigates to /notfound for an unknown id', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => jsonResponse({ message: 'Annonsen finns inte' }, 404));
    const { router } = renderRoutes(routes, '/car/999');
    expect(await screen.findByText('Inget att se här...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notfound');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("opens the owner's hidden ad after the public 404: marked, with the notice, without photos or actions", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession(fakeJwt({ sub: 'kalle' }));
    const hidden = {
      reason: 'Bilderna visar en annan bil',
      hiddenAt: '2026-11-22T10:00:00Z',
      reviewText: null,
      reviewRequestedAt: null,
      reviewDecidedAt: null,
    };
    mockApi({
      'GET /api/inventory/001/2001': jsonResponse({ message: 'Annonsen finns inte' }, 404),
      'GET /api/inventory/cars/7/hidden': jsonResponse({
        car: carDetail(7, { title: 'Dold Volvo', imageCount: 0 }),
        hidden,
      }),
    });
    const { router } = renderRoutes(
      [
        {
          path: '/car/:id',
          element: <CarDetailPage hiddenNotice={(h) => <p>Notis: {h.hidden.reason}</p>} />,
        },
        routes[1]!,
      ],
      '/car/7',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Dold Volvo' })).toBeInTheDocument();
    expect(screen.getByText('Notis: Bilderna visar en annan bil')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/car/7');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ändra|Ta bort|Markera som såld|Dela/ })).not.toBeInTheDocument();
  });

  it('gives anyone else the not-found screen when the owner read answers 404 too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession(fakeJwt({ sub: 'anna' }));
    const api = mockApi({
      'GET /api/inventory/001/2001': jsonResponse({ message: 'Annonsen finns inte' }, 404),
      'GET /api/inventory/cars/7/hidden': jsonResponse({ message: 'Annonsen finns inte' }, 404),
    });
    const { router } = renderRoutes(routes, '/car/7');
    expect(await screen.findByText('Inget att se här...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notfound');
    expect(callsTo(api, 'GET /api/inventory/cars/7/hidden')).toHaveLength(1);
  });

  it("shows an expired ad as 'Annonsen har gått ut' to a visitor, without Förnya", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/inventory/001/2001': jsonResponse({ message: 'Annonsen finns inte' }, 404),
      'GET /api/inventory/cars/7/expired': jsonResponse({
        id: 7,
        title: 'Gammal Volvo',
        user: 'kalle',
        expiresAt: '2026-11-22T10:00:00Z',
      }),
    });
    const { router } = renderRoutes(routes, '/car/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gammal Volvo' })).toBeInTheDocument();
    expect(screen.getByText('Annonsen har gått ut')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Förnya' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/car/7');
  });

  it('offers the seller of an expired ad Förnya, which shows the ad again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession(fakeJwt({ sub: 'kalle' }), { username: 'kalle', firstname: 'Kalle', lastname: 'K' });
    let renewed = false;
    const api = mockApi({
      'GET /api/inventory/001/2001': () =>
        renewed
          ? jsonResponse(carDetail(7, { title: 'Gammal Volvo', user: 'kalle', imageCount: 0 }))
          : jsonResponse({ message: 'Annonsen finns inte' }, 404),
      'GET /api/inventory/cars/7/expired': jsonResponse({
        id: 7,
        title: 'Gammal Volvo',
        user: 'kalle',
        expiresAt: '2026-11-22T10:00:00Z',
      }),
      'PUT /api/inventory/cars/7/renewal': () => {
        renewed = true;
        return jsonResponse({ expiresAt: '2027-02-01T10:00:00Z', message: 'Annonsen är förnyad' });
      },
    });
    renderRoutes(routes, '/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Förnya' }));
    expect(await screen.findByRole('link', { name: 'Redigera' })).toBeInTheDocument();
    expect(screen.queryByText('Annonsen har gått ut')).not.toBeInTheDocument();
    expect(callsTo(api, 'PUT /api/inventory/cars/7/renewal')).toHaveLength(1);
    // The owner's own view is not counted.
    expect(callsTo(api, 'POST /api/inventory/cars/views')).toHaveLength(0);
  });

  it("counts a visitor's view of the ad once the page shows it", async () => {
    const api = mockApi({
      'GET /api/inventory/001/2001': jsonResponse(carDetail(8, { imageCount: 0 })),
      'POST /api/inventory/cars/views': jsonResponse(null, 204),
    });
    renderRoutes(routes, '/car/8');
    await waitFor(() => expect(callsTo(api, 'POST /api/inventory/cars/views')).toHaveLength(1));
    const [, init] = callsTo(api, 'POST /api/inventory/cars/views')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ carId: 8 });
  });

  it('asks nothing more of a logged-out visitor after the 404', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi({ 'GET /api/inventory/001/2001': jsonResponse({ message: 'Annonsen finns inte' }, 404) });
    renderRoutes(routes, '/car/7');
    expect(await screen.findByText('Inget att se här...')).toBeInTheDocument();
    expect(callsTo(api, 'GET /api/inventory/cars/7/hidden')).toHaveLength(0);
  });

  it('shows every field, the seller and the description with its line breaks', async () => {
    mockFetch((url) =>
      url.searchParams.get('carid') === '7'
        ? jsonResponse(carDetail(7, { title: 'Volvo V70', imageCount: 0, description: 'Rad ett\n<b>Rad två</b>' }))
        : jsonResponse([]),
    );
    renderRoutes(routes, '/car/7');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Volvo V70' })).toBeInTheDocument();
    for (const text of ['Manuell', 'Diesel', 'Röd', 'Kombi', 'AWD', 'Volvo', 'V70', '2015', 'nov. 21 14:05'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByText('150 hk')).toBeInTheDocument();
    expect(screen.getByText(/12.000 mil/)).toBeInTheDocument();
    expect(screen.getByText(/125.000 :-/)).toBeInTheDocument();
    expect(screen.getByText('@kalle')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Besök profil' })).toHaveAttribute('href', '/user/kalle');
    const description = screen.getByText(/Rad ett/);
    expect(description.textContent).toBe('Rad ett\n<b>Rad två</b>');
    expect(description.querySelector('b')).toBeNull();
  });

  it("shows the ad's place with its county", async () => {
    mockFetch((url) =>
      jsonResponse(
        url.pathname.endsWith('/similar')
          ? []
          : carDetail(Number(url.searchParams.get('carid')), {
              imageCount: 0,
              kommun: url.searchParams.get('carid') === '7' ? '2584' : null,
            }),
      ),
    );
    renderRoutes(routes, '/car/7');
    const place = await screen.findByText('Plats');
    expect(place.nextElementSibling).toHaveTextContent('Kiruna, Norrbotten');
  });

  it("shows 'Stockholm' as the place of an ad posted without one", async () => {
    mockFetch((url) =>
      url.pathname.endsWith('/similar')
        ? jsonResponse([])
        : jsonResponse(carDetail(8, { imageCount: 0, kommun: null })),
    );
    renderRoutes(routes, '/car/8');
    const place = await screen.findByText('Plats');
    expect(place.nextElementSibling).toHaveTextContent(/^Stockholm$/);
  });

  it('shows the heart and the message button the app composes in', async () => {
    mockFetch((url) =>
      url.pathname.endsWith('/similar') ? jsonResponse([]) : jsonResponse(carDetail(7, { imageCount: 0 })),
    );
    renderRoutes(
      [
        {
          path: '/car/:id',
          element: (
            <CarDetailPage
              saveButton={(car) => <p>hjärta {car.id}</p>}
              messageButton={(car) => <p>meddelande till {car.user}</p>}
            />
          ),
        },
      ],
      '/car/7',
    );
    expect(await screen.findByText('hjärta 7')).toBeInTheDocument();
    expect(screen.getByText('meddelande till kalle')).toBeInTheDocument();
  });

  it('hides photos that cannot be fetched and pages the viewer with the keyboard', async () => {
    mockFetch((url) =>
      url.pathname.endsWith('/similar')
        ? jsonResponse([])
        : jsonResponse(carDetail(7, { title: 'Saab', imageCount: 3 })),
    );
    renderRoutes(routes, '/car/7');
    await screen.findByRole('heading', { name: 'Saab' });
    expect(screen.getAllByRole('img')).toHaveLength(3);
    fireEvent.error(screen.getByRole('img', { name: 'Saab, bild 2' }));
    expect(screen.getAllByRole('img')).toHaveLength(2);

    const opener = screen.getByRole('button', { name: 'Visa bild 1 av 2 i helskärm' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('Saab, bild 1 av 2');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Saab, bild 2 av 2');
    expect(screen.getByRole('img', { name: 'Saab, bild 2 av 2' })).toHaveAttribute('src', '/files/7-3.jpeg');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Saab, bild 1 av 2');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
