import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
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
    expect(requestedUrls(spy)[0]).toBe('/api/inventory/001/2002?username=kalle');
  });

  it("shows 'Inga resultat' when the user has no ads", async () => {
    mockFetch(() => jsonResponse([]));
    renderAt('/user/:username', <UserAdsPage />, '/user/kalle');
    expect(await screen.findByText('Inga resultat')).toBeInTheDocument();
  });
});
