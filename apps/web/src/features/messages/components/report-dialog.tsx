import { ReportDialog as SharedReportDialog } from '../../../components/report-dialog.tsx';
import { useReport } from '../api/messaging-api.ts';
import { CONVERSATION_REPORT_REASONS, conversationReportRules } from '@bilmarknaden/shared/validation/report';

interface ReportDialogProps {
  conversationId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Rapportera konversationen': a reason from the shared list and an optional comment, sent to the moderators. */
export function ReportDialog({ conversationId, open, onOpenChange }: ReportDialogProps) {
  const report = useReport(conversationId);
  return (
    <SharedReportDialog
      title="Rapportera konversationen"
      legend="Varför rapporterar du konversationen?"
      reasons={CONVERSATION_REPORT_REASONS}
      rules={conversationReportRules}
      report={report}
      open={open}
      onOpenChange={onOpenChange}
      submitLabel="Rapportera"
    />
  );
}
