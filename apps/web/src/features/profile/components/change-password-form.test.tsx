import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfilePage } from './profile-page.tsx';
import { jsonResponse, mockFetch, renderAt } from '../../../test/test-utils.tsx';
import { getToken, storeSession } from '../../../lib/session-store.ts';

afterEach(() => vi.restoreAllMocks());

const details = { username: 'anna', firstname: 'Anna', lastname: 'A' };

/** The profile with a stored session; `answer` stands for PUT /user/password, every list is empty. */
function renderProfile(answer: () => Response) {
  storeSession('gammal-token', details);
  const spy = mockFetch((url) => (url.pathname.endsWith('/user/password') ? answer() : jsonResponse([])));
  renderAt('/profile', <ProfilePage />, '/profile');
  const field = (name: string) => screen.getByLabelText(name);
  const passwordCalls = () => spy.mock.calls.filter(([u]) => String(u).endsWith('/user/password'));
  return { field, passwordCalls };
}

async function fill(field: (name: string) => HTMLElement, current: string, next: string, repeat = next) {
  if (current) await userEvent.type(field('Nuvarande lösenord'), current);
  if (next) await userEvent.type(field('Nytt lösenord'), next);
  if (repeat) await userEvent.type(field('Upprepa nytt lösenord'), repeat);
}

describe('Byt lösenord on the profile', () => {
  it('is not offered to a visitor who is not logged in', () => {
    renderAt('/profile', <ProfilePage />, '/profile');
    expect(screen.queryByRole('heading', { name: 'Byt lösenord' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Nuvarande lösenord')).not.toBeInTheDocument();
  });

  it('shows the last failing rule, sends nothing, and moves the keyboard to its field', async () => {
    const { field, passwordCalls } = renderProfile(() => new Response('x'));
    await screen.findByRole('heading', { name: 'Byt lösenord' });
    await userEvent.click(screen.getByRole('button', { name: 'Byt lösenord' }));
    expect(screen.getByRole('alert')).toHaveTextContent('För kort lösenord');
    expect(field('Nytt lösenord')).toHaveFocus();
    expect(field('Nytt lösenord')).toHaveAttribute('aria-invalid', 'true');

    await fill(field, 'mitt-gamla-lösen', 'mitt-nya-lösen', 'mitt-nya-lösn');
    expect(screen.getByRole('alert')).toHaveTextContent('Lösenorden matchar inte');
    await userEvent.clear(field('Upprepa nytt lösenord'));
    await userEvent.clear(field('Nytt lösenord'));
    await fill(field, '', 'mitt-gamla-lösen');
    expect(screen.getByRole('alert')).toHaveTextContent('Det nya lösenordet måste skilja sig från det nuvarande');
    await userEvent.click(screen.getByRole('button', { name: 'Byt lösenord' }));
    expect(passwordCalls()).toHaveLength(0);
  });

  it('sends the current and the new password once with the token, keeps the session on the new token and says so', async () => {
    const { field, passwordCalls } = renderProfile(
      () => new Response('ny-token', { headers: { 'Content-Type': 'text/plain' } }),
    );
    await screen.findByRole('heading', { name: 'Byt lösenord' });
    await fill(field, 'mitt-gamla-lösen', 'mitt-nya-lösen');
    await userEvent.click(screen.getByRole('button', { name: 'Byt lösenord' }));

    expect(await screen.findByText('Lösenordet är bytt.')).toHaveAttribute('role', 'status');
    expect(getToken()).toBe('ny-token');
    const [url, init] = passwordCalls()[0]!;
    expect(String(url)).toBe('/api/identity/user/password');
    expect(init?.method).toBe('PUT');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer gammal-token');
    expect(JSON.parse(String(init?.body))).toEqual({ currentPassword: 'mitt-gamla-lösen', password: 'mitt-nya-lösen' });
    for (const name of ['Nuvarande lösenord', 'Nytt lösenord', 'Upprepa nytt lösenord'])
      expect(field(name)).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a wrong current password on its field and keeps the old token', async () => {
    const { field } = renderProfile(() =>
      jsonResponse({ message: 'Felaktigt lösenord', field: 'currentPassword' }, 403),
    );
    await screen.findByRole('heading', { name: 'Byt lösenord' });
    await fill(field, 'fel-lösenord', 'mitt-nya-lösen');
    await userEvent.click(screen.getByRole('button', { name: 'Byt lösenord' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Felaktigt lösenord');
    await waitFor(() => expect(field('Nuvarande lösenord')).toHaveFocus());
    expect(field('Nuvarande lösenord')).toHaveAttribute('aria-invalid', 'true');
    expect(getToken()).toBe('gammal-token');
    expect(screen.queryByText('Lösenordet är bytt.')).not.toBeInTheDocument();
  });

  it("shows the limit's message (429) and, for a fault, a Swedish message of its own", async () => {
    const tooMany = 'För många felaktiga lösenord. Försök igen om en stund.';
    let answer = jsonResponse({ message: tooMany }, 429);
    const { field } = renderProfile(() => answer);
    await screen.findByRole('heading', { name: 'Byt lösenord' });
    await fill(field, 'mitt-gamla-lösen', 'mitt-nya-lösen');
    await userEvent.click(screen.getByRole('button', { name: 'Byt lösenord' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tooMany);

    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = jsonResponse({ message: 'Internal Server Error' }, 500);
    await userEvent.click(screen.getByRole('button', { name: 'Byt lösenord' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Lösenordet kunde inte bytas. Försök igen om en stund.');
    expect(getToken()).toBe('gammal-token');
  });
});
