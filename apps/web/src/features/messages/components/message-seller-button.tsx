import { useEffect, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Car } from '@bilmarknaden/shared/api-types';
import { openLoginDialog, useLoginDialogOpen } from '../../../lib/login-dialog.ts';
import { useReturnFocus } from '../../../lib/return-focus.ts';
import { useSessionToken } from '../../../lib/session-store.ts';
import { tokenUsername } from '../../../lib/token-claims.ts';
import { addMessage, refreshLists, startConversation } from '../api/messaging-api.ts';
import { MessageForm } from './message-form.tsx';

/** The suggested first line of a new conversation. */
export const FIRST_LINE = 'Hej! Är bilen kvar?';

/**
 * 'Skicka meddelande' on an ad: a composer that starts the conversation with the seller (or continues the one
 * there is) and goes to it. Logged out it opens the login dialog, and the composer after that login; the seller
 * is not offered it on their own ad.
 */
export function MessageSellerButton({ car }: { car: Pick<Car, 'id' | 'title' | 'user'> }) {
  const token = useSessionToken();
  const me = token ? tokenUsername(token) : undefined;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const returnFocus = useReturnFocus();
  const openAfterLogin = useRef(false);
  const loginOpen = useLoginDialogOpen();

  useEffect(() => {
    if (!openAfterLogin.current) return;
    if (token === null) {
      if (!loginOpen) openAfterLogin.current = false;
      return;
    }
    openAfterLogin.current = false;
    if (tokenUsername(token) !== car.user) setOpen(true);
  }, [token, loginOpen, car.user]);

  if (me !== undefined && me === car.user) return null;

  return (
    <>
      <button
        type="button"
        className="button"
        aria-haspopup="dialog"
        onClick={() => {
          if (token) return setOpen(true);
          openAfterLogin.current = true;
          openLoginDialog();
        }}
      >
        Skicka meddelande
      </button>
      <Dialog.Root open={open} onOpenChange={(o) => !busy && setOpen(o)}>
        <Dialog.Portal>
          <Dialog.Overlay className="overlay" />
          <Dialog.Content className="modal" {...returnFocus}>
            <Dialog.Title className="modal__title">Skicka meddelande</Dialog.Title>
            <Dialog.Description>Till säljaren av {car.title}.</Dialog.Description>
            <MessageForm
              label="Meddelande"
              initialText={FIRST_LINE}
              keepText
              onBusyChange={setBusy}
              send={async (text) => {
                const started = await startConversation(car.id, text);
                addMessage(client, started.conversationId, started.message);
                refreshLists(client);
                setOpen(false);
                navigate(`/messages/${started.conversationId}`);
              }}
              extraActions={
                <Dialog.Close asChild>
                  <button type="button" className="button button--secondary" disabled={busy}>
                    Avbryt
                  </button>
                </Dialog.Close>
              }
            />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
