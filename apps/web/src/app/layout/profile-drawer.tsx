import type { ReactNode } from 'react';
import * as Collapsible from '@radix-ui/react-collapsible';
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import { isStaffRole } from '@bilmarknaden/shared/constants';
import { displayNameOf } from '../../features/auth/utils/display-name.ts';
import { useCurrentUser } from '../../features/auth/hooks/use-current-user.ts';
import { logout } from '../../features/auth/utils/session.ts';
import { ChevronIcon, CloseIcon } from '../../lib/icons.tsx';
import { useSavedCars } from '../../features/saved/api/saved-cars.ts';
import { useUnreadCount } from '../../features/messages/api/messaging-api.ts';
import { useWatchesNewCount } from '../../features/watches/api/watches-api.ts';
import { useOwnDealer } from '../../features/dealers/api/dealer-api.ts';
import { useSession } from '../../lib/session-store.ts';
import { useReturnFocus } from '../../lib/return-focus.ts';

interface ProfileDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Roles that see 'Kontrollpanel' (section 6). */
const canSeeControlPanel = isStaffRole;

/** The right profile drawer of section 2. Badges only where a feature exists: new ads in bevakningar, saved ads, unread conversations. */
export function ProfileDrawer({ open, onOpenChange }: ProfileDrawerProps) {
  const returnFocus = useReturnFocus();
  const { details, loggedIn } = useSession();
  const { data: user } = useCurrentUser();
  const { data: saved } = useSavedCars();
  const { data: unread } = useUnreadCount();
  const { data: newInWatches } = useWatchesNewCount();
  // Read once the drawer opens: a member of a dealer gets 'Mitt företag', anyone else 'Bli handlare'.
  const { data: dealer } = useOwnDealer(loggedIn && open);
  const close = () => onOpenChange(false);

  const item = (to: string, label: string, extra?: ReactNode) => (
    <li>
      <Link to={to} className="nav-item" onClick={close}>
        <span>{label}</span> {extra}
      </Link>
    </li>
  );

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="drawer drawer--right" aria-describedby={undefined} {...returnFocus}>
          <div className="drawer__header">
            <Dialog.Title className="drawer__title">Välkommen, {displayNameOf(user, details)}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Stäng profilmenyn">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <nav aria-label="Profilmeny">
            <ul className="nav-list">
              {item('/', 'Hem')}
              {item('/profile', 'Min profil')}
              {item('/mina-annonser', 'Mina annonser')}
              {item(
                '/bevakningar',
                'Bevakningar',
                newInWatches !== undefined && (
                  <>
                    <span className="badge" aria-hidden="true">
                      {newInWatches}
                    </span>
                    <span className="visually-hidden">
                      ({newInWatches} {newInWatches === 1 ? 'ny bil' : 'nya bilar'})
                    </span>
                  </>
                ),
              )}
              {item(
                '/saved/cars',
                'Sparade annonser',
                saved && (
                  <>
                    <span className="badge" aria-hidden="true">
                      {saved.length}
                    </span>
                    <span className="visually-hidden">({saved.length} sparade)</span>
                  </>
                ),
              )}
              {item(
                '/messages',
                'Meddelanden',
                unread !== undefined && (
                  <>
                    <span className="badge" aria-hidden="true">
                      {unread}
                    </span>
                    <span className="visually-hidden">({unread} olästa)</span>
                  </>
                ),
              )}
              {item('/', 'Grupper')}
              {item('/', 'Vänner')}
              {dealer ? item('/mitt-foretag', 'Mitt företag') : item('/bli-handlare', 'Bli handlare')}
              {item('/settings', 'Inställningar')}
              {item('/reports', 'Mina anmälningar')}
              {canSeeControlPanel(user?.role) && item('/controlpanel', 'Kontrollpanel')}
              <li>
                <Collapsible.Root className="disclosure">
                  <Collapsible.Trigger className="nav-item nav-item--toggle">
                    <span>Skapa annons</span>
                    <ChevronIcon />
                  </Collapsible.Trigger>
                  <Collapsible.Content className="disclosure__content">
                    <ul className="nav-list nav-list--nested">
                      {item('/new/car', 'Bilannons')}
                      {item('/new/part', 'Bildelsannons')}
                    </ul>
                  </Collapsible.Content>
                </Collapsible.Root>
              </li>
              <li>
                <button type="button" className="nav-item nav-item--danger" onClick={() => logout()}>
                  Logga ut
                </button>
              </li>
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
