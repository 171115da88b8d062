import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  attributeLabels,
  colorOptions,
  drivetrainOptions,
  fuelOptions,
  optionLabel,
  transmissionOptions,
  typeOptions,
} from '@bilmarknaden/shared/options';
import type { Car, ExpiredCar, OwnHiddenCarDetail } from '@bilmarknaden/shared/api-types';
import { AD_LIFECYCLE_MESSAGES } from '@bilmarknaden/shared/ad-lifecycle';
import { useCar } from '../../../lib/car-queries.ts';
import { ApiRequestError, failureMessage, isNotFound } from '../../../lib/api-client.ts';
import { useExpiredCar, useRenewMutation } from '../../../lib/lifecycle-queries.ts';
import { countView } from '../api/count-view.ts';
import { useOwnHiddenCar } from '../../../lib/hidden-queries.ts';
import { formatCreated, formatHp, formatListedAge, formatMil, formatPrice } from '../../../lib/format.ts';
import { placeWithCounty } from '../../../components/car-facts.ts';
import { PriceCut, PriceLabelBadge } from '../../../components/price-facts.tsx';
import { CompareToggle } from '../../../components/compare-toggle.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { PriceSection } from './price-section.tsx';
import { SoldControls } from './sold-controls.tsx';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PhotoStrip } from './photo-strip.tsx';
import { OwnerActions } from './owner-actions.tsx';
import { DealerMark } from '../../../components/dealer-mark.tsx';
import { SellerBox } from '../../../components/seller-box.tsx';
import { ShareButton } from './share-button.tsx';
import { SimilarCars } from './similar-cars.tsx';
import { VehicleFacts } from './vehicle-facts.tsx';
import { EquipmentSection } from './equipment-section.tsx';
import '../car-detail.css';

interface CarDetailPageProps {
  /** The heart beside the price, composed in by the app (features do not import each other). */
  saveButton?: (car: Car) => ReactNode;
  /** 'Skicka meddelande' (the messages feature), composed in by the app. Neither it nor the heart is on one's own ad. */
  messageButton?: (car: Car) => ReactNode;
  /** 'Anmäl annons' (the reports feature), composed in by the app; absent on the seller's own ad. */
  reportButton?: (car: Car) => ReactNode;
  /** On the owner's own hidden ad: 'Annonsen är dold', the reason and 'Begär omprövning' (the reports feature). */
  hiddenNotice?: (hidden: OwnHiddenCarDetail) => ReactNode;
}

/**
 * /car/{id}: the whole ad; an unknown id goes to /notfound. When the public detail answers 404, the ad may have
 * expired: anyone then sees 'Annonsen har gått ut', its seller with 'Förnya'. For a logged-in user the owner's read
 * of a hidden ad is tried too: the owner sees the ad marked hidden (without photos), anyone else the not-found
 * screen.
 */
export function CarDetailPage({ hiddenNotice, ...buttons }: CarDetailPageProps) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const car = useCar(id);
  const { details, loggedIn } = useSession();
  const notFound = isNotFound(car.error);
  const expired = useExpiredCar(id, notFound);
  const hidden = useOwnHiddenCar(id, notFound && loggedIn);
  const hiddenMissing =
    !loggedIn || isNotFound(hidden.error) || (hidden.error instanceof ApiRequestError && hidden.error.status === 401);
  const missing = notFound && isNotFound(expired.error) && hiddenMissing;
  useDocumentTitle(car.data?.title ?? expired.data?.title ?? hidden.data?.car.title);
  const own = details?.username === car.data?.user;
  const shownId = car.data?.id;

  useEffect(() => {
    if (missing) navigate('/notfound', { replace: true });
  }, [missing, navigate]);

  // A view of someone else's ad, told once the page shows it (the server counts it or not).
  useEffect(() => {
    if (shownId !== undefined && !own) countView(shownId);
  }, [shownId, own]);

  if (notFound && expired.isSuccess)
    return <ExpiredAd car={expired.data} own={details?.username === expired.data.user} />;
  if (notFound && hidden.isSuccess)
    return <CarDetailView car={hidden.data.car} own notice={hiddenNotice?.(hidden.data)} hidden />;
  if (car.isPending || notFound) {
    const failed =
      (hidden.isError && !hiddenMissing && hidden.error) || (expired.isError && !isNotFound(expired.error));
    if (notFound && failed && !missing)
      return <QueryError onRetry={() => void (hidden.isError ? hidden.refetch() : expired.refetch())} />;
    return <Spinner label="Laddar annonsen..." />;
  }
  if (car.isError) return <QueryError onRetry={() => void car.refetch()} />;
  return <CarDetailView car={car.data} own={own} {...buttons} />;
}

/** An expired ad's page: 'Annonsen har gått ut'; its seller may renew it ('Förnya'), which shows the ad again. */
function ExpiredAd({ car, own }: { car: ExpiredCar; own: boolean }) {
  const renew = useRenewMutation();
  return (
    <article className="car-detail">
      <h1 className="car-detail__title">{car.title}</h1>
      <p className="car-detail__sold" role="status">
        {AD_LIFECYCLE_MESSAGES.expired}
      </p>
      <p>
        Annonsen gick ut <time dateTime={car.expiresAt}>{formatCreated(car.expiresAt)}</time> och visas inte längre i
        listor och sökningar.
      </p>
      {own ? (
        <div className="car-detail__owner">
          <button
            type="button"
            className="button button--primary"
            disabled={renew.isPending}
            onClick={() => renew.mutate(car.id)}
          >
            Förnya
          </button>
          <Link className="button button--secondary" to="/mina-annonser">
            Mina annonser
          </Link>
          {renew.isError && (
            <p className="alert" role="alert">
              {failureMessage(renew.error)}
            </p>
          )}
        </div>
      ) : (
        <p>
          <Link to="/">Se bilar som är till salu</Link>
        </p>
      )}
    </article>
  );
}

interface CarDetailViewProps extends Omit<CarDetailPageProps, 'hiddenNotice'> {
  car: Car;
  /** The logged-in user is the seller. */
  own: boolean;
  /** The owner's view of an ad the moderators hid: marked, without photos, price history, similar ads or actions. */
  hidden?: boolean;
  notice?: ReactNode;
}

function CarDetailView({
  car: c,
  own,
  hidden = false,
  notice,
  saveButton,
  messageButton,
  reportButton,
}: CarDetailViewProps) {
  const sold = Boolean(c.soldAt);
  const facts: [string, ReactNode][] = [
    [attributeLabels.transmission, optionLabel(transmissionOptions, c.transmission)],
    [attributeLabels.fuel, optionLabel(fuelOptions, c.fuel)],
    ['Miltal', formatMil(c.milage)],
    [
      'Inlagd',
      <>
        <time dateTime={c.created}>{formatCreated(c.created)}</time>{' '}
        <span className="car-detail__age">{formatListedAge(c.created)}</span>
      </>,
    ],
    [attributeLabels.make, c.make],
    [attributeLabels.model, c.model],
    [attributeLabels.color, optionLabel(colorOptions, c.color)],
    [attributeLabels.type, optionLabel(typeOptions, c.type)],
    [attributeLabels.drivetrain, optionLabel(drivetrainOptions, c.drivetrain)],
    ['Hästkrafter', formatHp(c.hp)],
    ['Årsmodell', String(c.year)],
    ['Plats', placeWithCounty(c.kommun)],
  ];

  return (
    <article className="car-detail">
      <h1 className="car-detail__title">{c.title}</h1>
      <DealerMark dealer={c.dealer} link />
      {notice}
      <PhotoStrip carId={c.id} title={c.title} imageCount={c.imageCount} imageVersion={c.imageVersion} />
      {sold && (
        <p className="car-detail__sold" role="status">
          Såld
        </p>
      )}
      <div className="car-detail__price-row">
        <p className="car-detail__price">{formatPrice(c.price)}</p>
        {!sold && <PriceCut amount={c.priceCut} />}
        {!sold && <PriceLabelBadge label={c.priceJudgement?.label} />}
        {!sold && !own && saveButton?.(c)}
      </div>
      {own && !hidden && <OwnerActions car={c} />}
      {own && !hidden && <SoldControls car={c} />}
      {!hidden && (
        <div className="car-detail__tools">
          <ShareButton title={c.title} />
          {!sold && <CompareToggle car={c} />}
        </div>
      )}
      <dl className="car-detail__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <SellerBox username={c.user}>
        <div className="car-detail__actions">
          {!sold && !own && messageButton?.(c)}
          <Link className="button button--secondary" to={`/user/${encodeURIComponent(c.user)}`}>
            Besök profil
          </Link>
          {!own && reportButton?.(c)}
        </div>
      </SellerBox>
      <VehicleFacts car={c} />
      <EquipmentSection equipment={c.equipment} />
      {!hidden && <PriceSection car={c} />}
      <section aria-labelledby="description-heading">
        <h2 id="description-heading">Beskrivning</h2>
        <p className="car-detail__description">{c.description}</p>
      </section>
      {!hidden && <SimilarCars carId={c.id} />}
    </article>
  );
}
