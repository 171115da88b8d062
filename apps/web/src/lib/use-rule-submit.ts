import { useRef, useState, type FormEvent } from 'react';
import { lastFailure, type Rule, type RuleFailure } from '@bilmarknaden/shared/validation/rules';
import { ApiRequestError } from './api-client.ts';

export interface RuleSubmitOptions<T> {
  rules: readonly Rule<T>[];
  /** The form's values as the server reads them (trimmed, NFC). */
  input: T;
  /** Puts the keyboard on a field at fault (by its name; unknown names do nothing). */
  focus: (field: string) => void;
  /** Shown for a fault that is not a refusal (5xx, no connection). */
  failed: string;
  /** What the console says with such a fault. */
  logLabel: string;
  /** Tells the form's surroundings when a request starts and ends (a dialog that must not close meanwhile). */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * A form's sending as the app's forms do it: on submit the shared rules run (the last failing one is shown and its
 * field focused, nothing sent); one request at a time, even for two submits in the same moment; a refusal (4xx)
 * shows the server's Swedish message on its field, focused; anything else is `failed`. `shown` is the message to
 * show, from the rules once a submit was tried, else from the server.
 */
export function useRuleSubmit<T>({ rules, input, focus, failed, logLabel, onBusyChange }: RuleSubmitOptions<T>) {
  // The state lags a render behind: a second submit in the same moment must not send a second request.
  const sending = useRef(false);
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<RuleFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = (attempted ? lastFailure(rules, input) : null) ?? serverError;

  const setSending = (on: boolean) => {
    sending.current = on;
    setBusy(on);
    onBusyChange?.(on);
  };

  /**
   * Sends `input` with `send` when the rules pass. `refused` may take a refusal itself (answering true), e.g. a
   * 401 that ends the session or a dead link that replaces the form.
   */
  async function submit(
    e: FormEvent,
    send: (input: T) => Promise<void>,
    refused?: (err: ApiRequestError) => boolean,
  ): Promise<void> {
    e.preventDefault();
    if (sending.current) return;
    setAttempted(true);
    setServerError(null);
    const failure = lastFailure(rules, input);
    if (failure) {
      focus(failure.field);
      return;
    }
    setSending(true);
    try {
      await send(input);
    } catch (err) {
      if (err instanceof ApiRequestError && refused?.(err)) return;
      if (err instanceof ApiRequestError && err.status < 500) {
        setServerError({ field: err.field ?? '', message: err.message });
        if (err.field) focus(err.field);
      } else {
        console.error(logLabel, err);
        setServerError({ field: '', message: failed });
      }
    } finally {
      setSending(false);
    }
  }

  return {
    shown,
    busy,
    submit,
    /** An edit clears the server's message (the rules' stays until the value passes). */
    clearServerError: () => setServerError(null),
    /** After a success that empties the form: no rule message until the next submit. */
    resetAttempt: () => setAttempted(false),
  };
}
