import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlaggedMessage } from '@bilmarknaden/shared/api-types';
import { storeSession } from '../../../lib/session-store.ts';
import { callsTo, jsonResponse, mockApi, renderAt } from '../../../test/test-utils.tsx';
import { FlaggedMessages } from './flagged-messages.tsx';

afterEach(() => vi.restoreAllMocks());

const flagged = (id: number, overrides: Partial<FlaggedMessage> = {}): FlaggedMessage => ({
  id,
  conversationId: 3,
  carId: 9,
  carTitle: 'Volvo V70',
  sender: 'bedragaren',
  recipient: 'anna',
  text: `Betala förskott till 070-123 45 67 (${id})`,
  sentAt: '2026-11-21T14:05:00',
  flags: ['phone', 'scam:förskott'],
  ...overrides,
});

describe("'Flaggade meddelanden'", () => {
  it('lists each flagged message with its parties, ad, text and rules; more on demand', async () => {
    storeSession('tok', { username: 'granskaren', firstname: 'Gun', lastname: 'G' });
    const api = mockApi({
      'GET /api/messaging/flagged-messages': (_init, url) =>
        url!.searchParams.get('cursor') === '7'
          ? jsonResponse({ messages: [flagged(5, { recipient: null, flags: ['link'] })], nextCursor: null })
          : jsonResponse({ messages: [flagged(8), flagged(7)], nextCursor: '7' }),
    });
    renderAt('/controlpanel', <FlaggedMessages />, '/controlpanel');
    const list = await screen.findByRole('list', { name: 'Flaggade meddelanden' });
    const [first, second] = within(list).getAllByRole('article', { name: 'Från @bedragaren till @anna om Volvo V70' });
    expect(first).toHaveTextContent('Regler: Telefonnummer, Bedrägeriord: förskott');
    expect(first).toHaveTextContent('Betala förskott till 070-123 45 67 (8)');
    expect(second).toHaveTextContent('Betala förskott till 070-123 45 67 (7)');
    await userEvent.click(screen.getByRole('button', { name: 'Visa fler' }));
    expect(
      await screen.findByRole('article', { name: 'Från @bedragaren till @(raderat konto) om Volvo V70' }),
    ).toHaveTextContent('Regler: Länk');
    expect(screen.queryByRole('button', { name: 'Visa fler' })).not.toBeInTheDocument();
    expect(callsTo(api, 'GET /api/messaging/flagged-messages')).toHaveLength(2);
  });

  it('says when there are none', async () => {
    storeSession('tok');
    mockApi({ 'GET /api/messaging/flagged-messages': jsonResponse({ messages: [], nextCursor: null }) });
    renderAt('/controlpanel', <FlaggedMessages />, '/controlpanel');
    expect(await screen.findByText('Inga flaggade meddelanden.')).toBeInTheDocument();
  });
});
