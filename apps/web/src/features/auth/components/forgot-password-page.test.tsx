import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_RESET_MESSAGES } from '@bilmarknaden/shared/validation/password-reset';
import { closeLoginDialog, isLoginDialogOpen } from '../../../lib/login-dialog.ts';
import { storeSession } from '../../../lib/session-store.ts';
import { callsTo, jsonResponse, mockApi, renderPage } from '../../../test/test-utils.tsx';
import { ForgotPasswordPage, SEND_FAILED } from './forgot-password-page.tsx';

const REQUEST = 'POST /api/identity/user/password-reset';
const SENT = PASSWORD_RESET_MESSAGES.sent;

afterEach(() => {
  act(() => closeLoginDialog());
  vi.restoreAllMocks();
});

function renderForgot() {
  return renderPage(<ForgotPasswordPage />, '/forgot-password');
}

const field = () => screen.getByLabelText('E-post');
const send = () => userEvent.click(screen.getByRole('button', { name: 'Skicka länk' }));

async function sendFor(email: string) {
  await userEvent.type(field(), email);
  await send();
}

describe('Glömt lösenord (/forgot-password)', () => {
  it('is a titled page with a heading, an explanation, the email field and Skicka länk', () => {
    renderForgot();
    expect(document.title).toBe('Glömt lösenord – Bilmarknaden');
    expect(screen.getByRole('heading', { level: 1, name: 'Glömt lösenord' })).toBeInTheDocument();
    expect(screen.getByText(/så skickar vi en länk där du kan välja ett nytt lösenord/)).toBeInTheDocument();
    expect(field()).toHaveAttribute('type', 'email');
    expect(field()).toHaveAttribute('autocomplete', 'email');
    expect(field()).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Skicka länk' })).toBeEnabled();
    // Nobody arrived from the login dialog: the keyboard is not moved.
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
  });

  it.each(['', '   ', 'a@b', 'anna.example.se', `${'x'.repeat(42)}@mail.com`])(
    'refuses %j on the field with the shared rule, focused, and sends nothing',
    async (email) => {
      const api = mockApi({});
      renderForgot();
      if (email) await userEvent.type(field(), email);
      await send();
      expect(field()).toHaveAccessibleDescription('Ange en giltig mailadress');
      expect(field()).toHaveAttribute('aria-invalid', 'true');
      expect(field()).toHaveFocus();
      expect(api).not.toHaveBeenCalled();
    },
  );

  it('the rule message follows the typing after an attempt', async () => {
    mockApi({});
    renderForgot();
    await send();
    expect(screen.getByText('Ange en giltig mailadress')).toBeInTheDocument();
    await userEvent.type(field(), 'anna@example.se');
    expect(screen.queryByText('Ange en giltig mailadress')).not.toBeInTheDocument();
    expect(field()).not.toHaveAttribute('aria-invalid');
  });

  it("202: the form gives way to the answer's message, focused; Skicka igen brings the form back with the address", async () => {
    const answer = 'Om adressen finns har vi skickat en länk.';
    const api = mockApi({ [REQUEST]: jsonResponse({ message: answer }, 202) });
    renderForgot();
    await sendFor('  anna@example.se ');
    const status = await screen.findByText(answer);
    expect(status).toHaveAttribute('role', 'status');
    await waitFor(() => expect(status).toHaveFocus());
    expect(screen.queryByLabelText('E-post')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skicka länk' })).not.toBeInTheDocument();
    const [, init] = callsTo(api, REQUEST)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'anna@example.se' });
    expect(callsTo(api, REQUEST)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Skicka igen' }));
    await waitFor(() => expect(field()).toHaveFocus());
    expect(field()).toHaveValue('anna@example.se');
    expect(screen.queryByText(answer)).not.toBeInTheDocument();
    await send();
    expect(await screen.findByText(answer)).toBeInTheDocument();
    expect(callsTo(api, REQUEST)).toHaveLength(2);
  });

  it("202 without a message shows the contract's; Logga in opens the login dialog", async () => {
    mockApi({ [REQUEST]: new Response(null, { status: 202 }) });
    renderForgot();
    await sendFor('anna@example.se');
    expect(await screen.findByText(SENT)).toHaveAttribute('role', 'status');
    expect(isLoginDialogOpen()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(isLoginDialogOpen()).toBe(true);
  });

  it('a logged-in user may use it too, and is not offered Logga in', async () => {
    storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    mockApi({ [REQUEST]: jsonResponse({ message: SENT }, 202) });
    renderForgot();
    await sendFor('anna@example.se');
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skicka igen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logga in' })).not.toBeInTheDocument();
  });

  it("400 on the email: the server's message on the field, focused; typing clears it", async () => {
    mockApi({ [REQUEST]: jsonResponse({ message: 'Ange en giltig mailadress', field: 'email' }, 400) });
    renderForgot();
    await sendFor('anna@example.se');
    await waitFor(() => expect(field()).toHaveAccessibleDescription('Ange en giltig mailadress'));
    expect(field()).toHaveFocus();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field(), 'x');
    expect(screen.queryByText('Ange en giltig mailadress')).not.toBeInTheDocument();
  });

  it("429: the limit's message; the form stays", async () => {
    mockApi({
      [REQUEST]: new Response(JSON.stringify({ message: PASSWORD_RESET_MESSAGES.tooMany }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '600' },
      }),
    });
    renderForgot();
    await sendFor('anna@example.se');
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.tooMany);
    expect(field()).toHaveValue('anna@example.se');
    expect(field()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    ['a 500', () => jsonResponse({ message: 'Internal Server Error' }, 500)],
    ['a 503', () => new Response('Service Unavailable', { status: 503 })],
    [
      'no connection',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('%s: a short Swedish message, logged, and sending again works', async (_, fault) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let failing = true;
    const api = mockApi({
      [REQUEST]: () => (failing ? fault() : jsonResponse({ message: SENT }, 202)),
    });
    renderForgot();
    await sendFor('anna@example.se');
    expect(await screen.findByRole('alert')).toHaveTextContent(SEND_FAILED);
    expect(error).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Skicka länk' })).toBeEnabled();

    failing = false;
    await send();
    expect(await screen.findByText(SENT)).toHaveAttribute('role', 'status');
    expect(callsTo(api, REQUEST)).toHaveLength(2);
  });

  it('sends once while a request runs: the button is busy and a second submit is ignored', async () => {
    let answer!: (r: Response) => void;
    const api = mockApi({ [REQUEST]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderForgot();
    await userEvent.type(field(), 'anna@example.se');
    const button = screen.getByRole('button', { name: 'Skicka länk' });
    // Two submits in one moment, before React has rendered the busy button.
    act(() => {
      fireEvent.submit(button.closest('form')!);
      fireEvent.submit(button.closest('form')!);
    });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(callsTo(api, REQUEST)).toHaveLength(1);
    answer(jsonResponse({ message: SENT }, 202));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(callsTo(api, REQUEST)).toHaveLength(1);
  });
});
