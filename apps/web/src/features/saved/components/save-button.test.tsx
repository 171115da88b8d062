import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SaveButton } from './save-button.tsx';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/test-utils.tsx';
import { carDetail } from '../../../test/car-fixtures.ts';
import * as loginDialog from '../../../lib/login-dialog.ts';
import { clearSession, storeSession } from '../../../lib/session-store.ts';

afterEach(() => vi.restoreAllMocks());

// The heart as the ad page shows it (app/routes/car-detail.tsx composes it in).
const routes = [{ path: '/car/:id', element: <SaveButton car={carDetail(7)} /> }];

describe('SaveButton', () => {
  it('opens the login dialog from the heart when logged out', async () => {
    const open = vi.spyOn(loginDialog, 'openLoginDialog');
    const spy = mockFetch(() => jsonResponse(carDetail(7, { imageCount: 0 })));
    renderRoutes(routes, '/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Spara annonsen' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls.some(([u]) => String(u).includes('/001/3001'))).toBe(false);
  });

  it('saves the ad after a visitor presses the heart and then logs in; not when the login is given up', async () => {
    let saved: ReturnType<typeof carDetail>[] = [];
    const spy = mockFetch((url) => {
      if (url.pathname.endsWith('/001/3002')) return jsonResponse(saved);
      if (url.pathname.endsWith('/001/3001')) {
        saved = [carDetail(7)];
        return jsonResponse({ saved: true });
      }
      return jsonResponse(carDetail(7, { imageCount: 0 }));
    });
    const toggles = () => spy.mock.calls.filter(([u]) => String(u).includes('/001/3001')).length;
    renderRoutes(routes, '/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Spara annonsen' }));
    expect(loginDialog.isLoginDialogOpen()).toBe(true);
    act(() => loginDialog.closeLoginDialog());
    act(() => storeSession('token-1', { username: 'anna', firstname: 'Anna', lastname: 'A' }));
    await screen.findByRole('button', { name: 'Spara annonsen' });
    await new Promise((r) => setTimeout(r, 50));
    expect(toggles()).toBe(0);

    act(() => clearSession());
    await userEvent.click(screen.getByRole('button', { name: 'Spara annonsen' }));
    act(() => {
      storeSession('token-1', { username: 'anna', firstname: 'Anna', lastname: 'A' });
      loginDialog.closeLoginDialog();
    });
    expect(await screen.findByRole('button', { name: /ta bort från sparade/ })).toHaveAttribute('aria-pressed', 'true');
    expect(toggles()).toBe(1);
  });

  it('toggles the saved state when logged in (filled heart from the saved list)', async () => {
    storeSession('token-1', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    let saved = [carDetail(7)];
    const spy = mockFetch((url) => {
      if (url.pathname.endsWith('/001/3002')) return jsonResponse(saved);
      if (url.pathname.endsWith('/001/3001')) {
        saved = [];
        return jsonResponse({ saved: false });
      }
      return jsonResponse(carDetail(7, { imageCount: 0 }));
    });
    renderRoutes(routes, '/car/7');
    const heart = await screen.findByRole('button', { name: /ta bort från sparade/ });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(heart);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Spara annonsen' })).toHaveAttribute('aria-pressed', 'false'),
    );
    const post = spy.mock.calls.find(([u]) => String(u).includes('/001/3001?carid=7'));
    expect(post?.[1]?.method).toBe('POST');
    expect((post?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });

  it('does not toggle before the saved list is known: a saved ad clicked early stays saved', async () => {
    storeSession('token-1', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    let answerSaved: (r: Response) => void = () => {};
    const spy = mockFetch((url) => {
      if (url.pathname.endsWith('/001/3002')) return new Promise<Response>((r) => (answerSaved = r));
      if (url.pathname.endsWith('/001/3001')) return jsonResponse({ saved: false });
      return jsonResponse(carDetail(7, { imageCount: 0 }));
    });
    renderRoutes(routes, '/car/7');
    const early = await screen.findByRole('button', { name: 'Spara annonsen' });
    expect(early).toHaveAttribute('aria-disabled', 'true');
    expect(early).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(early);
    expect(spy.mock.calls.some(([u]) => String(u).includes('/001/3001'))).toBe(false);
    answerSaved(jsonResponse([carDetail(7)]));
    const heart = await screen.findByRole('button', { name: /ta bort från sparade/ });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).not.toHaveAttribute('aria-disabled');
  });

  it('rolls the heart back when the toggle fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession('token-1', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    mockFetch((url) => {
      if (url.pathname.endsWith('/001/3002')) return jsonResponse([]);
      if (url.pathname.endsWith('/001/3001')) return jsonResponse({ message: 'fel' }, 500);
      return jsonResponse(carDetail(7, { imageCount: 0 }));
    });
    renderRoutes(routes, '/car/7');
    const heart = await screen.findByRole('button', { name: 'Spara annonsen' });
    await waitFor(() => expect(heart).not.toHaveAttribute('aria-busy'));
    await userEvent.click(heart);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Spara annonsen' })).toHaveAttribute('aria-pressed', 'false'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('fel');
  });

  it("says in Swedish when the connection is lost, not in the browser's words", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession('token-1', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    mockFetch((url) => {
      if (url.pathname.endsWith('/001/3002')) return jsonResponse([]);
      if (url.pathname.endsWith('/001/3001')) return Promise.reject(new TypeError('Failed to fetch'));
      return jsonResponse(carDetail(7, { imageCount: 0 }));
    });
    renderRoutes(routes, '/car/7');
    const heart = await screen.findByRole('button', { name: 'Spara annonsen' });
    await waitFor(() => expect(heart).not.toHaveAttribute('aria-busy'));
    await userEvent.click(heart);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Något gick fel. Kontrollera din anslutning och försök igen.',
    );
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
  });

  it('says why when the saved list is full, and clears the message when saving works again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession('token-1', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    const message = 'Du kan spara högst 100 bilar. Ta bort en sparad bil först.';
    let full = true;
    mockFetch((url) => {
      if (url.pathname.endsWith('/001/3002')) return jsonResponse(full ? [] : [carDetail(7)]);
      if (url.pathname.endsWith('/001/3001'))
        return full ? jsonResponse({ message }, 409) : jsonResponse({ saved: true });
      return jsonResponse(carDetail(7, { imageCount: 0 }));
    });
    renderRoutes(routes, '/car/7');
    const heart = await screen.findByRole('button', { name: 'Spara annonsen' });
    await waitFor(() => expect(heart).not.toHaveAttribute('aria-busy'));
    await userEvent.click(heart);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Spara annonsen' })).toHaveAttribute('aria-pressed', 'false');

    full = false;
    await userEvent.click(screen.getByRole('button', { name: 'Spara annonsen' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /ta bort från sparade/ })).toHaveAttribute('aria-pressed', 'true'),
    );
  });
});
