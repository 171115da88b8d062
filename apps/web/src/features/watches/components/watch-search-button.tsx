import { useId, useState, type FormEvent } from 'react';
import { WatchNameField } from './watch-name-field.tsx';
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import {
  isWatchable,
  WATCH_NOTIFY,
  WATCH_NOTIFY_LABELS,
  watchName,
  watchNameMessage,
  type WatchNotify,
  type WatchQuery,
} from '@bilmarknaden/shared/watches';
import { failureMessage } from '../../../lib/api-client.ts';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { useSessionToken } from '../../../lib/session-store.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useReturnFocus } from '../../../lib/return-focus.ts';
import { useCreateWatch } from '../api/watches-api.ts';
import '../watches.css';

interface WatchSearchButtonProps {
  /** The search on screen (its filters, ranges and term); the button shows only when something is chosen. */
  query: WatchQuery;
}

/**
 * 'Bevaka sökning': saves the search on screen as a bevakning, with a name made from it that the user can change
 * and how to be told. Logged out, it opens the login dialog.
 */
export function WatchSearchButton({ query }: WatchSearchButtonProps) {
  const token = useSessionToken();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [notify, setNotify] = useState<WatchNotify>('instant');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const create = useCreateWatch();
  const returnFocus = useReturnFocus();
  const ids = { notify: useId() };
  if (!isWatchable(query)) return null;

  const start = () => {
    if (!token) return openLoginDialog();
    setName(watchName(query));
    setNotify('instant');
    setNameError(null);
    setSaved(null);
    create.reset();
    setOpen(true);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const message = watchNameMessage(name);
    setNameError(message);
    if (message) return;
    create.mutate(
      { query, name: name.trim(), notify },
      {
        onSuccess: (watch) => {
          setSaved(watch.name);
          setOpen(false);
        },
      },
    );
  };

  return (
    <div className="watch-search">
      <button type="button" className="button button--secondary" onClick={start}>
        Bevaka sökning
      </button>
      <p className="watch-search__status" role="status">
        {saved && (
          <>
            Bevakningen {saved} är sparad. <Link to="/bevakningar">Visa bevakningar</Link>
          </>
        )}
      </p>
      <Dialog.Root open={open} onOpenChange={(o) => !create.isPending && setOpen(o)}>
        <Dialog.Portal>
          <Dialog.Overlay className="overlay" />
          <Dialog.Content className="modal" aria-describedby={undefined} {...returnFocus}>
            <Dialog.Title className="modal__title">Bevaka sökning</Dialog.Title>
            <form onSubmit={submit} noValidate>
              <WatchNameField label="Namn på bevakningen" value={name} onChange={setName} error={nameError} />
              <fieldset className="watch-notify">
                <legend>Hur vill du bli meddelad om nya bilar?</legend>
                {WATCH_NOTIFY.map((value) => (
                  <label key={value} className="watch-notify__option">
                    <input
                      type="radio"
                      name={ids.notify}
                      value={value}
                      checked={notify === value}
                      onChange={() => setNotify(value)}
                    />
                    {WATCH_NOTIFY_LABELS[value]}
                  </label>
                ))}
              </fieldset>
              {create.isError && (
                <p role="alert" className="alert">
                  {failureMessage(create.error)}
                </p>
              )}
              <div className="modal__actions">
                <Dialog.Close asChild>
                  <button type="button" className="button button--secondary" disabled={create.isPending}>
                    Avbryt
                  </button>
                </Dialog.Close>
                <button type="submit" className="button button--primary" disabled={create.isPending}>
                  Spara bevakning
                </button>
                {create.isPending && <Spinner size="small" label="Sparar..." />}
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
