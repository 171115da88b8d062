import { USER_REPORT_REASONS, userReportRules } from '@bilmarknaden/shared/validation/report';
import { ReportDialog } from '../../../components/report-dialog.tsx';
import { useDialogAfterLogin } from '../../../lib/use-dialog-after-login.ts';
import { useReportUser } from '../api/reports-api.ts';

/**
 * 'Anmäl användare' on a user's page (not one's own): the report dialog of 'Anmäl annons' with the reasons that fit
 * a person. Logged out it opens the login dialog, and the report after that login.
 */
export function ReportUserButton({ username }: { username: string }) {
  const { own, open, setOpen, ask } = useDialogAfterLogin(username);
  const report = useReportUser(username);
  if (own) return null;
  return (
    <>
      <button type="button" className="button button--secondary" aria-haspopup="dialog" onClick={ask}>
        Anmäl användare
      </button>
      <ReportDialog
        title="Anmäl användare"
        legend="Varför anmäler du användaren?"
        reasons={USER_REPORT_REASONS}
        rules={userReportRules}
        report={report}
        open={open}
        onOpenChange={setOpen}
        submitLabel="Skicka anmälan"
      />
    </>
  );
}
