import { useEffect, useRef } from 'react';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { failureMessage } from '../../../lib/api-client.ts';
import { openLoginDialog, useLoginDialogOpen } from '../../../lib/login-dialog.ts';
import { useIsSaved, useToggleSaved } from '../api/saved-cars.ts';
import { useSessionToken } from '../../../lib/session-store.ts';
import '../save-button.css';

/**
 * The heart: filled when the ad is saved; toggles when logged in, opens the login dialog when not (and saves the
 * ad after that login). A refused toggle (the saved list is full, or the call failed) is rolled back and its
 * message shown under the heart. `named`: the label names the ad (a heart on a card in a list).
 */
export function SaveButton({ car, named = false }: { car: CarListItem; named?: boolean }) {
  const token = useSessionToken();
  const state = useIsSaved(car.id);
  const saved = state === true && token !== null;
  // The server toggles: clicked before the list is known, an already saved ad would be removed.
  const unknown = token !== null && state === undefined;
  const toggle = useToggleSaved();
  // A visitor who pressed the heart and then logged in wanted the ad saved: done once the saved list is known
  // (an ad already saved stays saved). Closing the login dialog without logging in forgets it.
  const saveAfterLogin = useRef(false);
  const loginOpen = useLoginDialogOpen();
  useEffect(() => {
    if (!saveAfterLogin.current) return;
    if (token === null) {
      if (!loginOpen) saveAfterLogin.current = false;
      return;
    }
    if (state === undefined) return;
    saveAfterLogin.current = false;
    if (!state) toggle.mutate(car);
  }, [token, state, loginOpen, toggle, car]);
  return (
    <>
      <button
        type="button"
        className={`save-button ${saved ? 'save-button--saved' : ''}`}
        aria-pressed={saved}
        // In a list every heart says which ad it saves; on the ad's own page, 'annonsen' is enough.
        aria-label={
          named
            ? saved
              ? `Sparad: ${car.title}, ta bort från sparade`
              : `Spara ${car.title}`
            : saved
              ? 'Sparad annons, ta bort från sparade'
              : 'Spara annonsen'
        }
        aria-disabled={unknown || undefined}
        aria-busy={unknown || undefined}
        onClick={() => {
          if (!token) {
            saveAfterLogin.current = true;
            openLoginDialog();
          } else if (!unknown) toggle.mutate(car);
        }}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path
            d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.2 0 3.6 1.2 5.2 3 1.6-1.8 3-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z"
            fill={saved ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {toggle.isError && (
        <p className="alert save-button__alert" role="alert">
          {failureMessage(toggle.error)}
        </p>
      )}
    </>
  );
}
