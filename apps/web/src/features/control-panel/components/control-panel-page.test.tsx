import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedbackItem } from '@bilmarknaden/shared/api-types';
import { ControlPanelPage } from './control-panel-page.tsx';
import { jsonResponse, mockFetch, renderAt, requestedUrls } from '../../../components/test-utils.tsx';
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
  ...overrides,
});

describe('control panel', () => {
  it.each([
    [undefined, false],
    [1, false],
    [2, true],
    [3, true],
  ])('role %s allowed: %s', async (role, allowed) => {
    const spy = mockFetch(() => jsonResponse([]));
    renderAt('/controlpanel', <ControlPanelPage role={role} loading={false} />, '/controlpanel');
    expect(screen.getByRole('heading', { name: 'Kontrollpanel' })).toBeInTheDocument();
    expect(screen.queryByText('Ingen behörighet') === null).toBe(allowed);
    if (allowed) expect(await screen.findByText('Ingen feedback ännu.')).toBeInTheDocument();
    else expect(spy).not.toHaveBeenCalled();
  });

  it('lists the feedback newest first with sender, reply link and time; older with Mer', async () => {
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
    renderAt('/controlpanel', <ControlPanelPage role={2} loading={false} />, '/controlpanel');
    const newest = await screen.findByRole('article', { name: 'Rubrik 30' });
    expect(within(newest).getByText(/Avsändare 30/)).toHaveTextContent('@bertil');
    expect(within(newest).getByRole('link', { name: 'avsandare30@example.se' })).toHaveAttribute(
      'href',
      'mailto:avsandare30@example.se',
    );
    expect(within(newest).getByText('nov. 21 14:05')).toBeInTheDocument();
    expect(within(newest).getByText(/Rad ett/)).toHaveTextContent('Rad ett Rad två');
    expect(new URL(requestedUrls(spy)[0]!, 'http://localhost').searchParams.toString()).toBe('start=0&end=20');
    expect((spy.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok');

    await userEvent.click(screen.getByRole('button', { name: 'Mer' }));
    expect(await screen.findByRole('article', { name: 'Rubrik 10' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Mer' })).not.toBeInTheDocument();
  });

  it('shows a retry when the feedback cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => jsonResponse({ message: 'Bara moderatorer och administratörer kan läsa feedback' }, 403));
    renderAt('/controlpanel', <ControlPanelPage role={2} loading={false} />, '/controlpanel');
    expect(await screen.findByRole('alert')).toHaveTextContent('Något gick fel');
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeInTheDocument();
  });
});
