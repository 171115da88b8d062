import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserAdsPage } from './user-ads-page.tsx';
import { jsonResponse, mockFetch, renderAt, requestedUrls } from '../../../components/test-utils.tsx';
import { carItem } from '../../../components/car-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

describe('UserAdsPage', () => {
  it('shows "{username}\'s bilannonser" and that user\'s ads', async () => {
    const spy = mockFetch(() => jsonResponse([carItem(3, { title: 'Volvo 240', hp: 116 })]));
    renderAt('/user/:username', <UserAdsPage />, '/user/kalle');
    expect(screen.getByRole('heading', { name: "kalle's bilannonser" })).toBeInTheDocument();
    expect(await screen.findByText('Volvo 240')).toBeInTheDocument();
    for (const t of ['2015', 'Manuell', 'Diesel', '116 hk', 'Stockholm', 'nov. 21 14:05'])
      expect(screen.getByText(t)).toBeInTheDocument();
    expect(requestedUrls(spy)[0]).toBe('/api/inventory/001/2002?username=kalle&start=0&end=20');
  });

  it("pages a dealer's ads with 'Mer', later windows in the first one's snapshot", async () => {
    const asOf = '2026-01-02T03:04:05.678Z';
    const spy = mockFetch((url) => {
      const start = Number(url.searchParams.get('start'));
      const count = start === 0 ? 20 : 3;
      const res = jsonResponse(
        Array.from({ length: count }, (_, i) => carItem(start + i + 1, { title: `Bil ${start + i + 1}` })),
      );
      res.headers.set('X-List-As-Of', url.searchParams.get('asOf') ?? asOf);
      return res;
    });
    renderAt('/user/:username', <UserAdsPage />, '/user/bilhandlarn');
    expect(await screen.findByText('Bil 20')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mer' }));
    expect(await screen.findByText('Bil 23')).toBeInTheDocument();
    const second = new URL(requestedUrls(spy)[1]!, 'http://localhost').searchParams;
    expect([second.get('start'), second.get('end'), second.get('asOf')]).toEqual(['20', '40', asOf]);
    expect(within(screen.getByRole('list', { name: 'bilhandlarns annonser' })).getAllByRole('link')).toHaveLength(23);
    expect(screen.queryByRole('button', { name: 'Mer' })).not.toBeInTheDocument();
  });

  it("shows 'Inga resultat' when the user has no ads", async () => {
    mockFetch(() => jsonResponse([]));
    renderAt('/user/:username', <UserAdsPage />, '/user/kalle');
    expect(await screen.findByText('Inga resultat')).toBeInTheDocument();
  });
});
