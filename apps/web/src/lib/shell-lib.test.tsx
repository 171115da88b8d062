import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { fakeJwt } from '../test/test-utils.tsx';
import { isTokenExpired, tokenExpiresAt, tokenUsername } from './token-claims.ts';
import {
  closeLoginDialog,
  isLoginDialogOpen,
  openLoginDialog,
  toggleLoginDialog,
  useLoginDialogOpen,
} from './login-dialog.ts';
import { QueryError } from './query-error.tsx';
import { clearSession, getSessionSnapshot, storeSession, useSession, useSessionToken } from './session-store.ts';
import { Spinner } from './spinner.tsx';

describe('token claims', () => {
  it('reads the expiry and the username without verifying', () => {
    const token = fakeJwt({ exp: 2_000_000_000 });
    expect(tokenExpiresAt(token)).toBe(2_000_000_000_000);
    expect(tokenUsername(token)).toBe('anna');
    expect(isTokenExpired(token, 1_999_999_999_000)).toBe(false);
    expect(isTokenExpired(token, 2_000_000_000_000)).toBe(true);
  });

  it('answers nothing for a token it cannot read', () => {
    expect(tokenExpiresAt('nonsense')).toBeNull();
    expect(tokenExpiresAt('a.b%%.c')).toBeNull();
    expect(tokenExpiresAt(fakeJwt({ exp: 'soon' }))).toBeNull();
    expect(tokenUsername(fakeJwt({ sub: 7 }))).toBeUndefined();
    expect(isTokenExpired('nonsense')).toBe(false);
  });
});

describe('login dialog store', () => {
  it('opens, closes and toggles, re-rendering subscribers', () => {
    const { result } = renderHook(() => useLoginDialogOpen());
    expect(result.current).toBe(false);
    act(() => openLoginDialog());
    expect(result.current).toBe(true);
    act(() => toggleLoginDialog());
    expect(isLoginDialogOpen()).toBe(false);
    act(() => toggleLoginDialog());
    act(() => closeLoginDialog());
    expect(result.current).toBe(false);
  });
});

describe('session hooks', () => {
  it('useSession follows login and logout; the snapshot is stable between changes', () => {
    const { result } = renderHook(() => ({ session: useSession(), token: useSessionToken() }));
    expect(result.current.session.loggedIn).toBe(false);
    const details = { username: 'anna', firstname: 'Anna', lastname: 'S' };
    act(() => storeSession('t.o.k', details));
    expect(result.current.session).toEqual({ token: 't.o.k', details, loggedIn: true });
    expect(result.current.token).toBe('t.o.k');
    expect(getSessionSnapshot()).toBe(getSessionSnapshot());
    act(() => clearSession());
    expect(result.current.session.loggedIn).toBe(false);
    expect(result.current.token).toBeNull();
  });

  it('storeSession(token, null) removes stale details; leaving details out keeps them', () => {
    storeSession('a', { username: 'u', firstname: 'f', lastname: 'l' });
    storeSession('b');
    expect(getSessionSnapshot().details?.username).toBe('u');
    storeSession('c', null);
    expect(getSessionSnapshot().details).toBeNull();
  });
});

describe('QueryError and Spinner', () => {
  it('QueryError shows the Swedish message and retries', () => {
    const retry = vi.fn();
    render(<QueryError onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Något gick fel när data skulle hämtas.');
    fireEvent.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('Spinner has an accessible label', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Laddar...');
  });
});
