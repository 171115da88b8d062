import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Car } from '@bilmarknaden/shared/api-types';
import { useReturnFocus } from '../../../lib/return-focus.ts';
import { addMessage, refreshLists, startConversation } from '../api/messaging-api.ts';
import { MessageForm } from './message-form.tsx';

/** The suggested first line of a new conversation. */
export const FIRST_LINE = 'Hej! Är bilen kvar?';

interface ComposerDialogProps {
  car: Pick<Car, 'id' | 'title'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The composer of a first message to the seller; sending starts (or continues) the conversation and goes to it. */
export default function ComposerDialog({ car, open, onOpenChange }: ComposerDialogProps) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
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
              onOpenChange(false);
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
  );
}
