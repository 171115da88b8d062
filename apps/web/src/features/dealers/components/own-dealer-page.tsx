import { useState } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useOwnDealer, useUpdateDealer } from '../api/dealer-api.ts';
import { ApiKeysSection } from './api-keys-section.tsx';
import { DealerForm, dealerBodyOf } from './dealer-form.tsx';
import { LoginNeeded } from './login-needed.tsx';
import { LogoSection } from './logo-section.tsx';
import { MembersSection } from './members-section.tsx';
import '../dealers.css';

const STATUS_TEXT = {
  pending: 'Ansökan granskas. Sidan blir synlig för köpare när företaget är godkänt.',
  rejected: 'Ansökan godkändes inte. Se Bli handlare för skälet och för att skicka in den igen.',
} as const;

/**
 * /mitt-foretag for the members of a dealer: the company's details and logo (any member), its members and
 * invitations, and the feed's API keys (the owner).
 */
export function OwnDealerPage() {
  useDocumentTitle('Mitt företag');
  const { loggedIn } = useSession();
  const own = useOwnDealer(loggedIn);
  const update = useUpdateDealer();
  const [saved, setSaved] = useState(false);
  const dealer = own.data;

  let body;
  if (!loggedIn) body = <LoginNeeded what="se ditt företag" />;
  else if (own.isPending) body = <Spinner />;
  else if (own.isError) body = <QueryError onRetry={() => void own.refetch()} />;
  else if (!dealer)
    body = (
      <p>
        Du hör inte till någon handlare. <Link to="/bli-handlare">Bli handlare</Link>
      </p>
    );
  else
    body = (
      <>
        {dealer.status === 'approved' ? (
          <p className="dealer-links">
            <Link to={`/handlare/${dealer.slug}`}>Visa företagets sida</Link> ·{' '}
            <Link to={`/handlare/${dealer.slug}/import`}>Importera bilar</Link>
          </p>
        ) : (
          <p className="notice" role="status">
            {STATUS_TEXT[dealer.status]}
          </p>
        )}
        <section className="dealer-section" aria-labelledby="dealer-details-heading">
          <h2 id="dealer-details-heading">Företagets uppgifter</h2>
          <DealerForm
            key={dealer.id}
            initial={dealerBodyOf(dealer)}
            orgNumberFixed
            submitLabel="Spara"
            busyLabel="Sparar..."
            failed="Uppgifterna kunde inte sparas. Försök igen om en stund."
            status={<div aria-live="polite">{saved && <p role="status">Uppgifterna är sparade.</p>}</div>}
            onSubmit={async ({ orgNumber: _fixed, ...values }) => {
              setSaved(false);
              await update.mutateAsync(values);
              setSaved(true);
            }}
          />
        </section>
        <LogoSection dealer={dealer} />
        <MembersSection dealer={dealer} />
        {dealer.role === 'owner' && dealer.status === 'approved' && <ApiKeysSection />}
      </>
    );
  return (
    <section className="page own-dealer-page">
      <h1>{dealer ? `Mitt företag: ${dealer.name}` : 'Mitt företag'}</h1>
      {body}
    </section>
  );
}
