import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import {
  WATCH_NOTIFY,
  WATCH_NOTIFY_LABELS,
  watchName,
  watchNameMessage,
  watchQueryProblem,
  type WatchNotify,
  type WatchQuery,
} from '@bilmarknaden/shared/watches';
import { failureMessage } from '../../../lib/api-client.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useReturnFocus } from '../../../lib/return-focus.ts';
import { useCreateWatch } from '../api/watches-api.ts';
import { WatchNameField } from './watch-name-field.tsx';

interface WatchSearchDialogProps {
  query: WatchQuery;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the bevakning is saved (the dialog closes): its name. */
  onSaved: (name: string) => void;
}

/** The dialog of 'Bevaka sökning': the bevakning's name (made from the search) and how to be told. */
export function WatchSearchDialog({ query, open, onOpenChange, onSaved }: WatchSearchDialogProps) {
  const create = useCreateWatch();
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (create.isPending) return;
        if (!o) create.reset();
        onOpenChange(o);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="modal" aria-describedby={undefined} {...returnFocus}>
          <Dialog.Title className="modal__title">Bevaka sökning</Dialog.Title>
          {/* Inside the content, so each opening starts again from the search's own name. */}
          <WatchSearchForm
            query={query}
            create={create}
            onSaved={(name) => {
              onSaved(name);
              onOpenChange(false);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface WatchSearchFormProps {
  query: WatchQuery;
  create: ReturnType<typeof useCreateWatch>;
  onSaved: (name: string) => void;
}

function WatchSearchForm({ query, create, onSaved }: WatchSearchFormProps) {
  const [name, setName] = useState(() => watchName(query));
  const [notify, setNotify] = useState<WatchNotify>('instant');
  const [nameError, setNameError] = useState<string | null>(null);
  const [queryError, setQueryError] = useState<string | null>(null);
  const ids = { notify: useId() };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const message = watchNameMessage(name);
    setNameError(message);
    // The search's own values reach the mails too: the server's rule, told here before anything is sent.
    const problem = watchQueryProblem(query)?.message ?? null;
    setQueryError(problem);
    if (message || problem) return;
    create.mutate({ query, name: name.trim(), notify }, { onSuccess: (watch) => onSaved(watch.name) });
  };

  return (
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
      {(queryError || create.isError) && (
        <p role="alert" className="alert">
          {queryError ?? failureMessage(create.error)}
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
  );
}
