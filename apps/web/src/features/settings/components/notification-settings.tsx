import { useId, useState, type FormEvent } from 'react';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationKind,
} from '@bilmarknaden/shared/notifications';
import { failureMessage } from '../../../lib/api-client.ts';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { useSessionToken } from '../../../lib/session-store.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import {
  useNotificationSettings,
  useSaveNotificationSettings,
  type NotificationSettings as Settings,
} from '../api/notification-settings.ts';

const SAVED = NOTIFICATION_SETTINGS_MESSAGES.saved;
const FAILED = 'Aviseringarna kunde inte sparas. Försök igen om en stund.';

/** 'Aviseringar': email on or off for each kind of notification, saved per user. */
export function NotificationSettings() {
  const token = useSessionToken();
  const settings = useNotificationSettings();
  if (!token)
    return (
      <div className="login-prompt">
        <p>Logga in för att välja dina aviseringar.</p>
        <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
          Logga in
        </button>
      </div>
    );
  if (settings.isPending) return <Spinner label="Laddar aviseringar..." />;
  if (settings.isError)
    return <QueryError message="Aviseringarna kunde inte hämtas." onRetry={() => void settings.refetch()} />;
  return <SettingsForm saved={settings.data} />;
}

function SettingsForm({ saved }: { saved: Settings }) {
  const id = useId();
  const [values, setValues] = useState<Settings>(saved);
  const save = useSaveNotificationSettings();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!save.isPending) save.mutate(values);
  }

  return (
    <form className="form notification-settings" noValidate onSubmit={submit}>
      <fieldset className="notification-settings__kinds">
        <legend>E-post till dig när det händer något</legend>
        {NOTIFICATION_KINDS.map((kind: NotificationKind) => (
          <div key={kind} className="switch-field">
            <input
              id={`${id}-${kind}`}
              type="checkbox"
              role="switch"
              className="switch"
              checked={values[kind]}
              onChange={(e) => {
                setValues((v) => ({ ...v, [kind]: e.target.checked }));
                save.reset();
              }}
            />
            <label htmlFor={`${id}-${kind}`}>{NOTIFICATION_KIND_LABELS[kind]}</label>
          </div>
        ))}
      </fieldset>
      <div aria-live="polite">
        {save.isSuccess && (
          <p className="notice" role="status">
            {SAVED}
          </p>
        )}
      </div>
      {save.isError && (
        <p className="alert" role="alert">
          {failureMessage(save.error, FAILED)}
        </p>
      )}
      <div>
        <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending && <Spinner size="small" label="Sparar..." />}
          Spara
        </button>
      </div>
    </form>
  );
}
