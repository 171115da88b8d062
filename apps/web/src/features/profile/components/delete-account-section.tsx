import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_CLOSURE_MESSAGES } from '@bilmarknaden/shared/validation/account-closure';
import { endStoredSession, useSession } from '../../../lib/session-store.ts';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { leaveNotice } from '../../../lib/page-notice.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

export const SESSION_GONE = 'Du är utloggad. Logga in igen om du vill radera kontot.';

/** 'Radera konto' on the profile: a button opens the dialog that asks for the password. */
export function DeleteAccountSection() {
  const id = useId();
  const { loggedIn } = useSession();
  const [open, setOpen] = useState(false);
  // A 401 ended the session: say so here, where the user was, until they log in again.
  const [sessionGone, setSessionGone] = useState(false);
  const loginButton = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // As 'Logga ut' ends it (that reload drops every cached answer): token and details, 'loggedout', and the cache,
  // which holds the user's saved ads (the badge), own ads and ads of theirs in the lists.
  const endSession = () => {
    endStoredSession();
    queryClient.removeQueries();
  };

  return (
    <>
      {(loggedIn || sessionGone) && (
        <section aria-labelledby={`${id}-heading`} className="account-closure">
          <h2 id={`${id}-heading`}>Radera konto</h2>
          {loggedIn ? (
            <>
              <p>
                Ditt konto, dina annonser med bilder och dina sparade annonser tas bort för gott. Användarnamnet kan
                inte användas igen.
              </p>
              <button
                type="button"
                className="button button--secondary"
                aria-haspopup="dialog"
                onClick={() => {
                  setSessionGone(false);
                  setOpen(true);
                }}
              >
                Radera kontot…
              </button>
            </>
          ) : (
            <div className="login-prompt">
              <p className="alert" role="alert">
                {SESSION_GONE}
              </p>
              <button ref={loginButton} type="button" className="button button--primary" onClick={openLoginDialog}>
                Logga in
              </button>
            </div>
          )}
        </section>
      )}
      <DeleteAccountDialog
        open={open && loggedIn}
        onCancel={() => setOpen(false)}
        onClosed={() => {
          leaveNotice(ACCOUNT_CLOSURE_MESSAGES.closed);
          endSession();
          void navigate('/', { replace: true });
        }}
        onSessionGone={() => {
          // The dialog closes while its button is still there; the session's end, rendered at once, then swaps the
          // button for the message, so the dialog gives the keyboard to 'Logga in' (its fallback).
          flushSync(() => {
            setSessionGone(true);
            setOpen(false);
          });
          endSession();
        }}
        focusFallback={() => loginButton.current}
      />
    </>
  );
}
