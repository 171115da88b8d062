import { Link } from 'react-router';
import type { OwnDealer } from '@bilmarknaden/shared/schemas/dealer-account-schemas';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useApply, useOwnDealer } from '../api/dealer-api.ts';
import { DealerForm, dealerBodyOf, EMPTY_DEALER } from './dealer-form.tsx';
import { LoginNeeded } from './login-needed.tsx';
import '../dealers.css';

const FAILED = 'Ansökan kunde inte skickas. Försök igen om en stund.';

/** The application's state as its applicant reads it. */
function ApplicationStatus({ dealer }: { dealer: OwnDealer }) {
  if (dealer.status === 'pending')
    return (
      <div className="notice dealer-status" role="status">
        <h2>Ansökan skickad</h2>
        <p>
          Vi granskar ansökan för <strong>{dealer.name}</strong> och mejlar dig när den är avgjord. Det brukar ta högst
          ett par arbetsdagar.
        </p>
      </div>
    );
  if (dealer.status === 'approved')
    return (
      <div className="notice dealer-status" role="status">
        <h2>{dealer.name} är godkänd som handlare</h2>
        <p>
          <Link to="/mitt-foretag">Gå till Mitt företag</Link> ·{' '}
          <Link to={`/handlare/${dealer.slug}`}>Visa företagets sida</Link>
        </p>
      </div>
    );
  return (
    <div className="alert dealer-status" role="status">
      <h2>Ansökan godkändes inte</h2>
      <p>Skäl: {dealer.rejectReason}</p>
      <p>Rätta uppgifterna nedan och skicka in ansökan igen.</p>
    </div>
  );
}

/**
 * /bli-handlare: a logged-in user who acts for no dealer applies with the company's details; afterwards the page
 * shows the application's state (waiting, approved, or rejected with the reason and the form to send it again).
 */
export function ApplyPage() {
  useDocumentTitle('Bli handlare');
  const { loggedIn } = useSession();
  const own = useOwnDealer(loggedIn);
  const apply = useApply();
  const dealer = own.data;

  let body;
  if (!loggedIn) body = <LoginNeeded what="ansöka om att bli handlare" />;
  else if (own.isPending) body = <Spinner />;
  else if (own.isError) body = <QueryError onRetry={() => void own.refetch()} />;
  else
    body = (
      <>
        {dealer && <ApplicationStatus dealer={dealer} />}
        {(!dealer || (dealer.status === 'rejected' && dealer.role === 'owner')) && (
          <>
            {!dealer && (
              <p className="dealer-intro">
                Säljer du bilar i ett företag? Ansök om ett handlarkonto: företaget får en egen sida med logotyp,
                öppettider och alla bilar till salu, och kan föra in hela lagret med en fil. Vi granskar ansökan innan
                den godkänns.
              </p>
            )}
            <DealerForm
              initial={dealer ? dealerBodyOf(dealer) : EMPTY_DEALER}
              submitLabel={dealer ? 'Skicka in igen' : 'Skicka ansökan'}
              busyLabel="Skickar ansökan..."
              failed={FAILED}
              onSubmit={async (values) => {
                await apply.mutateAsync(values);
              }}
            />
          </>
        )}
      </>
    );
  return (
    <section className="page dealer-page-apply">
      <h1>Bli handlare</h1>
      {body}
    </section>
  );
}
