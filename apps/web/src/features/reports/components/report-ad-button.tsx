import type { Car } from '@bilmarknaden/shared/api-types';
import { AD_REPORT_REASONS, adReportRules } from '@bilmarknaden/shared/validation/report';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { useDialogAfterLogin } from '../../../lib/use-dialog-after-login.ts';
import { useReportAd } from '../api/reports-api.ts';

const ReportDialog = lazyDialog(async () => (await import('../../../components/report-dialog.tsx')).ReportDialog);

/**
 * 'Anmäl annons' on an ad (not one's own): a reason and an optional text for the moderators. Logged out it opens
 * the login dialog, and the report after that login.
 */
export function ReportAdButton({ car }: { car: Pick<Car, 'id' | 'user'> }) {
  const { own, open, setOpen, ask } = useDialogAfterLogin(car.user);
  const report = useReportAd(car.id);
  if (own) return null;
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-haspopup="dialog"
        {...ReportDialog.trigger}
        onClick={ask}
      >
        Anmäl annons
      </button>
      <ReportDialog
        title="Anmäl annons"
        legend="Varför anmäler du annonsen?"
        reasons={AD_REPORT_REASONS}
        rules={adReportRules}
        report={report}
        open={open}
        onOpenChange={setOpen}
        submitLabel="Skicka anmälan"
      />
    </>
  );
}
