import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { distanceText } from '@bilmarknaden/shared/distance';
import { carFacts } from './car-facts.ts';
import { CompareToggle } from './compare-toggle.tsx';
import { adPhotoSources, NoPhoto, Photo } from './photo.tsx';
import { PriceCut, PriceLabelBadge } from './price-facts.tsx';
import { DealerMark } from './dealer-mark.tsx';
import './car-card.css';

const CARD_IMAGE_WIDTH = 320;
const CARD_IMAGE_HEIGHT = 240;
/** The photo's width in each layout of car-card.css: beside the facts on phones, the card's width on wider screens. */
const CARD_IMAGE_SIZES = '(max-width: 47.99rem) 9rem, 22rem';

interface CarCardProps {
  car: CarListItem;
  /** The first cards are above the fold: their photo loads eagerly. */
  eager?: boolean;
  /** Beside the link, over the photo's corner: the heart. */
  action?: ReactNode;
  /** The title's heading level: h3 in a section of a page whose sections are h2 ('Liknande bilar'). */
  titleLevel?: 2 | 3;
  /** 'Jämför' beside the link; off where the ads cannot be bought (the seller's sold ads). */
  compare?: boolean;
}

/** One ad in a list: first photo, title, facts, its place, price and created date; links to the ad. */
export function CarCard({ car, eager = false, action, titleLevel = 2, compare = true }: CarCardProps) {
  const f = carFacts(car);
  const Title = titleLevel === 3 ? 'h3' : 'h2';
  return (
    <article className={`car-card${action ? ' car-card--with-action' : ''}`}>
      <Link to={`/car/${car.id}`} className="car-card__link">
        <div className="car-card__media">
          {car.imageCount > 0 ? (
            <Photo
              className="car-card__img"
              {...adPhotoSources(car.id, 1, car.imageVersion)}
              sizes={CARD_IMAGE_SIZES}
              alt={car.title}
              width={CARD_IMAGE_WIDTH}
              height={CARD_IMAGE_HEIGHT}
              eager={eager}
            />
          ) : (
            <NoPhoto className="car-card__img" />
          )}
        </div>
        <div className="car-card__body">
          <Title className="car-card__title">{car.title}</Title>
          <ul className="car-card__facts">
            <li>{f.year}</li>
            <li>{f.fuel}</li>
            <li>{f.milage}</li>
            <li>{f.transmission}</li>
            <li>{f.hp}</li>
          </ul>
          <DealerMark dealer={car.dealer} className="car-card__dealer" />
          <p className="car-card__location">
            {f.location}
            {typeof car.distanceKm === 'number' && (
              <span className="car-card__distance">
                {' · '}
                {distanceText(car.distanceKm)}
              </span>
            )}
          </p>
          <p className="car-card__price">{f.price}</p>
          {(car.priceCut || car.priceLabel) && (
            <p className="car-card__price-facts">
              <PriceCut amount={car.priceCut} /> <PriceLabelBadge label={car.priceLabel} />
            </p>
          )}
          <p className="car-card__created">
            <time dateTime={car.created}>{f.created}</time>
          </p>
        </div>
      </Link>
      {action && <div className="car-card__action">{action}</div>}
      {compare && (
        <div className="car-card__compare">
          <CompareToggle car={car} named />
        </div>
      )}
    </article>
  );
}
