import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnHiddenCarDetail } from '@bilmarknaden/shared/api-types';
import { PRICE_HOLD_REASON } from '@bilmarknaden/shared/price-hold';
import { HiddenAdNotice } from './hidden-ad-notice.tsx';
import { storeSession } from '../../../lib/session-store.ts';
import { callsTo, fakeJwt, mockApi, renderRoutes } from '../../../test/test-utils.tsx';

afterEach(() => vi.restoreAllMocks());

const HIDDEN: OwnHiddenCarDetail['hidden'] = {
  reason: 'Bilderna visar en annan bil',
  heldForPrice: false,
  hiddenAt: '2026-11-22T10:00:00Z',
  reviewText: null,
  reviewRequestedAt: null,
  reviewDecidedAt: null,
};
const show = (hidden = HIDDEN) =>
  renderRoutes([{ path: '/car/7', element: <HiddenAdNotice carId={7} hidden={hidden} /> }], '/car/7');

describe("the owner's hidden ad notice", () => {
  it("says the ad is hidden, gives the moderators' reason and asks once for a review", async () => {
    storeSession(fakeJwt({ sub: 'kalle' }));
    const api = mockApi({ 'POST /api/inventory/cars/7/review': () => new Response(null, { status: 204 }) });
    show();
    const notice = screen.getByRole('region', { name: 'Annonsen är dold' });
    expect(notice).toHaveTextContent('Anledning: Bilderna visar en annan bil');
    await userEvent.type(within(notice).getByRole('textbox'), 'Bilderna är mina egna');
    await userEvent.click(within(notice).getByRole('button', { name: 'Begär omprövning' }));
    await vi.waitFor(() => expect(callsTo(api, 'POST /api/inventory/cars/7/review')).toHaveLength(1));
  });

  it('says an ad held for its price is in review, with the reason, and offers no review request', () => {
    show({ ...HIDDEN, heldForPrice: true, reason: PRICE_HOLD_REASON });
    const notice = screen.getByRole('region', { name: 'Annonsen granskas' });
    expect(notice).toHaveTextContent(PRICE_HOLD_REASON);
    expect(within(notice).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Annonsen är dold' })).not.toBeInTheDocument();
  });

  it('tells where a review stands instead of asking again', () => {
    show({ ...HIDDEN, reviewRequestedAt: '2026-11-23T08:00:00Z' });
    expect(screen.getByRole('status')).toHaveTextContent('Du har begärt omprövning.');
    expect(screen.queryByRole('button', { name: 'Begär omprövning' })).not.toBeInTheDocument();
  });
});
