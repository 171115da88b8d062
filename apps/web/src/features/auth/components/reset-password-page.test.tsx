import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { STORAGE_KEYS } from '@bilmarknaden/shared/constants';
import { PASSWORD_RESET_MESSAGES } from '@bilmarknaden/shared/validation/password-reset';
import { PageNotice } from '../../../lib/page-notice.tsx';
import { getToken } from '../../../lib/session-store.ts';
import {
  callsTo,
  CURRENT_USER,
  jsonResponse,
  mockApi,
  testQueryClient,
  textResponse,
} from '../../../test/test-utils.tsx';
import { ResetPasswordPage, SAVE_FAILED } from './reset-password-page.tsx';

const CONFIRM = 'POST /api/identity/user/password-reset/confirm';
const INVALID = PASSWORD_RESET_MESSAGES.invalidLink;

const routers: ReturnType<typeof createBrowserRouter>[] = [];

afterEach(() => {
  vi.restoreAllMocks();
  routers.splice(0).forEach((r) => r.dispose());
  window.history.replaceState(null, '', '/');
});

/** The page in a browser router at `url`, as the mail's link opens it; '/' shows the home page's notice. */
function openLink(url: string) {
  window.history.replaceState(null, '', url);
  const router = createBrowserRouter([
    { path: '/reset-password', element: <ResetPasswordPage /> },
    {
      path: '/',
      element: (
        <>
          <h1>Startsidan</h1>
          <PageNotice />
        </>
      ),
    },
    { path: '/forgot-password', element: <h1>Glömt lösenord</h1> },
  ]);
  routers.push(router);
  const historyLength = window.history.length;
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, historyLength };
}

const field = (name: string) => screen.getByLabelText(name);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Spara lösenord' }));

async function choose(password: string, repeat = password) {
  if (password) await userEvent.type(field('Nytt lösenord'), password);
  if (repeat) await userEvent.type(field('Upprepa nytt lösenord'), repeat);
  await save();
}

describe('Välj nytt lösenord (/reset-password#token=…)', () => {
  it('reads the token and takes the fragment out of the address bar without a new history entry', async () => {
    const { historyLength } = openLink('/reset-password?x=1#token=abc.def-123');
    expect(document.title).toBe('Välj nytt lösenord – Bilmarknaden');
    expect(screen.getByRole('heading', { level: 1, name: 'Välj nytt lösenord' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe(''));
    expect(window.location.pathname).toBe('/reset-password');
    expect(window.location.search).toBe('?x=1');
    expect(window.location.href).not.toContain('abc.def-123');
    expect(window.history.length).toBe(historyLength);
    for (const name of ['Nytt lösenord', 'Upprepa nytt lösenord']) {
      expect(field(name)).toHaveAttribute('type', 'password');
      expect(field(name)).toHaveAttribute('autocomplete', 'new-password');
    }
    expect(screen.getByRole('button', { name: 'Spara lösenord' })).toBeEnabled();
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it.each(['/reset-password', '/reset-password#token=', '/reset-password#token=%20', '/reset-password#other=abc'])(
    '%s: no token, so the link is invalid: the message and Begär en ny länk, no form',
    async (url) => {
      const api = mockApi({});
      openLink(url);
      expect(screen.getByRole('alert')).toHaveTextContent(INVALID);
      expect(screen.getByRole('link', { name: 'Begär en ny länk' })).toHaveAttribute('href', '/forgot-password');
      expect(screen.queryByLabelText('Nytt lösenord')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Spara lösenord' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('link', { name: 'Begär en ny länk' }));
      expect(await screen.findByRole('heading', { name: 'Glömt lösenord' })).toBeInTheDocument();
      expect(api).not.toHaveBeenCalled();
    },
  );

  it('shows the last failing rule as the change-password form does, focused on its field, and sends nothing', async () => {
    const api = mockApi({});
    openLink('/reset-password#token=abc');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('För kort lösenord');
    expect(field('Nytt lösenord')).toHaveFocus();
    expect(field('Nytt lösenord')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Nytt lösenord')).toHaveAccessibleDescription('För kort lösenord');
    expect(field('Upprepa nytt lösenord')).not.toHaveAttribute('aria-invalid');

    await userEvent.type(field('Nytt lösenord'), 'mitt-nya-lösen');
    expect(screen.getByRole('alert')).toHaveTextContent('Lösenorden matchar inte');
    await userEvent.type(field('Upprepa nytt lösenord'), 'mitt-nya-lösn');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('Lösenorden matchar inte');
    expect(field('Nytt lösenord')).toHaveFocus();

    await userEvent.clear(field('Nytt lösenord'));
    await userEvent.clear(field('Upprepa nytt lösenord'));
    await choose('x'.repeat(51));
    expect(screen.getByRole('alert')).toHaveTextContent('För långt lösenord');
    expect(api).not.toHaveBeenCalled();
  });

  it("400 on the password: the server's message on the field, focused", async () => {
    mockApi({ [CONFIRM]: jsonResponse({ message: 'För kort lösenord', field: 'password' }, 400) });
    openLink('/reset-password#token=abc');
    await choose('mitt-nya-lösen');
    expect(await screen.findByRole('alert')).toHaveTextContent('För kort lösenord');
    await waitFor(() => expect(field('Nytt lösenord')).toHaveFocus());
    expect(field('Nytt lösenord')).toHaveAttribute('aria-invalid', 'true');
    expect(getToken()).toBeNull();
  });

  it('400 on the token (unknown, used, replaced or expired): the message, focused, and Begär en ny länk instead of the form', async () => {
    mockApi({ [CONFIRM]: jsonResponse({ message: INVALID, field: 'token' }, 400) });
    openLink('/reset-password#token=abc');
    await choose('mitt-nya-lösen');
    const message = await screen.findByText(INVALID);
    expect(message).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(message).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Begär en ny länk' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('Nytt lösenord')).not.toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it.each([
    ['a 500', () => jsonResponse({ message: 'Internal Server Error' }, 500)],
    [
      'no connection',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['a 200 without a token', () => textResponse('  ', 200)],
  ])('%s: a short Swedish message, logged, and saving again works', async (_, fault) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let failing = true;
    const api = mockApi({
      [CONFIRM]: () => (failing ? fault() : textResponse('ny.jwt.token', 200)),
      'GET /api/identity/user': jsonResponse(CURRENT_USER, 200),
    });
    openLink('/reset-password#token=abc');
    await choose('mitt-nya-lösen');
    expect(await screen.findByRole('alert')).toHaveTextContent(SAVE_FAILED);
    expect(error).toHaveBeenCalled();
    expect(getToken()).toBeNull();

    failing = false;
    await save();
    expect(await screen.findByRole('heading', { name: 'Startsidan' })).toBeInTheDocument();
    expect(callsTo(api, CONFIRM)).toHaveLength(2);
  });

  it("429: the server's message", async () => {
    const tooMany = 'För många försök. Försök igen om en stund.';
    mockApi({ [CONFIRM]: jsonResponse({ message: tooMany }, 429) });
    openLink('/reset-password#token=abc');
    await choose('mitt-nya-lösen');
    expect(await screen.findByRole('alert')).toHaveTextContent(tooMany);
    expect(screen.getByLabelText('Nytt lösenord')).toBeInTheDocument();
  });

  it('200: logged in as the login dialog does, home replaces the page, and the notice says so once', async () => {
    const api = mockApi({
      [CONFIRM]: textResponse('ny.jwt.token\n', 200),
      'GET /api/identity/user': jsonResponse(CURRENT_USER, 200),
    });
    const events: string[] = [];
    const record = (e: Event) => events.push(e.type);
    window.addEventListener('loggedin', record);
    window.addEventListener('profileSet', record);
    const { historyLength } = openLink('/reset-password#token=abc.def');
    await choose('mitt-nya-lösen');

    expect(await screen.findByRole('heading', { name: 'Startsidan' })).toBeInTheDocument();
    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.changed)).toHaveAttribute('role', 'status');
    expect(window.location.pathname).toBe('/');
    expect(window.history.length).toBe(historyLength);
    expect(getToken()).toBe('ny.jwt.token');
    const [url, init] = callsTo(api, CONFIRM)[0]!;
    expect(String(url)).toBe('/api/identity/user/password-reset/confirm');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'abc.def', password: 'mitt-nya-lösen' });
    await waitFor(() => expect(events).toEqual(['loggedin', 'profileSet']));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userDetails)!)).toEqual({
      username: 'anna',
      firstname: 'Anna',
      lastname: 'Svensson',
    });
    window.removeEventListener('loggedin', record);
    window.removeEventListener('profileSet', record);
  });

  it('sends the password as NFC', async () => {
    const api = mockApi({
      [CONFIRM]: textResponse('ny.jwt.token', 200),
      'GET /api/identity/user': jsonResponse(CURRENT_USER, 200),
    });
    openLink('/reset-password#token=abc');
    await choose('la\u030angt-lösen', 'l\u00e5ngt-lösen');
    await screen.findByRole('heading', { name: 'Startsidan' });
    expect(JSON.parse(String(callsTo(api, CONFIRM)[0]![1]?.body))).toEqual({
      token: 'abc',
      password: 'l\u00e5ngt-lösen',
    });
  });

  it('sends once while a request runs', async () => {
    let answer!: (r: Response) => void;
    const api = mockApi({ [CONFIRM]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    openLink('/reset-password#token=abc');
    await userEvent.type(field('Nytt lösenord'), 'mitt-nya-lösen');
    await userEvent.type(field('Upprepa nytt lösenord'), 'mitt-nya-lösen');
    const button = screen.getByRole('button', { name: 'Spara lösenord' });
    act(() => {
      fireEvent.submit(button.closest('form')!);
      fireEvent.submit(button.closest('form')!);
    });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(callsTo(api, CONFIRM)).toHaveLength(1);
    answer(jsonResponse({ message: INVALID, field: 'token' }, 400));
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(callsTo(api, CONFIRM)).toHaveLength(1);
  });
});
