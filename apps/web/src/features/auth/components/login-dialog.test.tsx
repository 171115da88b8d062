import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { STORAGE_KEYS } from '@bilmarknaden/shared/constants';
import { closeLoginDialog, isLoginDialogOpen, openLoginDialog } from '../../../lib/login-dialog.ts';
import {
  callsTo,
  CURRENT_USER,
  jsonResponse,
  mockApi,
  renderPage,
  renderRoutes,
  textResponse,
} from '../../../test/test-utils.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { LoginDialog } from './login-dialog.tsx';

const LOGIN = 'POST /api/identity/user/login';

function renderOpenDialog() {
  openLoginDialog();
  return renderPage(<LoginDialog />);
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-post'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Lösenord'), { target: { value: password } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Logga in' }));

afterEach(() => {
  act(() => closeLoginDialog());
  vi.restoreAllMocks();
});

describe('login dialog', () => {
  it('is a labelled dialog with email, password and a link to /signup', () => {
    renderOpenDialog();
    expect(screen.getByRole('dialog', { name: 'Logga in' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-post')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Lösenord')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Skapa konto' })).toHaveAttribute('href', '/signup');
  });

  it('opens with the keyboard in the email field', async () => {
    renderOpenDialog();
    await waitFor(() => expect(screen.getByLabelText('E-post')).toHaveFocus());
  });

  it('shows the rule messages on the fields only after a submit attempt', async () => {
    const api = mockApi({});
    renderOpenDialog();
    expect(screen.queryByText('Ange en giltig mailadress')).not.toBeInTheDocument();
    submit();
    expect(await screen.findByText('Ange en giltig mailadress')).toBeInTheDocument();
    expect(screen.getByText('Lösenord måste vara minst 8 tecken')).toBeInTheDocument();
    expect(screen.getByLabelText('E-post')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Lösenord')).toHaveAccessibleDescription('Lösenord måste vara minst 8 tecken');
    // Both fields at fault: the keyboard goes to the first.
    expect(screen.getByLabelText('E-post')).toHaveFocus();
    expect(api).not.toHaveBeenCalled();
  });

  it.each([
    ['a@b', 'hemligt123', 'Ange en giltig mailadress'],
    ['anna.example.se', 'hemligt123', 'Ange en giltig mailadress'],
    ['anna@example', 'hemligt123', 'Ange en giltig mailadress'],
    [`${'x'.repeat(42)}@mail.com`, 'hemligt123', 'Ange en giltig mailadress'],
    ['anna@example.se', '1234567', 'Lösenord måste vara minst 8 tecken'],
    ['anna@example.se', 'x'.repeat(51), 'Lösenord måste vara minst 8 tecken'],
  ])('refuses %s / %s with "%s"', async (email, password, message) => {
    const api = mockApi({});
    renderOpenDialog();
    fill(email, password);
    submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it.each([
    ['a@b.c', '12345678'],
    [`${'x'.repeat(41)}@mail.com`, 'x'.repeat(50)],
  ])('sends %s at the boundaries', async (email, password) => {
    const api = mockApi({ [LOGIN]: jsonResponse({ message: 'Felaktigt lösenord' }, 401) });
    renderOpenDialog();
    fill(email, password);
    submit();
    await screen.findByText('Felaktigt lösenord');
    expect(JSON.parse(String(callsTo(api, LOGIN)[0]![1]!.body))).toEqual({ email, password });
  });

  it('401 shows "Felaktigt lösenord" on the password field', async () => {
    mockApi({ [LOGIN]: jsonResponse({ message: 'x' }, 401) });
    renderOpenDialog();
    fill('anna@example.se', 'fel-losenord');
    submit();
    await waitFor(() => expect(screen.getByLabelText('Lösenord')).toHaveAccessibleDescription('Felaktigt lösenord'));
    expect(screen.getByLabelText('Lösenord')).toHaveFocus();
    expect(isLoginDialogOpen()).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('404 shows "Användaren kunde inte hittas" on the email field', async () => {
    mockApi({ [LOGIN]: jsonResponse({ message: 'x' }, 404) });
    renderOpenDialog();
    fill('okand@example.se', 'hemligt123');
    submit();
    await waitFor(() =>
      expect(screen.getByLabelText('E-post')).toHaveAccessibleDescription('Användaren kunde inte hittas'),
    );
    // typing in the field clears the server's message
    fireEvent.change(screen.getByLabelText('E-post'), { target: { value: 'anna@example.se' } });
    expect(screen.queryByText('Användaren kunde inte hittas')).not.toBeInTheDocument();
  });

  it("429 shows the server's message", async () => {
    mockApi({ [LOGIN]: jsonResponse({ message: 'För många försök. Vänta en stund.' }, 429) });
    renderOpenDialog();
    fill('anna@example.se', 'hemligt123');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('För många försök. Vänta en stund.');
  });

  it('other failures are logged and get a short Swedish message', async () => {
    mockApi({ [LOGIN]: jsonResponse({ message: 'Internt fel' }, 500) });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderOpenDialog();
    fill('anna@example.se', 'hemligt123');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Inloggningen misslyckades');
    expect(error).toHaveBeenCalled();
  });

  it('200 stores the token, closes the dialog and stores the user details', async () => {
    const api = mockApi({
      [LOGIN]: textResponse('the.jwt.token', 200),
      'GET /api/identity/user': jsonResponse(CURRENT_USER, 200),
    });
    const events: string[] = [];
    const record = (e: Event) => events.push(e.type);
    window.addEventListener('loggedin', record);
    window.addEventListener('profileSet', record);
    renderOpenDialog();
    fill(' anna@example.se ', 'hemligt123');
    submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(isLoginDialogOpen()).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('the.jwt.token');
    expect(JSON.parse(String(callsTo(api, LOGIN)[0]![1]!.body))).toEqual({
      email: 'anna@example.se',
      password: 'hemligt123',
    });
    await waitFor(() => expect(events).toEqual(['loggedin', 'profileSet']));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userDetails)!)).toEqual({
      username: 'anna',
      firstname: 'Anna',
      lastname: 'Svensson',
    });
    window.removeEventListener('loggedin', record);
    window.removeEventListener('profileSet', record);
  });

  it("'Glömt lösenord?' below the password goes to /forgot-password with the typed address, closes the dialog and leaves the keyboard on the new page", async () => {
    renderRoutes([
      {
        element: (
          <>
            <button type="button" onClick={openLoginDialog}>
              Öppna inloggningen
            </button>
            <LoginDialog />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <h1>Startsidan</h1> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
        ],
      },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Öppna inloggningen' }));
    const link = await screen.findByRole('link', { name: 'Glömt lösenord?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByLabelText('Lösenord').compareDocumentPosition(link)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(link.compareDocumentPosition(screen.getByRole('button', { name: 'Logga in' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    fill(' anna@example.se ', '');
    await userEvent.click(link);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(isLoginDialogOpen()).toBe(false);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Glömt lösenord' });
    expect(screen.getByLabelText('E-post')).toHaveValue('anna@example.se');
    // The dialog gives the keyboard back a moment after it is gone: not to its opener, this time.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heading).toHaveFocus();
  });

  it('Esc closes it', async () => {
    renderOpenDialog();
    fireEvent.keyDown(screen.getByLabelText('E-post'), { key: 'Escape' });
    await waitFor(() => expect(isLoginDialogOpen()).toBe(false));
  });
});
