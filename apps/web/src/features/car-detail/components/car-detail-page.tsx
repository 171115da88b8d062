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
import type { Car } from '@bilmarknaden/shared/api-types';
import { useCar } from '../../../lib/car-queries.ts';
import { isNotFound } from '../../../lib/api-client.ts';
import { formatCreated, formatHp, formatListedAge, formatMil, formatPrice } from '../../../lib/format.ts';
import { placeWithCounty } from '../../../components/car-facts.ts';
import { PriceCut, PriceLabelBadge } from '../../../components/price-facts.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { PriceSection } from './price-section.tsx';
import { SoldControls } from './sold-controls.tsx';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PhotoStrip } from './photo-strip.tsx';
import { OwnerActions } from './owner-actions.tsx';
import { ShareButton } from './share-button.tsx';
import { SimilarCars } from './similar-cars.tsx';
import '../car-detail.css';

interface CarDetailPageProps {
  /** The heart beside the price, composed in by the app (features do not import each other). */
  saveButton?: (car: Car) => ReactNode;
  /** 'Skicka meddelande' (the messages feature), composed in by the app. Neither it nor the heart is on one's own ad. */
  messageButton?: (car: Car) => ReactNode;
  /** 'Anmäl annons' (the reports feature), composed in by the app; absent on the seller's own ad. */
  reportButton?: (car: Car) => ReactNode;
}

/** /car/{id}: the whole ad; an unknown id goes to /notfound. */
export function CarDetailPage({ saveButton, messageButton, reportButton }: CarDetailPageProps) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const car = useCar(id);
  const { details } = useSession();
  const notFound = isNotFound(car.error);
  useDocumentTitle(car.data?.title);

  useEffect(() => {
    if (notFound) navigate('/notfound', { replace: true });
  }, [notFound, navigate]);

  if (car.isPending || notFound) return <Spinner label="Laddar annonsen..." />;
  if (car.isError) return <QueryError onRetry={() => void car.refetch()} />;

  const c = car.data;
  const sold = Boolean(c.soldAt);
  const own = details?.username === c.user;
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
      {own && <OwnerActions car={c} />}
      {own && <SoldControls car={c} />}
      <div className="car-detail__tools">
        <ShareButton title={c.title} />
      </div>
      <dl className="car-detail__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section className="car-detail__seller" aria-labelledby="seller-heading">
        <h2 id="seller-heading" className="visually-hidden">
          Säljare
        </h2>
        <p className="car-detail__user">@{c.user}</p>
        <div className="car-detail__actions">
          {!sold && !own && messageButton?.(c)}
          <Link className="button button--secondary" to={`/user/${encodeURIComponent(c.user)}`}>
            Besök profil
          </Link>
          {!own && reportButton?.(c)}
        </div>
      </section>
      <PriceSection car={c} />
      <section aria-labelledby="description-heading">
        <h2 id="description-heading">Beskrivning</h2>
        <p className="car-detail__description">{c.description}</p>
      </section>
      <SimilarCars carId={c.id} />
    </article>
  );
}
