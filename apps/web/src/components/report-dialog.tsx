import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import type { UseMutationResult } from '@tanstack/react-query';
import { failureMessage } from '../lib/api-client.ts';
import { useReturnFocus } from '../lib/return-focus.ts';
import { Spinner } from '../lib/spinner.tsx';
import { failingRules, type Rule } from '@bilmarknaden/shared/validation/rules';
import { normalizeReport, type ReportInput } from '@bilmarknaden/shared/validation/report';
import './report-dialog.css';

export type ReportMutation = UseMutationResult<unknown, unknown, { reason: string; text?: string }>;

interface ReportDialogProps {
  title: string;
  /** The question of the reasons' group ('Varför anmäler du annonsen?'). */
  legend: string;
  reasons: readonly string[];
  /** The shared rules the server checks (validation/report.ts). */
  rules: readonly Rule<ReportInput>[];
  report: ReportMutation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The send button's words. */
  submitLabel: string;
}

const THANKS = 'Tack, vi tittar på det';

/**
 * A report to the moderators (an ad, a conversation): a reason from the shared list and an optional text, checked by
 * the same rules as the server, then 'Tack, vi tittar på det'.
 */
export function ReportDialog({ title, open, onOpenChange, report, ...form }: ReportDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (report.isPending) return;
        if (!o) report.reset();
        onOpenChange(o);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="modal" aria-describedby={undefined} {...returnFocus}>
          <Dialog.Title className="modal__title">{title}</Dialog.Title>
          {report.isSuccess ? (
            <>
              <p className="notice" role="status">
                {THANKS}
              </p>
              <div className="modal__actions">
                <Dialog.Close className="button">Stäng</Dialog.Close>
              </div>
            </>
          ) : (
            <ReportForm report={report} {...form} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReportForm({
  report,
  legend,
  reasons,
  rules,
  submitLabel,
}: Pick<ReportDialogProps, 'report' | 'legend' | 'reasons' | 'rules' | 'submitLabel'>) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [text, setText] = useState('');
  const [attempted, setAttempted] = useState(false);
  const input = normalizeReport({ reason, text });
  // The shared rules, as the server checks them: the last failing one is shown.
  const failure = attempted ? failingRules(rules, input).at(-1) : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    const failed = failingRules(rules, input).at(-1);
    if (failed) {
      document.getElementById(failed.field === 'reason' ? `${id}-reason-0` : `${id}-text`)?.focus();
      return;
    }
    if (!report.isPending) report.mutate({ reason: input.reason, text: input.text || undefined });
  }

  const error = failure ? failure.message : report.isError ? failureMessage(report.error) : null;
  return (
    <form className="form" noValidate onSubmit={submit}>
      <fieldset className="report-reasons" aria-describedby={error ? `${id}-alert` : undefined}>
        <legend>{legend}</legend>
        {reasons.map((r, i) => (
          <label key={r} className="report-reasons__option">
            <input
              id={`${id}-reason-${i}`}
              type="radio"
              name="reason"
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />
            {r}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-text`}>Beskriv gärna vad som hänt (valfritt)</label>
        <textarea id={`${id}-text`} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      {error && (
        <p id={`${id}-alert`} className="alert" role="alert">
          {error}
        </p>
      )}
      <div className="modal__actions">
        <Dialog.Close asChild>
          <button type="button" className="button button--secondary" disabled={report.isPending}>
            Avbryt
          </button>
        </Dialog.Close>
        <button
          type="submit"
          className="button button--danger"
          disabled={report.isPending}
          aria-busy={report.isPending}
        >
          {report.isPending && <Spinner size="small" label="Skickar..." />}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
