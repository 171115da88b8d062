import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationSettings } from './notification-settings.tsx';
import * as loginDialog from '../../../lib/login-dialog.ts';
import { storeSession } from '../../../lib/session-store.ts';
import { callsTo, jsonResponse, mockApi, testQueryClient } from '../../../test/test-utils.tsx';

afterEach(() => vi.restoreAllMocks());

const PATH = '/api/identity/user/notification-settings';
const show = () =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <NotificationSettings />
    </QueryClientProvider>,
  );

describe('Aviseringar', () => {
  it('asks a logged-out visitor to log in and asks the server nothing', async () => {
    const open = vi.spyOn(loginDialog, 'openLoginDialog');
    const api = mockApi({});
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(open).toHaveBeenCalled();
    expect(api).not.toHaveBeenCalled();
  });

  it('shows a labelled switch per kind as saved, and saves a change with a confirmation', async () => {
    storeSession('tok');
    let stored = { messages: true, watches: true, priceDrops: true };
    const api = mockApi({
      [`GET ${PATH}`]: () => jsonResponse(stored),
      [`PUT ${PATH}`]: (init) => {
        stored = JSON.parse(String(init?.body)) as typeof stored;
        return jsonResponse(stored);
      },
    });
    show();
    const toggle = await screen.findByRole('switch', { name: 'Nya meddelanden' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(callsTo(api, `PUT ${PATH}`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Inställningarna för aviseringar är sparade');
    expect(stored).toEqual({ messages: false, watches: true, priceDrops: true });
    const [, init] = callsTo(api, `PUT ${PATH}`)[0]!;
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it("shows the server's Swedish message for a refusal, and its own for a fault", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession('tok');
    let answer = jsonResponse({ message: 'Ogiltiga inställningar', field: 'messages' }, 400);
    mockApi({
      [`GET ${PATH}`]: jsonResponse({ messages: false, watches: true, priceDrops: true }),
      [`PUT ${PATH}`]: () => answer,
    });
    show();
    await userEvent.click(await screen.findByRole('switch', { name: 'Nya meddelanden' }));
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ogiltiga inställningar');
    answer = jsonResponse({ message: 'Internal Server Error' }, 500);
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Aviseringarna kunde inte sparas. Försök igen om en stund.')).toBeInTheDocument();
    expect(screen.queryByText('Inställningarna för aviseringar är sparade')).not.toBeInTheDocument();
  });

  it('offers a retry when the settings cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession('tok');
    let fail = true;
    mockApi({
      [`GET ${PATH}`]: () =>
        fail
          ? jsonResponse({ message: 'fel' }, 503)
          : jsonResponse({ messages: true, watches: true, priceDrops: true }),
    });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Aviseringarna kunde inte hämtas.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('switch', { name: 'Nya meddelanden' })).toBeChecked();
  });
});
