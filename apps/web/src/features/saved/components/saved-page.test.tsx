import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SavedPage } from './saved-page.tsx';
import { jsonResponse, mockFetch, renderAt } from '../../../test/test-utils.tsx';
import { carItem } from '../../../test/car-fixtures.ts';
import * as loginDialog from '../../../lib/login-dialog.ts';
import { storeSession } from '../../../lib/session-store.ts';

afterEach(() => vi.restoreAllMocks());

function server() {
  let saved = [carItem(1, { title: 'Volvo' }), carItem(2, { title: 'Saab' })];
  return mockFetch((url) => {
    if (url.pathname.endsWith('/001/3002')) return jsonResponse(saved);
    if (url.pathname.endsWith('/saved/removed')) return jsonResponse([]);
    if (url.pathname.endsWith('/001/3001')) {
      const id = Number(url.searchParams.get('carid'));
      saved = saved.filter((c) => c.id !== id);
      return jsonResponse({ saved: false });
    }
    return jsonResponse({}, 404);
  });
}

const login = () => storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });

describe('SavedPage', () => {
  it('asks a logged-out visitor to log in', async () => {
    const open = vi.spyOn(loginDialog, 'openLoginDialog');
    const spy = server();
    renderAt('/saved/cars', <SavedPage />, '/saved/cars');
    expect(screen.getByRole('heading', { name: 'Sparade bilar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(open).toHaveBeenCalled();
    expect(spy).not.toHaveBeenCalled();
  });

  it('lists the saved ads with links, a loading indicator first', async () => {
    login();
    server();
    renderAt('/saved/cars', <SavedPage />, '/saved/cars');
    expect(screen.getByRole('status')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /Volvo/ });
    expect(link).toHaveAttribute('href', '/car/1');
    expect(screen.getAllByText('Stockholm')).toHaveLength(2);
  });

  it("lists saved ads the seller removed as 'Borttagen' until dismissed", async () => {
    login();
    let removed = [{ id: 9, title: 'Saab 900 Turbo', removedAt: '2026-11-20T10:00:00.000Z' }];
    const spy = mockFetch((url, init) => {
      if (url.pathname.endsWith('/001/3002')) return jsonResponse([]);
      if (url.pathname.endsWith('/saved/removed')) return jsonResponse(removed);
      if (url.pathname.endsWith('/saved/removed/9') && init?.method === 'DELETE') {
        removed = [];
        return new Response(null, { status: 204 });
      }
      return jsonResponse({}, 404);
    });
    renderAt('/saved/cars', <SavedPage />, '/saved/cars');
    const section = await screen.findByRole('region', { name: 'Borttagna annonser' });
    expect(section).toHaveTextContent('Saab 900 Turbo – Borttagen');
    expect(screen.queryByText('Du har inga sparade bilar.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort Saab 900 Turbo från listan' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Borttagna annonser' })).not.toBeInTheDocument());
    expect(spy.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it("marks an ad whose price was lowered since it was saved 'Sänkt 10 000 kr'", async () => {
    login();
    mockFetch((url) =>
      url.pathname.endsWith('/001/3002')
        ? jsonResponse([
            { ...carItem(1, { title: 'Volvo' }), soldAt: null, priceDrop: 10_000 },
            { ...carItem(2, { title: 'Saab' }), soldAt: null, priceDrop: null },
          ])
        : jsonResponse({}, 404),
    );
    renderAt('/saved/cars', <SavedPage />, '/saved/cars');
    const volvo = await screen.findByRole('link', { name: /Volvo/ });
    expect(volvo).toHaveTextContent(/Sänkt 10\s000 kr/);
    expect(screen.getByRole('link', { name: /Saab/ })).not.toHaveTextContent('Sänkt');
  });

  it("marks a sold ad 'Såld' in text, still links to it and lets it be removed", async () => {
    login();
    const spy = mockFetch((url) => {
      if (url.pathname.endsWith('/001/3002'))
        return jsonResponse([
          { ...carItem(1, { title: 'Volvo' }), soldAt: null },
          { ...carItem(2, { title: 'Saab' }), soldAt: '2026-03-04T12:30:00.000Z' },
        ]);
      if (url.pathname.endsWith('/001/3001')) return jsonResponse({ saved: false });
      return jsonResponse({}, 404);
    });
    renderAt('/saved/cars', <SavedPage />, '/saved/cars');
    const sold = await screen.findByRole('link', { name: /Saab/ });
    expect(sold).toHaveAttribute('href', '/car/2');
    // The mark is part of the link's name, so a screen reader hears it with the ad.
    expect(sold).toHaveAccessibleName(/Saab Såld mars 4/);
    expect(sold.querySelector('time')).toHaveAttribute('dateTime', '2026-03-04T12:30:00.000Z');
    expect(screen.getByRole('link', { name: /Volvo/ })).not.toHaveTextContent('Såld');
    expect(screen.getAllByText(/^Såld/)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Ta bort Saab från sparade' }));
    expect(spy.mock.calls.some(([u]) => String(u).includes('/001/3001?carid=2'))).toBe(true);
  });

  it('shows an ad the moderators hid as no longer available, without a link or photo, and lets it be removed', async () => {
    login();
    const spy = mockFetch((url) => {
      if (url.pathname.endsWith('/001/3002')) return jsonResponse([{ id: 3, removed: true }]);
      if (url.pathname.endsWith('/001/3001')) return jsonResponse({ saved: false });
      return jsonResponse({}, 404);
    });
    renderAt('/saved/cars', <SavedPage />, '/saved/cars');
    expect(await screen.findByText('Borttagen')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Annonsen är inte längre tillgänglig' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /tillgänglig/ })).not.toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Ta bort annonsen som inte längre är tillgänglig från sparade' }),
    );
    expect(spy.mock.calls.some(([u]) => String(u).includes('/001/3001?carid=3'))).toBe(true);
  });

  it("removes a row with its 'Ta bort' button", async () => {
    login();
    server();
    renderAt('/saved/cars', <SavedPage />, '/saved/cars');
    await userEvent.click(await screen.findByRole('button', { name: 'Ta bort Saab från sparade' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Saab/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /Volvo/ })).toBeInTheDocument();
  });

  it('keeps the keyboard on the row that takes a removed one’s place, then on the heading', async () => {
    login();
    server();
    renderAt('/saved/cars', <SavedPage />, '/saved/cars');
    await userEvent.click(await screen.findByRole('button', { name: 'Ta bort Volvo från sparade' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ta bort Saab från sparade' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sparade bilar' })).toHaveFocus());
    expect(await screen.findByText('Du har inga sparade bilar.')).toBeInTheDocument();
  });

  it('puts a row back and says why when the removal fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    login();
    mockFetch((url) => {
      if (url.pathname.endsWith('/001/3002')) return jsonResponse([carItem(1, { title: 'Volvo' })]);
      return jsonResponse({ message: 'Tjänsten är tillfälligt otillgänglig. Försök igen senare.' }, 503);
    });
    renderAt('/saved/cars', <SavedPage />, '/saved/cars');
    await userEvent.click(await screen.findByRole('button', { name: 'Ta bort Volvo från sparade' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tjänsten är tillfälligt otillgänglig');
    expect(screen.getByRole('link', { name: /Volvo/ })).toBeInTheDocument();
  });

  it('removes a row swiped left by more than 150 px, keeps one swiped 150 px', async () => {
    login();
    const spy = server();
    renderAt('/saved/cars', <SavedPage />, '/saved/cars');
    const front = (await screen.findByRole('link', { name: /Volvo/ })).parentElement!;
    fireEvent.pointerDown(front, { clientX: 300, clientY: 10, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerMove(front, { clientX: 150, clientY: 10, pointerId: 1, pointerType: 'touch' });
    expect(front.style.transform).toBe('translateX(-145px)');
    fireEvent.pointerUp(front, { clientX: 150, clientY: 10, pointerId: 1, pointerType: 'touch' });
    expect(front.style.transform).toBe('');
    expect(spy.mock.calls.some(([u]) => String(u).includes('/001/3001'))).toBe(false);

    fireEvent.pointerDown(front, { clientX: 300, clientY: 10, pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerMove(front, { clientX: 149, clientY: 10, pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerUp(front, { clientX: 149, clientY: 10, pointerId: 2, pointerType: 'touch' });
    await waitFor(() => expect(screen.queryByRole('link', { name: /Volvo/ })).not.toBeInTheDocument());
    expect(spy.mock.calls.some(([u]) => String(u).includes('/001/3001?carid=1'))).toBe(true);
  });
});
