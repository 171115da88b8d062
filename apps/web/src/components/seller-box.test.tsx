import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { SellerBox, replyTimeText } from './seller-box.tsx';
import { jsonResponse, mockApi, renderPage } from '../test/test-utils.tsx';

afterEach(() => vi.restoreAllMocks());

const api = (overrides: { verified?: boolean; medianMinutes?: number | null; forSale?: number; sold?: number }) =>
  mockApi({
    'GET /api/identity/user/username': jsonResponse({
      username: 'berit',
      firstname: 'Berit',
      memberSince: '2024-03-04T05:06:07.000Z',
      verified: overrides.verified ?? false,
    }),
    'GET /api/inventory/sellers/summary': jsonResponse({ forSale: overrides.forSale ?? 1, sold: overrides.sold ?? 0 }),
    'GET /api/messaging/sellers/reply-time': jsonResponse({ medianMinutes: overrides.medianMinutes ?? null }),
  });

describe('the seller box', () => {
  it('shows the badge, the year joined, the reply time and the counts of a verified seller', async () => {
    api({ verified: true, medianMinutes: 150, forSale: 2, sold: 5 });
    renderPage(<SellerBox username="berit" />);
    const box = screen.getByRole('region', { name: 'Säljare' });
    expect(await within(box).findByText('Verifierad med BankID')).toBeInTheDocument();
    expect(box).toHaveTextContent('Berit @berit');
    await vi.waitFor(() =>
      expect(
        within(box)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Medlem sedan 2024', 'Svarar oftast inom 3 timmar', '2 bilar till salu', '5 bilar sålda här']),
    );
  });

  it('leaves out the badge, the reply time and sold when there is nothing to say', async () => {
    api({ medianMinutes: null, forSale: 1, sold: 0 });
    renderPage(<SellerBox username="berit" />);
    const box = screen.getByRole('region', { name: 'Säljare' });
    expect(await within(box).findByText('1 bil till salu')).toBeInTheDocument();
    await within(box).findByText('Medlem sedan 2024');
    expect(within(box).queryByText('Verifierad med BankID')).toBeNull();
    expect(within(box).queryByText(/Svarar oftast/)).toBeNull();
    expect(within(box).queryByText(/sålda/)).toBeNull();
  });

  it('keeps the name when the other answers fail', async () => {
    mockApi({});
    renderPage(<SellerBox username="berit" />);
    expect(screen.getByRole('region', { name: 'Säljare' })).toHaveTextContent('Säljare@berit');
  });
});

describe('replyTimeText', () => {
  it.each([
    [0, 'Svarar oftast inom en timme'],
    [60, 'Svarar oftast inom en timme'],
    [61, 'Svarar oftast inom 2 timmar'],
    [47 * 60, 'Svarar oftast inom 47 timmar'],
    [48 * 60, 'Svarar oftast inom 2 dagar'],
    [60 * 60, 'Svarar oftast inom 3 dagar'],
  ])('%i minutes: %s', (minutes, text) => expect(replyTimeText(minutes)).toBe(text));
});
