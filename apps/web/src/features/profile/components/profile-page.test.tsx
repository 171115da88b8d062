import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOGIN_TO_SEE_PROFILE, ProfilePage } from './profile-page.tsx';
import { ToastRegion } from '../../../lib/toast.tsx';
import { jsonResponse, mockFetch, renderAt } from '../../../test/test-utils.tsx';
import { carItem } from '../../../test/car-fixtures.ts';
import { storeSession } from '../../../lib/session-store.ts';
import * as loginDialog from '../../../lib/login-dialog.ts';

afterEach(() => vi.restoreAllMocks());

describe('ProfilePage', () => {
  it('asks a logged-out visitor to log in instead of welcoming them', async () => {
    const open = vi.spyOn(loginDialog, 'openLoginDialog');
    renderAt('/profile', <ProfilePage />, '/profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Min profil' })).toBeInTheDocument();
    expect(screen.getByText(LOGIN_TO_SEE_PROFILE)).toBeInTheDocument();
    expect(screen.queryByText('Välkommen till din profil!')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Mina annonser' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(open).toHaveBeenCalled();
  });

  it('welcomes a logged-in user with the page heading and title', async () => {
    storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    mockFetch(() => jsonResponse([]));
    renderAt('/profile', <ProfilePage />, '/profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Välkommen till din profil!' })).toBeInTheDocument();
    expect(document.title).toBe('Min profil – Bilmarknaden');
  });

  it('inside settings shows the welcome without a second page heading and leaves the title alone', async () => {
    storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    mockFetch(() => jsonResponse([]));
    document.title = 'Inställningar – Bilmarknaden';
    renderAt('/settings', <ProfilePage embedded />, '/settings');
    expect(screen.getByText('Välkommen till din profil!')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Mina annonser' })).toBeInTheDocument();
    expect(document.title).toBe('Inställningar – Bilmarknaden');
  });

  it('lists the own ads with edit links and deletes one after confirming, then keeps the keyboard in the list', async () => {
    storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    let ads = [carItem(1, { title: 'Volvo' }), carItem(2, { title: 'Saab' })];
    const spy = mockFetch((url, init) => {
      if (init?.method === 'DELETE') {
        ads = ads.filter((a) => !url.pathname.endsWith(`/cars/${a.id}`));
        return new Response(null, { status: 204 });
      }
      if (url.pathname.endsWith('/001/2002') && url.searchParams.get('username') === 'anna') return jsonResponse(ads);
      return jsonResponse([]);
    });
    renderAt(
      '/profile',
      <>
        <ProfilePage />
        <ToastRegion />
      </>,
      '/profile',
    );
    expect(await screen.findByRole('link', { name: 'Redigera Volvo' })).toHaveAttribute('href', '/edit/car/1');
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort Saab' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort annonsen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('Saab')).not.toBeInTheDocument());
    // The button went with the ad: the keyboard goes to the list's heading, and a confirmation is shown and announced.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Mina annonser' })).toHaveFocus());
    expect(document.querySelector('.toast-region')).toHaveTextContent('Din annons ”Saab” är borttagen.');
    const del = spy.mock.calls.find(([, i]) => i?.method === 'DELETE');
    expect(String(del?.[0])).toBe('/api/inventory/cars/2');
    expect((del?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('shows the server’s refusal (409) in the dialog and keeps the ad', async () => {
    storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    const busy = 'Annonsens bilder sparas just nu. Försök igen om en stund.';
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch((url, init) => {
      if (init?.method === 'DELETE') return jsonResponse({ message: busy }, 409);
      if (url.pathname.endsWith('/001/2002')) return jsonResponse([carItem(1, { title: 'Volvo' })]);
      return jsonResponse([]);
    });
    renderAt('/profile', <ProfilePage />, '/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Ta bort Volvo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort annonsen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(busy);
    expect(within(dialog).getByRole('button', { name: 'Ta bort' })).toBeEnabled();
    expect(screen.getByText('Volvo')).toBeInTheDocument();
  });

  it("a seller with more than a page of ads gets the rest with 'Mer', each with its edit and delete", async () => {
    storeSession('tok', { username: 'bilhandlarn', firstname: 'Bo', lastname: 'B' });
    mockFetch((url) => {
      if (url.pathname.endsWith('/cars/sold')) return jsonResponse([]);
      const start = Number(url.searchParams.get('start'));
      const count = start === 0 ? 20 : 2;
      return jsonResponse(
        Array.from({ length: count }, (_, i) => carItem(start + i + 1, { title: `Bil ${start + i + 1}` })),
      );
    });
    renderAt('/profile', <ProfilePage />, '/profile');
    expect(await screen.findByRole('link', { name: 'Redigera Bil 20' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mer' }));
    expect(await screen.findByRole('link', { name: 'Redigera Bil 22' })).toHaveAttribute('href', '/edit/car/22');
    expect(screen.getByRole('button', { name: 'Ta bort Bil 22' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mer' })).not.toBeInTheDocument();
  });

  it('cancelling keeps the ad and returns the keyboard to its button', async () => {
    storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    const spy = mockFetch((url) =>
      jsonResponse(/\/cars\/(sold|hidden)$/.test(url.pathname) ? [] : [carItem(1, { title: 'Volvo' })]),
    );
    renderAt('/profile', <ProfilePage />, '/profile');
    const removeButton = await screen.findByRole('button', { name: 'Ta bort Volvo' });
    await userEvent.click(removeButton);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(removeButton).toHaveFocus());
    expect(screen.getByText('Volvo')).toBeInTheDocument();
    expect(spy.mock.calls.some(([, i]) => i?.method === 'DELETE')).toBe(false);
  });

  it('marks the ads the moderators hid, with the reason and the way to a review', async () => {
    storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    mockFetch((url) =>
      jsonResponse(
        url.pathname.endsWith('/cars/hidden')
          ? [
              {
                id: 5,
                title: 'Dold Saab',
                reason: 'Bilderna visar en annan bil',
                hiddenAt: '2026-11-22T10:00:00Z',
                reviewRequestedAt: null,
                reviewDecidedAt: null,
              },
            ]
          : [],
      ),
    );
    renderAt('/profile', <ProfilePage />, '/profile');
    const notice = await screen.findByRole('region', { name: 'Dolda av moderatorerna' });
    expect(notice).toHaveTextContent('Dold Saab: Bilderna visar en annan bil');
    expect(within(notice).getByRole('link', { name: /Begär omprövning/ })).toHaveAttribute('href', '/reports');
  });

  it("marks an own ad sold and lists the sold ones with 'Ångra'", async () => {
    storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    let sold: { id: number; title: string; soldAt: string }[] = [];
    const spy = mockFetch((url, init) => {
      if (url.pathname.endsWith('/cars/1/sold') && init?.method === 'PUT') {
        sold = [{ ...carItem(1, { title: 'Volvo' }), soldAt: '2026-03-10T10:00:00.000Z' }];
        return jsonResponse({ soldAt: sold[0]!.soldAt });
      }
      if (url.pathname.endsWith('/cars/sold')) return jsonResponse(sold);
      return jsonResponse(sold.length ? [] : [carItem(1, { title: 'Volvo' })]);
    });
    renderAt('/profile', <ProfilePage />, '/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Markera Volvo som såld' }));
    const list = await screen.findByRole('list', { name: 'Sålda annonser' });
    expect(within(list).getByText('Volvo')).toBeInTheDocument();
    expect(within(list).getByText(/^Såld/)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Ångra försäljningen av Volvo' })).toBeInTheDocument();
    expect(spy.mock.calls.some(([u, i]) => String(u).endsWith('/cars/1/sold') && i?.method === 'PUT')).toBe(true);
  });
});
