import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InboxPage } from './inbox-page.tsx';
import * as loginDialog from '../../../lib/login-dialog.ts';
import { storeSession } from '../../../lib/session-store.ts';
import { jsonResponse, mockApi, renderAt } from '../../../test/test-utils.tsx';
import { message, summary } from '../../../test/message-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const INBOX = 'GET /api/messaging/conversations';
const show = () => renderAt('/messages', <InboxPage />, '/messages');

describe('InboxPage', () => {
  it('asks a logged-out visitor to log in', async () => {
    const open = vi.spyOn(loginDialog, 'openLoginDialog');
    const api = mockApi({});
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Meddelanden' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(open).toHaveBeenCalled();
    expect(api).not.toHaveBeenCalled();
  });

  it('lists a row per conversation: photo, title, other party, last message, time and unread', async () => {
    storeSession('tok');
    mockApi({
      [INBOX]: jsonResponse({
        conversations: [
          summary(1, { title: 'Volvo V70', unread: true, last: message(11, 'Ja, den finns kvar.\nVälkommen!') }),
          summary(2, { title: 'Saab 9-5', username: null, photo: null }),
        ],
        nextCursor: null,
      }),
    });
    show();
    const rows = within(await screen.findByRole('list', { name: 'Konversationer' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!).getByRole('link');
    expect(first).toHaveAttribute('href', '/messages/1');
    expect(first).toHaveTextContent('Volvo V70');
    expect(first).toHaveTextContent('Oläst');
    expect(first).toHaveTextContent('kalle');
    expect(first).toHaveTextContent('Ja, den finns kvar.');
    expect(within(rows[0]!).getByText('nov. 21 14:05')).toHaveAttribute('datetime', '2026-11-21T14:05:00');
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', '/files/101-1-card.jpeg');
    const second = within(rows[1]!).getByRole('link');
    expect(second).toHaveTextContent('Raderat konto');
    expect(second).toHaveTextContent('Du: Hej! Är bilen kvar?');
    expect(second).not.toHaveTextContent('Oläst');
    expect(within(rows[1]!).getByRole('img', { name: 'Ingen bild' })).toBeInTheDocument();
  });

  it("shows the next page with 'Visa fler', asking with the cursor", async () => {
    storeSession('tok');
    const cursors: (string | null)[] = [];
    mockApi({
      [INBOX]: (_init, url) => {
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        return cursor === 'c2'
          ? jsonResponse({ conversations: [summary(2, { title: 'Saab' })], nextCursor: null })
          : jsonResponse({ conversations: [summary(1, { title: 'Volvo' })], nextCursor: 'c2' });
      },
    });
    show();
    await screen.findByRole('link', { name: /Volvo/ });
    await userEvent.click(screen.getByRole('button', { name: 'Visa fler' }));
    expect(await screen.findByRole('link', { name: /Saab/ })).toBeInTheDocument();
    expect(cursors).toEqual([null, 'c2']);
    expect(screen.queryByRole('button', { name: 'Visa fler' })).not.toBeInTheDocument();
  });

  it('says so when there are no conversations, and offers a retry when the inbox cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession('tok');
    let fail = true;
    mockApi({
      [INBOX]: () =>
        fail ? jsonResponse({ message: 'fel' }, 500) : jsonResponse({ conversations: [], nextCursor: null }),
    });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Något gick fel');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByText(/Du har inga meddelanden än/)).toBeInTheDocument();
  });
});
