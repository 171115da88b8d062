import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Car } from '@bilmarknaden/shared/api-types';
import { CarDetailPage } from './car-detail-page.tsx';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/test-utils.tsx';
import { carDetail } from '../../../test/car-fixtures.ts';
import { clearSession, storeSession } from '../../../lib/session-store.ts';

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

const routes = [{ path: '/car/:id', element: <CarDetailPage saveButton={() => <button>Spara</button>} /> }];
const show = (over: Partial<Car>) => {
  const calls: { method: string; path: string }[] = [];
  let car = carDetail(7, { title: 'Volvo V70', ...over });
  mockFetch((url, init) => {
    calls.push({ method: init?.method ?? 'GET', path: url.pathname });
    if (url.pathname.endsWith('/cars/7/sold')) {
      car = { ...car, soldAt: init?.method === 'PUT' ? '2026-03-10T10:00:00.000Z' : null };
      return init?.method === 'PUT' ? jsonResponse({ soldAt: car.soldAt }) : jsonResponse(null, 204);
    }
    if (url.pathname.endsWith('/similar')) return jsonResponse([]);
    return jsonResponse(car);
  });
  renderRoutes(routes, '/car/7');
  return calls;
};

describe('the ad page: time for sale, price history, judgement', () => {
  it('shows how long the ad has been listed beside the date', async () => {
    show({ created: new Date(Date.now() - 12 * 86_400_000).toISOString() });
    expect(await screen.findByText('Inlagd för 12 dagar sedan')).toBeInTheDocument();
  });

  it("shows the range, the label, 'Sänkt' and the history", async () => {
    show({
      price: 95_000,
      priceCut: 5_000,
      priceJudgement: { comparables: 12, low: 85_000, high: 110_000, label: 'normal' },
      priceHistory: [
        { date: '2026-01-05T10:00:00.000Z', price: 100_000 },
        { date: '2026-02-01T10:00:00.000Z', price: 95_000 },
      ],
    });
    expect(await screen.findByText(/Liknande bilar: 85.000–110.000 kr/)).toBeInTheDocument();
    expect(screen.getAllByText('Normalt pris').length).toBeGreaterThan(0);
    expect(screen.getByText(/^Sänkt 5.000 kr$/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Så bedömer vi priset' })[0]).toHaveAttribute(
      'href',
      '/sa-bedomer-vi-priset',
    );
    const rows = screen.getByRole('table', { name: 'Prishistorik' }).querySelectorAll('tbody tr');
    expect([...rows].map((r) => r.textContent)).toEqual([
      expect.stringMatching(/5 jan\. 2026.*100.000 :-/),
      expect.stringMatching(/1 feb\. 2026.*95.000 :-/),
    ]);
  });

  it('says so with too few comparables instead of guessing', async () => {
    show({ priceJudgement: { comparables: 3, low: null, high: null, label: null } });
    expect(await screen.findByText(/För få liknande bilar för att bedöma priset/)).toBeInTheDocument();
    expect(screen.queryByText(/Liknande bilar:/)).toBeNull();
  });

  it("says 'Såld' on a sold ad, without save and message buttons", async () => {
    show({ soldAt: '2026-03-10T10:00:00.000Z', priceJudgement: null });
    expect(await screen.findByText('Såld')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Spara' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Skicka meddelande' })).toBeNull();
  });

  it("lets the owner mark the ad sold and take it back with 'Ångra'", async () => {
    storeSession('tok', { username: 'kalle', firstname: 'Kalle', lastname: 'K' });
    const calls = show({});
    fireEvent.click(await screen.findByRole('button', { name: 'Markera som såld' }));
    expect(await screen.findByText('Såld')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'PUT', path: '/api/inventory/cars/7/sold' });
    fireEvent.click(screen.getByRole('button', { name: 'Ångra' }));
    await waitFor(() => expect(screen.queryByText('Såld')).toBeNull());
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/inventory/cars/7/sold' });
  });

  it('offers the sold button to nobody else', async () => {
    storeSession('tok', { username: 'mallory', firstname: 'M', lastname: 'M' });
    show({});
    expect(await screen.findByRole('heading', { level: 1, name: 'Volvo V70' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Markera som såld' })).toBeNull();
  });
});
