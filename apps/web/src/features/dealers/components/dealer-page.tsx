import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { findKommun } from '@bilmarknaden/shared/places';
import { replyTimeText } from '../../../components/seller-box.tsx';
import { isNotFound } from '../../../lib/api-client.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { useSellerReplyTime } from '../../../lib/seller-queries.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useDealerProfile, useOwnDealer } from '../api/dealer-api.ts';
import '../dealers.css';

interface DealerPageProps {
  /** The dealer's cars with the lists' filters, composed in by the app (the browse feature's list). */
  cars: (slug: string) => ReactNode;
}

/** The owner's usual reply time, when messaging knows one. */
function ReplyTime({ owner }: { owner: string }) {
  const minutes = useSellerReplyTime(owner).data?.medianMinutes;
  return minutes == null ? null : <p className="dealer-profile__reply">{replyTimeText(minutes)}</p>;
}

/**
 * /handlare/{slug}: an approved dealer's page — logo, presentation, address with kommun, opening hours, the usual
 * reply time and its cars. A slug of no approved dealer goes to /notfound. The dealer's own people get a link to
 * the import.
 */
export function DealerPage({ cars }: DealerPageProps) {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const profile = useDealerProfile(slug);
  const { loggedIn } = useSession();
  const own = useOwnDealer(loggedIn);
  const dealer = profile.data;
  useDocumentTitle(dealer?.name ?? 'Handlare');
  const missing = isNotFound(profile.error);

  useEffect(() => {
    if (missing) navigate('/notfound', { replace: true });
  }, [missing, navigate]);

  if (profile.isPending || missing) return <Spinner />;
  if (!dealer) return <QueryError onRetry={() => void profile.refetch()} />;
  const kommun = dealer.kommun ? findKommun(dealer.kommun)?.name : undefined;
  const staffOfDealer = own.data?.slug === dealer.slug && own.data.status === 'approved';
  return (
    <div className="dealer-profile">
      <header className="dealer-profile__header">
        {dealer.logo && (
          <img className="dealer-logo" src={dealer.logo} alt={`${dealer.name}s logotyp`} width={120} height={120} />
        )}
        <div>
          <h1>{dealer.name}</h1>
          <p className="dealer-badge">Handlare</p>
          <ReplyTime owner={dealer.owner} />
        </div>
        {staffOfDealer && (
          <Link className="button button--secondary" to={`/handlare/${dealer.slug}/import`}>
            Importera bilar
          </Link>
        )}
      </header>
      <div className="dealer-profile__facts">
        {dealer.presentation && (
          <section aria-labelledby="dealer-about-heading">
            <h2 id="dealer-about-heading">Om oss</h2>
            <p className="dealer-profile__presentation">{dealer.presentation}</p>
          </section>
        )}
        <section aria-labelledby="dealer-visit-heading">
          <h2 id="dealer-visit-heading">Besök och kontakt</h2>
          <address>
            {dealer.street}
            <br />
            {dealer.postalCode} {dealer.city}
            {kommun && (
              <>
                <br />
                {kommun} kommun
              </>
            )}
            <br />
            Telefon: <a href={`tel:${dealer.phone.replace(/[^\d+]/g, '')}`}>{dealer.phone}</a>
          </address>
          <p className="dealer-profile__org">Organisationsnummer {dealer.orgNumber}</p>
          {dealer.openingHours.length > 0 && (
            <>
              <h3>Öppettider</h3>
              <dl className="dealer-hours">
                {dealer.openingHours.map((line, i) => (
                  <div key={i}>
                    <dt>{line.days}</dt>
                    <dd>{line.hours}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
        </section>
      </div>
      {cars(dealer.slug)}
    </div>
  );
}
