import { useId, useState, type FormEvent } from 'react';
import type { OwnDealer } from '@bilmarknaden/shared/schemas/dealer-account-schemas';
import { inviteRules } from '@bilmarknaden/shared/validation/dealer';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatCreated } from '../../../lib/format.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { useInvite, useLeaveDealer, useMembers, useRemoveMember, useWithdrawInvite } from '../api/dealer-api.ts';
import { RemoveButton, RemoveError } from './remove-button.tsx';

/** 'Medlemmar': who acts for the company; the owner invites by mail, withdraws invitations and removes members. */
export function MembersSection({ dealer }: { dealer: OwnDealer }) {
  const id = useId();
  const members = useMembers();
  const invite = useInvite();
  const withdraw = useWithdrawInvite();
  const remove = useRemoveMember();
  const leave = useLeaveDealer();
  const me = useSession().details?.username;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const owner = dealer.role === 'owner';

  function submit(e: FormEvent) {
    e.preventDefault();
    setSent(null);
    const failure = lastFailure(inviteRules, { email: email.trim() });
    if (failure) {
      setError(failure.message);
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setError(null);
    invite.mutate(email.trim(), {
      onSuccess: () => {
        setSent(`En inbjudan är skickad till ${email.trim()}.`);
        setEmail('');
      },
      onError: (err) => setError(failureMessage(err)),
    });
  }

  return (
    <section className="card dealer-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Medlemmar</h2>
      {members.isPending && <Spinner />}
      {members.isError && <QueryError onRetry={() => void members.refetch()} />}
      {members.data && (
        <ul className="dealer-list">
          {members.data.members.map((m) => (
            <li key={m.username}>
              <span>
                {m.name} (@{m.username}) · {m.role === 'owner' ? 'Ägare' : 'Medlem'}
              </span>
              {!owner && m.username === me && (
                <RemoveButton action={leave} value={m.username}>
                  Lämna företaget
                </RemoveButton>
              )}
              {owner && m.role !== 'owner' && (
                <RemoveButton action={remove} value={m.username}>
                  Ta bort {m.name}
                </RemoveButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {owner && members.data && members.data.invites.length > 0 && (
        <>
          <h3>Skickade inbjudningar</h3>
          <ul className="dealer-list">
            {members.data.invites.map((i) => (
              <li key={i.id}>
                <span>
                  {i.email} · gäller till {formatCreated(i.expiresAt)}
                </span>
                <RemoveButton action={withdraw} value={i.id}>
                  Dra tillbaka inbjudan till {i.email}
                </RemoveButton>
              </li>
            ))}
          </ul>
        </>
      )}
      <RemoveError error={withdraw.error ?? remove.error ?? leave.error} />
      {owner && dealer.status === 'approved' && (
        <form className="form dealer-inline-form" noValidate onSubmit={submit}>
          <div className="field">
            <label htmlFor={`${id}-email`}>Bjud in en kollega (e-post)</label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
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
          <button type="submit" className="button" disabled={invite.isPending} aria-busy={invite.isPending}>
            Skicka inbjudan
          </button>
          <div aria-live="polite">{sent && <p role="status">{sent}</p>}</div>
        </form>
      )}
      {owner && dealer.status !== 'approved' && <p>Du kan bjuda in kollegor när företaget är godkänt.</p>}
    </section>
  );
}
