import type { ReactNode } from 'react';
import { failureMessage } from '../../../lib/api-client.ts';

/** The part of a mutation a removal needs: whether it runs, and how to start it. */
interface Removal<T> {
  isPending: boolean;
  mutate: (value: T) => void;
}

/** A list item's removal (a key, a member, an invitation): sent at once, disabled while its request runs. */
export function RemoveButton<T>({ action, value, children }: { action: Removal<T>; value: T; children: ReactNode }) {
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      disabled={action.isPending}
      onClick={() => action.mutate(value)}
    >
      {children}
    </button>
  );
}

/** Below the list: why the last removal failed, or nothing. */
export function RemoveError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="alert" role="alert">
      {failureMessage(error)}
    </p>
  );
}
