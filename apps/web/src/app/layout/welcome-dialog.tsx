import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import { CloseIcon } from '../../lib/icons.tsx';
import { useReturnFocus } from '../../lib/return-focus.ts';

interface WelcomeDialogProps {
  open: boolean;
  /** Also sets WELCOME_MODAL_SHOWN (done by the layout). */
  onClose: () => void;
  /** Gets the keyboard back when nothing that opened the dialog is left: 'Hjälp' closes its menu, or a timer opened it. */
  fallbackFocus?: () => HTMLElement | null;
}

/** First-visit welcome: the site is at an early stage, feedback is welcome (section 1). */
export function WelcomeDialog({ open, onClose, fallbackFocus }: WelcomeDialogProps) {
  const returnFocus = useReturnFocus(fallbackFocus);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="modal" {...returnFocus}>
          <div className="modal__header">
            <Dialog.Title className="modal__title">Välkommen till Bilmarknaden!</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Stäng">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description>
            Bilmarknaden är i ett tidigt skede och vi bygger vidare hela tiden. Hittar du något som inte fungerar, eller
            saknar du något? Berätta gärna – din feedback hjälper oss att bli bättre.
          </Dialog.Description>
          <div className="modal__actions">
            <Link to="/feedback" className="button button--secondary" onClick={onClose}>
              Lämna feedback
            </Link>
            <Dialog.Close className="button button--primary">Börja titta</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
