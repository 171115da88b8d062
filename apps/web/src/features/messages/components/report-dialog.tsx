import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { failureMessage } from '../../../lib/api-client.ts';
import { useReturnFocus } from '../../../lib/return-focus.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useReport } from '../api/messaging-api.ts';
import { failingRules } from '@bilmarknaden/shared/validation/rules';
import {
  CONVERSATION_REPORT_REASONS,
  conversationReportRules,
  normalizeReport,
} from '@bilmarknaden/shared/validation/report';
import '../messages.css';

interface ReportDialogProps {
  conversationId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const THANKS = 'Tack, vi tittar på det';

/** 'Rapportera konversationen': a reason from the shared list and an optional comment, sent to the moderators. */
export function ReportDialog({ conversationId, open, onOpenChange }: ReportDialogProps) {
  const returnFocus = useReturnFocus();
  const report = useReport(conversationId);
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
          <Dialog.Title className="modal__title">Rapportera konversationen</Dialog.Title>
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
            <ReportForm report={report} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReportForm({ report }: { report: ReturnType<typeof useReport> }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [text, setText] = useState('');
  const [attempted, setAttempted] = useState(false);
  const input = normalizeReport({ reason, text });
  // The shared rules, as the server checks them: the last failing one is shown.
  const failure = attempted ? failingRules(conversationReportRules, input).at(-1) : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    const failed = failingRules(conversationReportRules, input).at(-1);
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
        <legend>Varför rapporterar du konversationen?</legend>
        {CONVERSATION_REPORT_REASONS.map((r, i) => (
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
          Rapportera
        </button>
      </div>
    </form>
  );
}
