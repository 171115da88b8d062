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
import { formatCreated, formatHp, formatMil, formatPrice } from '../../../lib/format.ts';
import { placeWithCounty } from '../../../components/car-facts.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PhotoStrip } from './photo-strip.tsx';
import '../car-detail.css';

interface CarDetailPageProps {
  /** The heart beside the price, composed in by the app (features do not import each other). */
  saveButton?: (car: Car) => ReactNode;
}

/** /car/{id}: the whole ad; an unknown id goes to /notfound. */
export function CarDetailPage({ saveButton }: CarDetailPageProps) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const car = useCar(id);
  const notFound = isNotFound(car.error);
  useDocumentTitle(car.data?.title);

  useEffect(() => {
    if (notFound) navigate('/notfound', { replace: true });
  }, [notFound, navigate]);

  if (car.isPending || notFound) return <Spinner label="Laddar annonsen..." />;
  if (car.isError) return <QueryError onRetry={() => void car.refetch()} />;

  const c = car.data;
  const facts: [string, string][] = [
    [attributeLabels.transmission, optionLabel(transmissionOptions, c.transmission)],
    [attributeLabels.fuel, optionLabel(fuelOptions, c.fuel)],
    ['Miltal', formatMil(c.milage)],
    ['Inlagd', formatCreated(c.created)],
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
      <div className="car-detail__price-row">
        <p className="car-detail__price">{formatPrice(c.price)}</p>
        {saveButton?.(c)}
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
          <button type="button" className="button" disabled aria-describedby="message-soon">
            Skicka meddelande
          </button>
          <span id="message-soon" className="car-detail__soon">
            Kommer snart
          </span>
          <Link className="button button--secondary" to={`/user/${encodeURIComponent(c.user)}`}>
            Besök profil
          </Link>
        </div>
      </section>
      <section aria-labelledby="description-heading">
        <h2 id="description-heading">Beskrivning</h2>
        <p className="car-detail__description">{c.description}</p>
      </section>
    </article>
  );
}
