import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedbackItem } from '@bilmarknaden/shared/api-types';
import { ControlPanelPage } from './control-panel-page.tsx';
import { jsonResponse, mockFetch, renderAt, requestedUrls } from '../../../test/test-utils.tsx';
import * as loginDialog from '../../../lib/login-dialog.ts';
import { storeSession } from '../../../lib/session-store.ts';

afterEach(() => vi.restoreAllMocks());

const item = (id: number, overrides: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id,
  name: `Avsändare ${id}`,
  email: `avsandare${id}@example.se`,
  title: `Rubrik ${id}`,
  content: `Text ${id}`,
  username: null,
  created: '2026-11-21T14:05:00',
  handledBy: null,
  handledAt: null,
  ...overrides,
});

describe('control panel', () => {
  it.each([
    [undefined, false],
    [1, false],
    [2, true],
    [3, true],
  ])('logged in with role %s, allowed: %s', async (role, allowed) => {
    storeSession('tok', { username: 'mia', firstname: 'Mia', lastname: 'M' });
    const spy = mockFetch(() => jsonResponse([]));
    renderAt('/controlpanel', <ControlPanelPage role={role} loading={false} />, '/controlpanel?tab=feedback');
    expect(screen.getByRole('heading', { name: 'Kontrollpanel' })).toBeInTheDocument();
    expect(screen.queryByText('Ingen behörighet') === null).toBe(allowed);
    if (allowed) expect(await screen.findByText('Ingen ohanterad feedback.')).toBeInTheDocument();
    else expect(spy).not.toHaveBeenCalled();
  });

  it("opens the composed 'Handlare att godkänna' tab from the address", async () => {
    storeSession('tok', { username: 'mia', firstname: 'Mia', lastname: 'M' });
    mockFetch(() => jsonResponse([]));
    renderAt(
      '/controlpanel',
      <ControlPanelPage role={2} loading={false} dealerApplications={<p>Ansökningarna</p>} />,
      '/controlpanel?tab=dealers',
    );
    expect(screen.getByRole('tab', { name: 'Handlare att godkänna', selected: true })).toBeInTheDocument();
    expect(screen.getByText('Ansökningarna')).toBeInTheDocument();
  });

  it('offers a visitor who is not logged in to log in, and sends nothing', async () => {
    const open = vi.spyOn(loginDialog, 'openLoginDialog');
    const spy = mockFetch(() => jsonResponse([]));
    renderAt('/controlpanel', <ControlPanelPage role={undefined} loading={false} />, '/controlpanel');
    expect(screen.queryByText('Ingen behörighet')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(spy).not.toHaveBeenCalled();
  });

  it('lists the open feedback newest first with sender, reply link and time; older with Mer', async () => {
    storeSession('tok', { username: 'granskaren', firstname: 'Gun', lastname: 'G' });
    const spy = mockFetch((url) => {
      const start = Number(url.searchParams.get('start'));
      if (start === 0)
        return jsonResponse(
          Array.from({ length: 20 }, (_, i) =>
            item(30 - i, i === 0 ? { username: 'bertil', content: 'Rad ett\nRad två' } : {}),
          ),
        );
      return jsonResponse([item(10)]);
    });
    renderAt('/controlpanel', <ControlPanelPage role={2} loading={false} />, '/controlpanel?tab=feedback');
    const newest = await screen.findByRole('article', { name: 'Rubrik 30' });
    expect(within(newest).getByText(/Avsändare 30/)).toHaveTextContent('@bertil');
    expect(within(newest).getByRole('link', { name: 'avsandare30@example.se' })).toHaveAttribute(
      'href',
      'mailto:avsandare30@example.se',
    );
    expect(within(newest).getByText('nov. 21 14:05')).toBeInTheDocument();
    expect(within(newest).getByText(/Rad ett/)).toHaveTextContent('Rad ett Rad två');
    expect(new URL(requestedUrls(spy)[0]!, 'http://localhost').searchParams.toString()).toBe(
      'start=0&end=20&handled=false',
    );
    expect((spy.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok');

    await userEvent.click(screen.getByRole('button', { name: 'Mer' }));
    expect(await screen.findByRole('article', { name: 'Rubrik 10' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Mer' })).not.toBeInTheDocument();
  });

  it('marks feedback handled: it leaves the open view, focus stays in the inbox and the change is announced', async () => {
    storeSession('tok', { username: 'granskaren', firstname: 'Gun', lastname: 'G' });
    let handled: FeedbackItem | null = null;
    const spy = mockFetch((url, init) => {
      if (url.pathname === '/api/inventory/feedback/7/handled') {
        handled =
          init?.method === 'PUT' ? item(7, { handledBy: 'granskaren', handledAt: '2026-11-21T15:30:00' }) : null;
        return jsonResponse(handled ?? item(7));
      }
      const open = url.searchParams.get('handled') === 'false';
      return jsonResponse([...(open && handled ? [] : [handled ?? item(7)]), item(6)]);
    });
    renderAt('/controlpanel', <ControlPanelPage role={2} loading={false} />, '/controlpanel?tab=feedback');
    const article = await screen.findByRole('article', { name: 'Rubrik 7' });
    await userEvent.click(within(article).getByRole('button', { name: 'Markera som hanterad' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Rubrik 7' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Rubrik 6' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('”Rubrik 7” är markerad som hanterad.');
    expect(screen.getByRole('heading', { name: 'Feedback' })).toHaveFocus();
    const put = spy.mock.calls.find(([u]) => String(u).endsWith('/feedback/7/handled'));
    expect(put?.[1]).toMatchObject({ method: 'PUT', headers: { Authorization: 'Bearer tok' } });

    // All feedback: the handled one with who and when, and it can be opened again.
    await userEvent.click(screen.getByRole('radio', { name: 'All feedback' }));
    const again = await screen.findByRole('article', { name: 'Rubrik 7' });
    expect(within(again).getByText(/Hanterad av @granskaren/)).toHaveTextContent('nov. 21 15:30');
    expect(new URL(requestedUrls(spy).at(-1)!, 'http://localhost').searchParams.get('handled')).toBeNull();
    await userEvent.click(within(again).getByRole('button', { name: 'Markera som ohanterad' }));
    expect(await within(again).findByRole('button', { name: 'Markera som hanterad' })).toBeInTheDocument();
    expect(within(again).queryByText(/Hanterad av/)).not.toBeInTheDocument();
    expect(spy.mock.calls.some(([u, i]) => String(u).endsWith('/feedback/7/handled') && i?.method === 'DELETE')).toBe(
      true,
    );
  });

  it('shows the refusal in the item when marking fails, and keeps the item', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch((url) =>
      url.pathname.endsWith('/handled')
        ? jsonResponse({ message: 'Bara moderatorer och administratörer kan hantera feedback' }, 403)
        : jsonResponse([item(7)]),
    );
    renderAt('/controlpanel', <ControlPanelPage role={2} loading={false} />, '/controlpanel?tab=feedback');
    const article = await screen.findByRole('article', { name: 'Rubrik 7' });
    await userEvent.click(within(article).getByRole('button', { name: 'Markera som hanterad' }));
    expect(await within(article).findByRole('alert')).toHaveTextContent(
      'Bara moderatorer och administratörer kan hantera feedback',
    );
    expect(screen.getByRole('article', { name: 'Rubrik 7' })).toBeInTheDocument();
  });

  it('removes feedback after a confirmation: it leaves the list, the removal is announced and focus stays in the inbox', async () => {
    storeSession('tok', { username: 'granskaren', firstname: 'Gun', lastname: 'G' });
    let removed = false;
    const spy = mockFetch((url, init) => {
      if (url.pathname === '/api/inventory/feedback/7' && init?.method === 'DELETE') {
        removed = true;
        return new Response(null, { status: 204 });
      }
      return jsonResponse([...(removed ? [] : [item(7)]), item(6)]);
    });
    renderAt('/controlpanel', <ControlPanelPage role={2} loading={false} />, '/controlpanel?tab=feedback');
    const article = await screen.findByRole('article', { name: 'Rubrik 7' });

    // Cancelling sends nothing and returns the keyboard to the button.
    const removeButton = within(article).getByRole('button', { name: 'Ta bort' });
    await userEvent.click(removeButton);
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort feedbacken?' });
    expect(dialog).toHaveTextContent('”Rubrik 7” från Avsändare 7 tas bort för gott');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(removeButton).toHaveFocus());
    expect(spy.mock.calls.some(([, i]) => i?.method === 'DELETE')).toBe(false);

    await userEvent.click(removeButton);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Ta bort feedbacken?' })).getByRole('button', {
        name: 'Ta bort',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Rubrik 7' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Rubrik 6' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('”Rubrik 7” är borttagen.');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Feedback' })).toHaveFocus());
    const del = spy.mock.calls.find(([, i]) => i?.method === 'DELETE');
    expect(String(del?.[0])).toMatch(/\/api\/inventory\/feedback\/7$/);
    expect(del?.[1]).toMatchObject({ headers: { Authorization: 'Bearer tok' } });
  });

  it.each([
    [403, 'Bara moderatorer och administratörer kan ta bort feedback'],
    [500, 'Feedbacken kunde inte tas bort. Försök igen.'],
  ])('shows why in the dialog when the removal fails (%i), and keeps the item', async (status, shown) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch((_url, init) =>
      init?.method === 'DELETE'
        ? jsonResponse({ message: status === 500 ? 'Internt fel' : shown }, status)
        : jsonResponse([item(7)]),
    );
    renderAt('/controlpanel', <ControlPanelPage role={2} loading={false} />, '/controlpanel?tab=feedback');
    const article = await screen.findByRole('article', { name: 'Rubrik 7' });
    await userEvent.click(within(article).getByRole('button', { name: 'Ta bort' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort feedbacken?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(shown);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Rubrik 7' })).toBeInTheDocument();
  });

  it('shows a retry when the feedback cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => jsonResponse({ message: 'Bara moderatorer och administratörer kan läsa feedback' }, 403));
    renderAt('/controlpanel', <ControlPanelPage role={2} loading={false} />, '/controlpanel?tab=feedback');
    expect(await screen.findByRole('alert')).toHaveTextContent('Något gick fel');
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeInTheDocument();
  });
});
