import { useEffect, useRef, useState } from 'react';
import type { Car } from '@bilmarknaden/shared/api-types';
import { AD_REPORT_REASONS, adReportRules } from '@bilmarknaden/shared/validation/report';
import { ReportDialog } from '../../../components/report-dialog.tsx';
import { openLoginDialog, useLoginDialogOpen } from '../../../lib/login-dialog.ts';
import { useSessionToken } from '../../../lib/session-store.ts';
import { tokenUsername } from '../../../lib/token-claims.ts';
import { useReportAd } from '../api/reports-api.ts';

/**
 * 'Anmäl annons' on an ad (not one's own): a reason and an optional text for the moderators. Logged out it opens
 * the login dialog, and the report after that login.
 */
export function ReportAdButton({ car }: { car: Pick<Car, 'id' | 'user'> }) {
  const token = useSessionToken();
  const me = token ? tokenUsername(token) : undefined;
  const [open, setOpen] = useState(false);
  const report = useReportAd(car.id);
  const openAfterLogin = useRef(false);
  const loginOpen = useLoginDialogOpen();

  useEffect(() => {
    if (!openAfterLogin.current) return;
    if (token === null) {
      if (!loginOpen) openAfterLogin.current = false;
      return;
    }
    openAfterLogin.current = false;
    if (tokenUsername(token) !== car.user) setOpen(true);
  }, [token, loginOpen, car.user]);

  if (me !== undefined && me === car.user) return null;
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-haspopup="dialog"
        onClick={() => {
          if (token) return setOpen(true);
          openAfterLogin.current = true;
          openLoginDialog();
        }}
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
