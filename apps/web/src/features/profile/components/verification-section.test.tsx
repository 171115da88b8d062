import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfilePage } from './profile-page.tsx';
import { jsonResponse, mockFetch, renderAt } from '../../../test/test-utils.tsx';
import { getToken, storeSession } from '../../../lib/session-store.ts';

afterEach(() => vi.restoreAllMocks());

const me = { username: 'anna', firstname: 'Anna', lastname: 'A', role: 1, displayName: 'Anna A' };
const ORDER = 'a1b2c3d4-0000-4000-8000-000000000001';

/** The profile of a logged-in user; `states` are the answers of the polls, in order. */
function renderProfile(states: object[], user: object = me) {
  storeSession('gammal-token', { username: 'anna', firstname: 'Anna', lastname: 'A' });
  const spy = mockFetch((url, init) => {
    if (url.pathname.endsWith('/user')) return jsonResponse(user);
    if (url.pathname.endsWith('/user/verification'))
      return jsonResponse({ orderRef: ORDER, autoStartToken: 'start-token' });
    if (url.pathname.endsWith(`/user/verification/${ORDER}`)) {
      if (init?.method === 'DELETE') return new Response(null, { status: 204 });
      return jsonResponse(states.shift() ?? { status: 'pending', hint: 'user-sign', qr: 'bankid.x.9.y' });
    }
    return jsonResponse([]);
  });
  renderAt('/profile', <ProfilePage />, '/profile');
  const starts = () => spy.mock.calls.filter(([u]) => String(u).endsWith('/user/verification'));
  return { starts };
}

describe('Verifiera med BankID on the profile', () => {
  it('checks the personnummer with the shared rule before anything is sent', async () => {
    const { starts } = renderProfile([]);
    const field = await screen.findByLabelText('Personnummer');
    await userEvent.type(field, '19900101-0018');
    await userEvent.click(screen.getByRole('button', { name: 'Verifiera med BankID' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Ange ett giltigt personnummer, ÅÅÅÅMMDD-NNNN');
    expect(field).toHaveFocus();
    expect(starts()).toHaveLength(0);
  });

  it('shows the QR code and the app link while pending, then the verified name, on the new token', async () => {
    const { starts } = renderProfile([
      { status: 'pending', hint: 'outstanding', qr: 'bankid.token.0.abc' },
      { status: 'complete', name: 'Anna Svensson', token: 'ny-token' },
    ]);
    await userEvent.type(await screen.findByLabelText('Personnummer'), '19850312-9804');
    await userEvent.click(screen.getByRole('button', { name: 'Verifiera med BankID' }));
    expect(await screen.findByRole('img', { name: 'QR-kod för BankID' })).toBeInTheDocument();
    expect(screen.getByText('Starta BankID-appen och skanna QR-koden.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Öppna BankID på den här enheten' })).toHaveAttribute(
      'href',
      'bankid:///?autostarttoken=start-token&redirect=null',
    );
    expect(
      await screen.findByText('Klart! Du är verifierad med BankID som Anna Svensson.', {}, { timeout: 6_000 }),
    ).toBeInTheDocument();
    expect(getToken()).toBe('ny-token');
    expect(starts()).toHaveLength(1);
    expect(
      JSON.parse(String(vi.mocked(fetch).mock.calls.find(([u]) => String(u).endsWith('/user/verification'))![1]!.body)),
    ).toEqual({
      personalNumber: '19850312-9804',
    });
  });

  it('tells why it failed, and Avbryt ends the order', async () => {
    renderProfile([
      { status: 'pending', hint: 'outstanding', qr: 'bankid.token.0.abc' },
      { status: 'failed', reason: 'expired', message: 'Tiden för verifieringen gick ut. Försök igen.' },
    ]);
    await userEvent.type(await screen.findByLabelText('Personnummer'), '19850312-9804');
    await userEvent.click(screen.getByRole('button', { name: 'Verifiera med BankID' }));
    expect(
      await screen.findByText('Tiden för verifieringen gick ut. Försök igen.', {}, { timeout: 6_000 }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Verifiera med BankID' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Avbryt' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Verifieringen avbröts.');
    expect(screen.getByRole('heading', { name: 'Verifiering med BankID' })).toHaveFocus();
  });

  it('shows the badge and the name of a verified user, and no form', async () => {
    renderProfile([], { ...me, verified: { name: 'Anna Svensson', at: '2026-12-05T10:00:00.000Z' } });
    expect(await screen.findByText('Verifierad med BankID')).toBeInTheDocument();
    expect(screen.getByText(/som Anna Svensson sedan 5 dec\. 2026/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Personnummer')).not.toBeInTheDocument();
  });
});
