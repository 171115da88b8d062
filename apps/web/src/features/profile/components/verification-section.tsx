import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { useQueryClient } from '@tanstack/react-query';
import type { VerificationStarted } from '@bilmarknaden/shared/api-types';
import { personalNumberRules, type PersonalNumberInput } from '@bilmarknaden/shared/validation/personal-number';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/format.ts';
import { storeSession } from '../../../lib/session-store.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useRuleSubmit } from '../../../lib/use-rule-submit.ts';
import { cancelVerification, pollVerification, startVerification, useCurrentUser } from '../api/verification-api.ts';

/** BankID's recommended texts for an order under way (RFA 1, 13, 9). */
const HINTS = {
  outstanding: 'Starta BankID-appen och skanna QR-koden.',
  started: 'Söker efter BankID, det kan ta en liten stund …',
  'user-sign': 'Skriv in din säkerhetskod i BankID-appen.',
} as const;
const POLL_MS = 2_000;
const FAILED = 'Verifieringen kunde inte startas. Försök igen om en stund.';

type Order = VerificationStarted & { qr: string | null; hint: keyof typeof HINTS };

/**
 * 'Verifiera med BankID' on the profile (issue 42): the personnummer is checked by the shared rule, then BankID is
 * opened on this device or its QR code scanned from another; the order is polled every two seconds until it is
 * signed, cancelled or expired. The new token carries the verification.
 */
export function VerificationSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const me = useCurrentUser(true);
  const input = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [values, setValues] = useState<PersonalNumberInput>({ personalNumber: '' });
  const [order, setOrder] = useState<Order | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useRuleSubmit({
    rules: personalNumberRules,
    input: { personalNumber: values.personalNumber.trim() },
    focus: () => input.current?.focus(),
    failed: FAILED,
    logLabel: 'BankID-verifieringen kunde inte startas',
  });

  useEffect(() => {
    if (!order) return;
    const controller = new AbortController();
    const timer = setTimeout(
      async () => {
        try {
          const state = await pollVerification(order.orderRef, controller.signal);
          if (state.status === 'pending') setOrder({ ...order, qr: state.qr, hint: state.hint });
          else {
            setOrder(null);
            if (state.status === 'complete') {
              storeSession(state.token);
              setOutcome({ ok: true, text: `Klart! Du är verifierad med BankID som ${state.name}.` });
              await queryClient.invalidateQueries({ queryKey: ['current-user'] });
            } else setOutcome({ ok: false, text: state.message });
            heading.current?.focus();
          }
        } catch (err) {
          if (controller.signal.aborted) return;
          setOrder(null);
          setOutcome({ ok: false, text: failureMessage(err) });
        }
      },
      order.qr === null ? 0 : POLL_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [order, queryClient]);

  function submit(e: FormEvent) {
    setOutcome(null);
    void form.submit(e, async ({ personalNumber }) => {
      const started = await startVerification(personalNumber);
      setOrder({ ...started, qr: null, hint: 'outstanding' });
    });
  }

  function cancel() {
    if (!order) return;
    void cancelVerification(order.orderRef).catch((err: unknown) => console.error(err));
    setOrder(null);
    setOutcome({ ok: false, text: 'Verifieringen avbröts.' });
    heading.current?.focus();
  }

  const verified = me.data?.verified;
  let body;
  if (me.isPending) body = <Spinner />;
  else if (verified)
    body = (
      <p className="verification__done">
        <VerifiedBadge /> som {verified.name} sedan {formatDay(verified.at)}.
      </p>
    );
  else if (order)
    body = (
      <div className="verification__order">
        <p role="status" aria-live="polite">
          {HINTS[order.hint]}
        </p>
        {order.qr && <QRCodeSVG value={order.qr} size={180} marginSize={2} title="QR-kod för BankID" role="img" />}
        <p>
          <a href={`bankid:///?autostarttoken=${encodeURIComponent(order.autoStartToken)}&redirect=null`}>
            Öppna BankID på den här enheten
          </a>
        </p>
        <button type="button" className="button button--secondary" onClick={cancel}>
          Avbryt
        </button>
      </div>
    );
  else
    body = (
      <form className="form card" noValidate onSubmit={submit}>
        <p>Visa köpare och säljare att du är den du säger. Ditt personnummer visas aldrig för någon.</p>
        <div className="field">
          <label htmlFor={`${id}-pnr`}>Personnummer</label>
          <input
            id={`${id}-pnr`}
            ref={input}
            name="personalNumber"
            inputMode="numeric"
            autoComplete="off"
            placeholder="ÅÅÅÅMMDD-NNNN"
            value={values.personalNumber}
            aria-invalid={form.shown ? true : undefined}
            aria-describedby={form.shown ? `${id}-pnr-error` : undefined}
            onChange={(e) => {
              setValues({ personalNumber: e.target.value });
              form.clearServerError();
            }}
          />
          {form.shown && (
            <p id={`${id}-pnr-error`} className="alert" role="alert">
              {form.shown.message}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={form.busy} aria-busy={form.busy}>
          {form.busy && <Spinner size="small" label="Startar BankID..." />}
          Verifiera med BankID
        </button>
      </form>
    );

  return (
    <section aria-labelledby={`${id}-heading`} className="verification">
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        Verifiering med BankID
      </h2>
      <div aria-live="polite">
        {outcome && (
          <p className={outcome.ok ? 'notice' : 'alert'} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.text}
          </p>
        )}
      </div>
      {body}
    </section>
  );
}
