// The ad page's owner actions, 'Dela', the photo strip's controls and 'Liknande bilar' (issue 30).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Car } from '@bilmarknaden/shared/api-types';
import { CarDetailPage } from './car-detail-page.tsx';
import { CardActionProvider } from '../../../components/card-action.tsx';
import { clearSession, storeSession } from '../../../lib/session-store.ts';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/test-utils.tsx';
import { comparedIds } from '../../../lib/compare-store.ts';
import { carDetail, carItem } from '../../../test/car-fixtures.ts';

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

const routes = [
  {
    path: '/car/:id',
    element: (
      <CarDetailPage
        saveButton={() => <button type="button">Spara annonsen</button>}
        messageButton={() => <button type="button">Skicka meddelande</button>}
      />
    ),
  },
  { path: '/', element: <p>Startsidan</p> },
];

function serve(over: Partial<Car> = {}, similar = [carItem(21, { title: 'Liknande Volvo' })]) {
  const calls: string[] = [];
  const spy = mockFetch((url, init) => {
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname.endsWith('/cars/7/similar')) return jsonResponse(similar);
    if (url.pathname.endsWith('/cars/7')) return jsonResponse(null, 204);
    return jsonResponse(carDetail(7, { title: 'Volvo V70', imageCount: 0, ...over }));
  });
  return { calls, spy };
}

describe('the ad page', () => {
  it("shows the owner 'Redigera' and 'Ta bort', and neither the heart nor 'Skicka meddelande'", async () => {
    storeSession('tok', { username: 'kalle', firstname: 'Kalle', lastname: 'K' });
    serve();
    renderRoutes(routes, '/car/7');
    expect(await screen.findByRole('link', { name: 'Redigera' })).toHaveAttribute('href', '/edit/car/7');
    expect(screen.getByRole('button', { name: 'Ta bort' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Spara annonsen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Skicka meddelande' })).toBeNull();
  });

  it('shows anyone else the heart and the message button, and no owner actions', async () => {
    storeSession('tok', { username: 'mallory', firstname: 'M', lastname: 'M' });
    serve();
    renderRoutes(routes, '/car/7');
    expect(await screen.findByRole('button', { name: 'Spara annonsen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skicka meddelande' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Redigera' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ta bort' })).toBeNull();
  });

  it("'Ta bort' asks first, removes the ad and goes home", async () => {
    storeSession('tok', { username: 'kalle', firstname: 'Kalle', lastname: 'K' });
    const { calls } = serve();
    const { router } = renderRoutes(routes, '/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Ta bort' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort annonsen?' });
    expect(dialog).toHaveTextContent('"Volvo V70" tas bort tillsammans med bilderna.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toContain('DELETE /api/inventory/cars/7');
  });

  it("'Dela' copies the ad's address and says so", async () => {
    serve();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoutes(routes, '/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Dela' }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(await screen.findByText('Länken till annonsen är kopierad.')).toBeInTheDocument();
    expect(screen.getByText('Länken till annonsen är kopierad.').closest('[role="status"]')).not.toBeNull();
  });

  it("'Jämför' puts the ad in the comparison and takes it out", async () => {
    serve();
    renderRoutes(routes, '/car/7');
    const toggle = await screen.findByRole('button', { name: 'Jämför' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(comparedIds()).toEqual([7]);
    await userEvent.click(toggle);
    expect(comparedIds()).toEqual([]);
  });

  it("has no 'Jämför' on a sold ad", async () => {
    serve({ soldAt: '2026-11-30T10:00:00Z' });
    renderRoutes(routes, '/car/7');
    await screen.findByRole('heading', { level: 1, name: 'Volvo V70' });
    expect(screen.queryByRole('button', { name: 'Jämför' })).not.toBeInTheDocument();
  });

  it("'Dela' opens the phone's share sheet where there is one", async () => {
    serve();
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    // A phone's coarse pointer, as the browser would report it.
    Object.defineProperty(window, 'matchMedia', {
      value: (query: string) => ({ matches: query === '(pointer: coarse)' }),
      configurable: true,
    });
    renderRoutes(routes, '/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Dela' }));
    expect(share).toHaveBeenCalledWith({ title: 'Volvo V70', url: window.location.href });
    Reflect.deleteProperty(navigator, 'share');
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it("lists 'Liknande bilar' below the description, with the app's card action", async () => {
    serve();
    renderRoutes(
      [
        {
          path: '/car/:id',
          element: (
            <CardActionProvider action={(car) => <button type="button">{`Spara ${car.title}`}</button>}>
              <CarDetailPage />
            </CardActionProvider>
          ),
        },
      ],
      '/car/7',
    );
    const heading = await screen.findByRole('heading', { name: 'Liknande bilar' });
    const description = screen.getByRole('heading', { name: 'Beskrivning' });
    expect(description.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Liknande bilar' });
    expect(within(list).getByRole('link', { name: /Liknande Volvo/ })).toHaveAttribute('href', '/car/21');
    expect(within(list).getByRole('button', { name: 'Spara Liknande Volvo' })).toBeInTheDocument();
    expect(within(list).getByRole('heading', { level: 3, name: 'Liknande Volvo' })).toBeInTheDocument();
  });

  it("leaves 'Liknande bilar' out when there are none", async () => {
    serve({}, []);
    renderRoutes(routes, '/car/7');
    await screen.findByRole('heading', { level: 1, name: 'Volvo V70' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Liknande bilar' })).toBeNull());
  });

  it('pages the photo strip with previous and next, and offers each photo in both sizes', async () => {
    serve({ imageCount: 3, imageVersion: 2 });
    renderRoutes(routes, '/car/7');
    const strip = await screen.findByRole('list', { name: 'Bilder' });
    const scrollBy = vi.fn();
    strip.scrollBy = scrollBy as typeof strip.scrollBy;
    fireEvent.click(screen.getByRole('button', { name: 'Nästa bild' }));
    fireEvent.click(screen.getByRole('button', { name: 'Föregående bild' }));
    expect(scrollBy).toHaveBeenCalledTimes(2);
    const [forward, back] = scrollBy.mock.calls.map(([o]) => (o as ScrollToOptions).left ?? 0);
    expect(forward).toBeGreaterThan(0);
    expect(back).toBeLessThan(0);
    const first = within(strip).getAllByRole('img')[0]!;
    expect(first).toHaveAttribute('srcset', '/files/7-1-card.jpeg?v=2 480w, /files/7-1.jpeg?v=2 1600w');
    expect(first).toHaveAttribute('sizes');
  });

  it('has no strip controls for a single photo', async () => {
    serve({ imageCount: 1 });
    renderRoutes(routes, '/car/7');
    await screen.findByRole('list', { name: 'Bilder' });
    expect(screen.queryByRole('button', { name: 'Nästa bild' })).toBeNull();
  });
});
