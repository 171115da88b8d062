import { useId, useState, type FormEvent } from 'react';
import { MAX_SEARCH_LENGTH } from '@bilmarknaden/shared/constants';
import * as Collapsible from '@radix-ui/react-collapsible';
import * as Dialog from '@radix-ui/react-dialog';
import { Link, useNavigate } from 'react-router';
import { useMakes } from '../../lib/car-queries.ts';
import { ChevronIcon, CloseIcon, SearchIcon } from '../../lib/icons.tsx';
import { Spinner } from '../../lib/spinner.tsx';
import { useReturnFocus } from '../../lib/return-focus.ts';

interface LeftMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Hjälp': closes the menu and opens the welcome dialog. */
  onHelp: () => void;
}

/** The left menu of section 2: search, 'Bilar' per make, 'Delar', 'Hjälp', 'Feedback'. */
export function LeftMenu({ open, onOpenChange, onHelp }: LeftMenuProps) {
  const returnFocus = useReturnFocus();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="drawer drawer--left" aria-describedby={undefined} {...returnFocus}>
          <div className="drawer__header">
            <Dialog.Title className="drawer__title">Meny</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Stäng menyn">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <MenuSearch onDone={close} />
          <nav aria-label="Huvudmeny">
            <ul className="nav-list">
              <li>
                <Collapsible.Root className="disclosure">
                  <Collapsible.Trigger className="nav-item nav-item--toggle">
                    <span>Bilar</span>
                    <ChevronIcon />
                  </Collapsible.Trigger>
                  <Collapsible.Content className="disclosure__content">
                    <MakeLinks onNavigate={close} />
                  </Collapsible.Content>
                </Collapsible.Root>
              </li>
              <li>
                <Collapsible.Root className="disclosure">
                  <Collapsible.Trigger className="nav-item nav-item--toggle">
                    <span>Delar</span>
                    <ChevronIcon />
                  </Collapsible.Trigger>
                  <Collapsible.Content className="disclosure__content">
                    <p className="muted nav-note">Annonser för bildelar kommer snart.</p>
                    <ul className="nav-list nav-list--nested">
                      <li>
                        <Link to="/new/part" className="nav-item" onClick={close}>
                          Bildelsannons
                        </Link>
                      </li>
                    </ul>
                  </Collapsible.Content>
                </Collapsible.Root>
              </li>
              <li>
                <button type="button" className="nav-item" onClick={onHelp}>
                  Hjälp
                </button>
              </li>
              <li>
                <Link to="/feedback" className="nav-item" onClick={close}>
                  Feedback
                </Link>
              </li>
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MenuSearch({ onDone }: { onDone: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const [term, setTerm] = useState('');

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = term.trim();
    setTerm('');
    onDone();
    navigate(value ? `/search/${encodeURIComponent(value)}` : '/search');
  }

  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        Sök bland annonserna
      </label>
      <input
        id={`${id}-q`}
        type="search"
        placeholder="Sök..."
        maxLength={MAX_SEARCH_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
      />
      <button type="submit" className="icon-button" aria-label="Sök">
        <SearchIcon />
      </button>
    </form>
  );
}

function MakeLinks({ onNavigate }: { onNavigate: () => void }) {
  const { data: makes, isPending, isError, refetch, isFetching } = useMakes();
  if (isPending) return <Spinner size="small" label="Laddar märken..." />;
  if (isError) {
    return (
      <div className="nav-note" role="alert">
        <p>Inga märken kunde laddas in</p>
        <button type="button" className="button button--secondary" onClick={() => refetch()} disabled={isFetching}>
          Försök igen
        </button>
      </div>
    );
  }
  return (
    <ul className="nav-list nav-list--nested">
      {makes.map((make) => (
        <li key={make.id}>
          <Link to={`/browse/cars?make=${encodeURIComponent(make.name)}`} className="nav-item" onClick={onNavigate}>
            {make.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
