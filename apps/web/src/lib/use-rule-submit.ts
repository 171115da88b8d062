import { useRef, useState, type FormEvent } from 'react';
import { failingRules, type Rule, type RuleFailure } from '@bilmarknaden/shared/validation/rules';
import { ApiRequestError } from './api-client.ts';

interface RuleSubmitOptions<T> {
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

const valueOf = (input: unknown, field: string): unknown => (input as Record<string, unknown>)[field];

/**
 * A form's own answer to a refusal (a 4xx): the failure to show, or true when the form took it itself (a 401
 * that ends the session); anything else shows the server's message on its field.
 */
type Refused = (err: ApiRequestError) => RuleFailure | boolean | undefined;

/**
 * How every form sends, so they all behave alike: the shared rules run first (nothing sent while one fails, its
 * field focused); one request at a time; a refusal shows the server's message on its field; a fault shows `failed`.
 */
export function useRuleSubmit<T>({ rules, input, focus, failed, logLabel, onBusyChange }: RuleSubmitOptions<T>) {
  // The state lags a render behind: a second submit in the same moment must not send a second request.
  const sending = useRef(false);
  const [attempted, setAttempted] = useState(false);
  // The refusal with the value its field had: an edit of that field clears it (a field is marked only while wrong).
  const [refused, setRefused] = useState<{ failure: RuleFailure; value: unknown } | null>(null);
  const serverError =
    refused && (!refused.failure.field || valueOf(input, refused.failure.field) === refused.value)
      ? refused.failure
      : null;
  const setServerError = (failure: RuleFailure | null, sent?: T) =>
    setRefused(failure && { failure, value: sent === undefined ? undefined : valueOf(sent, failure.field) });
  const [retry, setRetry] = useState<(() => void) | null>(null);
  const [busy, setBusy] = useState(false);
  const failures = attempted ? failingRules(rules, input) : [];

  const setSending = (on: boolean) => {
    sending.current = on;
    setBusy(on);
    onBusyChange?.(on);
  };

  async function send(value: T, request: (input: T) => Promise<void>, refused?: Refused): Promise<void> {
    if (sending.current) return;
    setServerError(null);
    setRetry(null);
    setSending(true);
    try {
      await request(value);
    } catch (err) {
      const refusal = err instanceof ApiRequestError && err.status < 500 ? err : null;
      const taken = refusal && refused?.(refusal);
      if (taken === true) return;
      const failure = taken || (refusal && { field: refusal.field ?? '', message: refusal.message });
      if (failure) {
        setServerError(failure, value);
        if (failure.field) focus(failure.field);
      } else {
        console.error(logLabel, err);
        setServerError({ field: '', message: failed });
        setRetry(() => () => void send(value, request, refused));
      }
    } finally {
      setSending(false);
    }
  }

  /** Sends `input` with `request` when the rules pass. */
  async function submit(e: FormEvent, request: (input: T) => Promise<void>, refused?: Refused): Promise<void> {
    e.preventDefault();
    if (sending.current) return;
    setAttempted(true);
    setServerError(null);
    const failure = failingRules(rules, input).at(-1);
    if (failure) {
      focus(failure.field);
      return;
    }
    await send(input, request, refused);
  }

  return {
    /** The message to show: the last failing rule once a submit was tried, else the server's. */
    shown: failures.at(-1) ?? serverError,
    /** Every failing rule once a submit was tried, in the rules' order (a form with a message per field). */
    failures,
    serverError,
    /** After a fault: sends the same input again. */
    retry,
    busy,
    submit,
    /** An edit clears the server's message (the rules' stays until the value passes). */
    clearServerError: () => {
      setServerError(null);
      setRetry(null);
    },
    /** After a success that empties the form: no rule message until the next submit. */
    resetAttempt: () => setAttempted(false),
  };
}
