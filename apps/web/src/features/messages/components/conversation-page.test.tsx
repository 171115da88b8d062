import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConversationPage } from './conversation-page.tsx';
import { storeSession } from '../../../lib/session-store.ts';
import { callsTo, jsonResponse, mockApi, renderAt } from '../../../test/test-utils.tsx';
import { conversation, message } from '../../../test/message-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const BASE = '/api/messaging/conversations/5';
const show = () => renderAt('/messages/:id', <ConversationPage />, '/messages/5');
const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

function server(convo = conversation(5, [message(1, 'Hej! Är bilen kvar?', true), message(2, 'Ja!\nKom och titta.')])) {
  let current = convo;
  const api = mockApi({
    [`GET ${BASE}`]: () => jsonResponse(current),
    [`PUT ${BASE}/read`]: () => jsonResponse(null, 204),
    [`POST ${BASE}/messages`]: (init) =>
      jsonResponse(message(3, (body(init) as { text: string }).text, true, '2026-11-21T14:07:00'), 201),
    [`PUT ${BASE}/block`]: () => {
      current = { ...current, blocked: { byMe: true, byOther: false } };
      return jsonResponse(null, 204);
    },
    [`DELETE ${BASE}/block`]: () => {
      current = { ...current, blocked: { byMe: false, byOther: false } };
      return jsonResponse(null, 204);
    },
    [`POST ${BASE}/report`]: () => jsonResponse(null, 204),
    [`GET ${BASE}/contract`]: jsonResponse({ contract: null, draft: null }),
    'GET /api/messaging/conversations': jsonResponse({ conversations: [], nextCursor: null }),
    'GET /api/messaging/conversations/unread-count': jsonResponse({ unread: 0 }),
  });
  return api;
}

describe('ConversationPage', () => {
  it('shows the linked ad, the messages in order with sender and time, text as text; focuses the heading', async () => {
    storeSession('tok');
    server(
      conversation(5, [
        message(1, 'Hej! Är bilen kvar?', true),
        message(2, 'Se https://example.se <b>nu</b>\nrad två'),
      ]),
    );
    show();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Konversation med kalle' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Volvo 5' })).toHaveAttribute('href', '/car/105');
    const items = within(screen.getByRole('list', { name: 'Meddelanden' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.message__sender')!.textContent)).toEqual(['Du', 'kalle']);
    expect(within(items[0]!).getByText('nov. 21 14:05')).toBeInTheDocument();
    const text = items[1]!.querySelector('.message__text')!;
    expect(text.textContent).toBe('Se https://example.se <b>nu</b>\nrad två');
    expect(text.querySelector('a, b')).toBeNull();
  });

  it.each([
    ['sold', 'Såld', true],
    ['removed', 'Annonsen är borttagen', false],
  ] as const)("marks an ad that is %s ('%s')", async (state, label, linked) => {
    storeSession('tok');
    server(conversation(5, [message(1, 'Hej', true)], { state }));
    show();
    expect(await screen.findByText(label)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Volvo 5' }) !== null).toBe(linked);
  });

  it('warns above a message the server flagged, with a link to the safety advice; not above the others', async () => {
    storeSession('tok');
    server(
      conversation(5, [
        message(1, 'Hej! Är bilen kvar?', true),
        message(2, 'Ja, betala förskott så skickar jag den', false, '2026-11-21T14:06:00', true),
        message(3, 'Den står i Göteborg'),
      ]),
    );
    show();
    const list = await screen.findByRole('list', { name: 'Meddelanden' });
    const items = within(list).getAllByRole('listitem');
    const warning = within(items[1]!).getByRole('note');
    expect(warning).toHaveTextContent(
      'Håll kontakten här på Bilmarknaden. Betala aldrig i förskott för en bil du inte sett. Läs våra säkerhetsråd',
    );
    expect(within(warning).getByRole('link', { name: 'Läs våra säkerhetsråd' })).toHaveAttribute('href', '/sakerhet');
    expect(within(items[0]!).queryByRole('note')).toBeNull();
    expect(within(items[2]!).queryByRole('note')).toBeNull();
  });

  it("names a closed account 'Raderat konto' and offers no answer box", async () => {
    storeSession('tok');
    server(conversation(5, [message(1, 'Hej')], { username: null }));
    show();
    expect(await screen.findByRole('heading', { name: 'Konversation med Raderat konto' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Ditt svar' })).not.toBeInTheDocument();
  });

  it('marks the messages read up to the newest once shown', async () => {
    storeSession('tok');
    const api = server();
    show();
    await waitFor(() => expect(callsTo(api, `PUT ${BASE}/read`)).toHaveLength(1));
    expect(body(callsTo(api, `PUT ${BASE}/read`)[0]![1])).toEqual({ upTo: 2 });
  });

  it('sends an answer with the button, shows it and empties the box; Ctrl+Enter sends too', async () => {
    storeSession('tok');
    const api = server();
    show();
    const box = await screen.findByRole('textbox', { name: 'Ditt svar' });
    await userEvent.type(box, 'Kan jag komma{Enter}i kväll?');
    await userEvent.click(screen.getByRole('button', { name: 'Skicka' }));
    const list = screen.getByRole('list', { name: 'Meddelanden' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]!.textContent).toContain('Kan jag komma\ni kväll?');
    expect(box).toHaveValue('');
    expect(body(callsTo(api, `POST ${BASE}/messages`)[0]![1])).toEqual({ text: 'Kan jag komma\ni kväll?' });
    await userEvent.type(box, 'Hej{Control>}{Enter}{/Control}');
    await waitFor(() => expect(callsTo(api, `POST ${BASE}/messages`)).toHaveLength(2));
  });

  it('checks the shared rule before sending, and shows the server’s refusal', async () => {
    storeSession('tok');
    const api = server();
    show();
    const box = await screen.findByRole('textbox', { name: 'Ditt svar' });
    await userEvent.type(box, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Skicka' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Skriv ett meddelande');
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(api, `POST ${BASE}/messages`)).toHaveLength(0);

    api.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST' && url.pathname === `${BASE}/messages`)
        return jsonResponse({ message: 'Du har skickat för många meddelanden. Försök igen om en stund.' }, 429);
      return jsonResponse(null, 204);
    });
    await userEvent.type(box, 'Hej igen');
    await userEvent.click(screen.getByRole('button', { name: 'Skicka' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Du har skickat för många meddelanden.');
    expect(box).toHaveValue('   Hej igen');
  });

  it('loads older messages on demand, before the first one shown', async () => {
    storeSession('tok');
    const api = mockApi({
      [`GET ${BASE}`]: (_init, url) =>
        url.searchParams.get('before') === '50'
          ? jsonResponse(conversation(5, [message(49, 'Äldre')]))
          : jsonResponse(conversation(5, [message(50, 'Nyare')], { hasOlder: true })),
      [`PUT ${BASE}/read`]: jsonResponse(null, 204),
      [`GET ${BASE}/contract`]: jsonResponse({ contract: null, draft: null }),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Visa äldre meddelanden' }));
    const list = screen.getByRole('list', { name: 'Meddelanden' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.message__text')!.textContent),
    ).toEqual(['Äldre', 'Nyare']);
    expect(screen.queryByRole('button', { name: 'Visa äldre meddelanden' })).not.toBeInTheDocument();
    expect(callsTo(api, `GET ${BASE}`)).toHaveLength(2);
  });

  it('blocks and unblocks the other party; a block closes the answer box', async () => {
    storeSession('tok');
    const api = server();
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Blockera kalle' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Du har blockerat kalle.');
    expect(await screen.findByText(/Inga meddelanden kan skickas/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Ditt svar' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sluta blockera kalle' }));
    expect(await screen.findByRole('textbox', { name: 'Ditt svar' })).toBeInTheDocument();
    expect(callsTo(api, `PUT ${BASE}/block`)).toHaveLength(1);
    expect(callsTo(api, `DELETE ${BASE}/block`)).toHaveLength(1);
  });

  it('says when the other party has blocked the caller', async () => {
    storeSession('tok');
    server(conversation(5, [message(1, 'Hej')], { blocked: { byMe: false, byOther: true } }));
    show();
    expect(await screen.findByText('Du kan inte skicka meddelanden i den här konversationen.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Ditt svar' })).not.toBeInTheDocument();
  });

  it('reports the conversation with a reason, and thanks', async () => {
    storeSession('tok');
    const api = server();
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Rapportera konversationen' }));
    const dialog = screen.getByRole('dialog', { name: 'Rapportera konversationen' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rapportera' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Välj en anledning');
    expect(callsTo(api, `POST ${BASE}/report`)).toHaveLength(0);
    const reasons = within(dialog).getAllByRole('radio');
    await userEvent.click(reasons[0]!);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Vill ha betalt i förskott');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rapportera' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Tack, vi tittar på det');
    const sent = body(callsTo(api, `POST ${BASE}/report`)[0]![1]) as { reason: string; text: string };
    expect(sent).toEqual({ reason: reasons[0]!.getAttribute('value'), text: 'Vill ha betalt i förskott' });
  });

  it("says a conversation that is not the caller's does not exist", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession('tok');
    mockApi({ [`GET ${BASE}`]: jsonResponse({ message: 'Konversationen finns inte' }, 404) });
    show();
    expect(await screen.findByRole('heading', { name: 'Konversationen finns inte' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Till dina meddelanden' })).toHaveAttribute('href', '/messages');
  });
});
