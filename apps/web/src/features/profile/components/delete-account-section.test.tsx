import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_CLOSURE_MESSAGES, accountClosureRules } from '@bilmarknaden/shared/validation/account-closure';
import { ProfilePage } from './profile-page.tsx';
import { jsonResponse, mockFetch, renderAt, renderRoutes } from '../../../test/test-utils.tsx';
import { PageNotice } from '../../../lib/page-notice.tsx';
import { getToken, getUserDetails, SESSION_EVENTS, storeSession } from '../../../lib/session-store.ts';

afterEach(() => vi.restoreAllMocks());

// The saved list's cache (features/saved): the badge must not outlive the account.
const SAVED_CARS_KEY = ['cars', 'saved'];
const details = { username: 'anna', firstname: 'Anna', lastname: 'A' };
const FAILED = 'Kontot kunde inte raderas. Försök igen om en stund.';
const SESSION_GONE = 'Du är utloggad. Logga in igen om du vill radera kontot.';

const isClosure = (url: URL | string, init?: RequestInit) =>
  init?.method === 'DELETE' && String(url).endsWith('/api/identity/user');

/** The profile (and a page notice on '/') with a stored session; `answer` stands for DELETE /user, lists are empty. */
function renderProfile(answer: () => Response | Promise<Response>) {
  storeSession('tok', details);
  const spy = mockFetch((url, init) => (isClosure(url, init) ? answer() : jsonResponse([])));
  const rendered = renderRoutes(
    [
      { path: '/profile', element: <ProfilePage /> },
      { path: '/', element: <PageNotice /> },
    ],
    '/profile',
  );
  const closureCalls = () => spy.mock.calls.filter(([u, i]) => isClosure(String(u), i));
  return { ...rendered, closureCalls };
}

/** Opens the dialog from 'Radera kontot…' with the keyboard; answers the button and the dialog. */
async function openDialog() {
  const opener = await screen.findByRole('button', { name: 'Radera kontot…' });
  opener.focus();
  await userEvent.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Radera kontot?' });
  return { opener, dialog, field: within(dialog).getByLabelText<HTMLInputElement>('Lösenord') };
}

async function confirmWith(dialog: HTMLElement, password: string) {
  if (password) await userEvent.type(within(dialog).getByLabelText('Lösenord'), password);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Radera kontot' }));
}

describe('Radera konto on the profile', () => {
  it('is not offered to a visitor who is not logged in', () => {
    renderAt('/profile', <ProfilePage />, '/profile');
    expect(screen.queryByRole('heading', { name: 'Radera konto' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Radera kontot…' })).not.toBeInTheDocument();
  });

  it('comes after Byt lösenord, opens with the keyboard into the password field, and Escape and Avbryt return to its button', async () => {
    const { closureCalls } = renderProfile(() => new Response(null, { status: 204 }));
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(headings).toEqual(['Mina annonser', 'Verifiering med BankID', 'Byt lösenord', 'Radera konto']);
    expect(screen.getByText(/tas bort för gott\. Användarnamnet kan inte användas igen\./)).toBeInTheDocument();

    const { opener, dialog, field } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(/Det går inte att ångra\./);
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.keyboard(' ');
    const again = await screen.findByRole('dialog', { name: 'Radera kontot?' });
    await userEvent.type(within(again).getByLabelText('Lösenord'), 'hemligt-lösen');
    await userEvent.tab();
    expect(within(again).getByRole('button', { name: 'Avbryt' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    // Nothing typed is kept for the next time.
    const { field: reopened } = await openDialog();
    expect(reopened).toHaveValue('');
    expect(closureCalls()).toHaveLength(0);
    expect(getToken()).toBe('tok');
  });

  it('says the password is needed, on its field, and sends nothing', async () => {
    const { closureCalls } = renderProfile(() => new Response(null, { status: 204 }));
    const { dialog, field } = await openDialog();
    await confirmWith(dialog, '');
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent(accountClosureRules[0]!.message);
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAttribute('aria-describedby', alert.id);
    expect(closureCalls()).toHaveLength(0);

    await userEvent.type(field, 'x');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    [403, { message: ACCOUNT_CLOSURE_MESSAGES.wrongPassword, field: 'password' }],
    [400, { message: accountClosureRules[0]!.message, field: 'password' }],
  ])("shows the server's %i message on the password field and keeps the session", async (status, body) => {
    renderProfile(() => jsonResponse(body, status));
    const { dialog, field } = await openDialog();
    await confirmWith(dialog, 'fel-lösenord');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(body.message);
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAttribute('aria-describedby', alert.id);
    expect(within(dialog).getByRole('button', { name: 'Radera kontot' })).toBeEnabled();
    expect(getToken()).toBe('tok');
  });

  it("shows the limit's message (429), not on the field", async () => {
    renderProfile(() => jsonResponse({ message: ACCOUNT_CLOSURE_MESSAGES.tooMany }, 429));
    const { dialog, field } = await openDialog();
    await confirmWith(dialog, 'mitt-lösenord');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_CLOSURE_MESSAGES.tooMany);
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(getToken()).toBe('tok');
  });

  it('says a lost connection or a fault in Swedish and deletes on the next try', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => jsonResponse({ message: 'Internal Server Error' }, 500),
      () => new Response(null, { status: 204 }),
    ];
    const { closureCalls, router } = renderProfile(() => answers.shift()!());
    const { dialog } = await openDialog();
    await confirmWith(dialog, 'mitt-lösenord');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FAILED);
    const confirm = within(dialog).getByRole('button', { name: 'Radera kontot' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);
    await waitFor(() => expect(closureCalls()).toHaveLength(2));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FAILED);
    expect(getToken()).toBe('tok');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Radera kontot' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(closureCalls()).toHaveLength(3);
  });

  it('sends the password once with the token, ends the session, goes to / (replacing) and says the account is gone', async () => {
    let answer!: (r: Response) => void;
    const { closureCalls, router, queryClient } = renderProfile(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    queryClient.setQueryData(SAVED_CARS_KEY, [{ id: 7 }]);
    const loggedOut = vi.fn();
    window.addEventListener(SESSION_EVENTS.loggedOut, loggedOut);

    const { dialog, field } = await openDialog();
    await userEvent.type(field, 'mitt-lösenord');
    const confirm = within(dialog).getByRole('button', { name: 'Radera kontot' });
    // Two submits before React renders again (the disabled button is not there yet) send one request.
    act(() => {
      fireEvent.submit(field.form!);
      fireEvent.submit(field.form!);
    });
    expect(closureCalls()).toHaveLength(1);
    // Nor later while it runs: the buttons are disabled, and Enter in the field or Escape does nothing.
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Avbryt' })).toBeDisabled();
    await userEvent.click(confirm);
    await userEvent.type(field, '{Enter}');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Radera kontot?' })).toBeInTheDocument();
    expect(closureCalls()).toHaveLength(1);

    answer(new Response(null, { status: 204 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    // The router renders the new page in a transition: the profile's list status may still be there a moment.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_CLOSURE_MESSAGES.closed));
    expect(getToken()).toBeNull();
    expect(getUserDetails()).toBeNull();
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(SAVED_CARS_KEY)).toBeUndefined();

    const [url, init] = closureCalls()[0]!;
    expect(String(url)).toBe('/api/identity/user');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'mitt-lösenord' });
    expect(closureCalls()).toHaveLength(1);
    window.removeEventListener(SESSION_EVENTS.loggedOut, loggedOut);
  });

  it('a 401 ends the session on the spot and asks to log in again, with the keyboard on Logga in', async () => {
    const { router } = renderProfile(() => jsonResponse({ message: 'Unauthorized' }, 401));
    const { dialog } = await openDialog();
    await confirmWith(dialog, 'mitt-lösenord');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getToken()).toBeNull();
    const section = screen.getByRole('region', { name: 'Radera konto' });
    expect(within(section).getByRole('alert')).toHaveTextContent(SESSION_GONE);
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Logga in' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Radera kontot…' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });
});
