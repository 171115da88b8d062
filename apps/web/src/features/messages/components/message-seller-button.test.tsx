import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageSellerButton } from './message-seller-button.tsx';
import * as loginDialog from '../../../lib/login-dialog.ts';
import { storeSession } from '../../../lib/session-store.ts';
import { callsTo, fakeJwt, jsonResponse, mockApi, renderRoutes } from '../../../test/test-utils.tsx';
import { message } from '../../../test/message-fixtures.ts';

afterEach(() => {
  vi.restoreAllMocks();
  loginDialog.closeLoginDialog();
});

const CAR = { id: 7, title: 'Volvo V70', user: 'kalle' };
const START = 'POST /api/messaging/conversations';

function show() {
  return renderRoutes(
    [
      { path: '/car/7', element: <MessageSellerButton car={CAR} /> },
      { path: '/messages/:id', element: <h1>konversationen</h1> },
    ],
    '/car/7',
  );
}

describe("'Skicka meddelande'", () => {
  it('opens the login dialog while logged out, and the composer after that login', async () => {
    const api = mockApi({});
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Skicka meddelande' }));
    expect(loginDialog.isLoginDialogOpen()).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    storeSession(fakeJwt({ sub: 'anna' }));
    expect(await screen.findByRole('dialog', { name: 'Skicka meddelande' })).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it("is not offered on the seller's own ad", () => {
    storeSession(fakeJwt({ sub: 'kalle' }));
    show();
    expect(screen.queryByRole('button', { name: 'Skicka meddelande' })).not.toBeInTheDocument();
  });

  it('opens a composer with the suggested first line; sending goes to the conversation', async () => {
    storeSession(fakeJwt({ sub: 'anna' }));
    const api = mockApi({
      [START]: (init) =>
        jsonResponse(
          { conversationId: 42, message: message(9, (JSON.parse(String(init?.body)) as { text: string }).text, true) },
          201,
        ),
    });
    const { router } = show();
    await userEvent.click(screen.getByRole('button', { name: 'Skicka meddelande' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skicka meddelande' });
    const box = within(dialog).getByRole('textbox', { name: 'Meddelande' });
    expect(box).toHaveValue('Hej! Är bilen kvar?');
    await userEvent.type(box, ' Vilken färg?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skicka' }));
    expect(await screen.findByRole('heading', { name: 'konversationen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/messages/42');
    expect(JSON.parse(String(callsTo(api, START)[0]![1]?.body))).toEqual({
      carId: 7,
      text: 'Hej! Är bilen kvar? Vilken färg?',
    });
  });

  it("keeps the text and shows the server's message when it refuses", async () => {
    storeSession(fakeJwt({ sub: 'anna' }));
    mockApi({ [START]: jsonResponse({ message: 'Du har startat för många konversationer.' }, 429) });
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Skicka meddelande' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skicka' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Du har startat för många konversationer.');
    expect(within(dialog).getByRole('textbox')).toHaveValue('Hej! Är bilen kvar?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skicka meddelande' })).toHaveFocus();
  });
});
