import { useId, useRef, useState, type FormEvent } from 'react';
import type { ApiKeyCreated } from '@bilmarknaden/shared/schemas/dealer-account-schemas';
import { apiKeyRules } from '@bilmarknaden/shared/validation/dealer';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatCreated } from '../../../lib/format.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/dealer-api.ts';
import { RemoveButton, RemoveError } from './remove-button.tsx';

/** The key just made, shown this once with a copy button: the server never answers it again. */
function NewKey({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <div className="notice dealer-new-key" role="region" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        Ny nyckel: {created.name}
      </h3>
      <p>Kopiera nyckeln nu. Den visas bara den här gången; vi sparar den inte.</p>
      <label htmlFor={`${id}-key`}>API-nyckel</label>
      <input
        id={`${id}-key`}
        className="dealer-new-key__value"
        readOnly
        value={created.key}
        onFocus={(e) => e.target.select()}
      />
      <div className="dealer-new-key__actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(created.key)
              .then(() => setCopied(true))
              .catch(() => setCopied(false));
          }}
        >
          Kopiera nyckeln
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Klar
        </button>
      </div>
      <div aria-live="polite">{copied && <p role="status">Nyckeln är kopierad.</p>}</div>
    </div>
  );
}

/** 'API-nycklar' (the owner of an approved dealer): keys for the import feed, made, listed by prefix, revoked. */
export function ApiKeysSection() {
  const id = useId();
  const keys = useApiKeys(true);
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const failure = lastFailure(apiKeyRules, { name: name.trim() });
    if (failure) {
      setError(failure.message);
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setError(null);
    create.mutate(name.trim(), {
      onSuccess: (key) => {
        setCreated(key);
        setName('');
      },
      onError: (err) => setError(failureMessage(err)),
    });
  }

  return (
    <section className="card dealer-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>API-nycklar</h2>
      <p>Lagersystemet skickar med en nyckel när det för in bilar i ert lager hos Bilmarknaden.</p>
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      <form className="form dealer-inline-form" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-name`}>Vad används nyckeln till?</label>
          <input
            id={`${id}-name`}
            value={name}
            placeholder="Lagersystemet"
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={create.isPending} aria-busy={create.isPending}>
          Skapa nyckel
        </button>
      </form>
      {keys.isPending && <Spinner />}
      {keys.isError && <QueryError onRetry={() => void keys.refetch()} />}
      {keys.data && keys.data.length > 0 && (
        <ul className="dealer-list">
          {keys.data.map((k) => (
            <li key={k.id}>
              <span>
                {k.name} · <code>{k.prefix}…</code> · skapad {formatCreated(k.created)} ·{' '}
                {k.revokedAt
                  ? `återkallad ${formatCreated(k.revokedAt)}`
                  : k.lastUsedAt
                    ? `senast använd ${formatCreated(k.lastUsedAt)}`
                    : 'inte använd än'}
              </span>
              {!k.revokedAt && (
                <RemoveButton action={revoke} value={k.id}>
                  Återkalla {k.name}
                </RemoveButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <RemoveError error={revoke.error} />
    </section>
  );
}
