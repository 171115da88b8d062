import { useRef, useState, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { cardImagePath } from '@bilmarknaden/shared/api-paths';
import type { SavedCar, SavedCarListItem } from '@bilmarknaden/shared/api-types';
import { carFacts } from '../../../components/car-facts.ts';
import { formatCreated, formatNumber } from '../../../lib/format.ts';
import { NoPhoto, Photo } from '../../../components/photo.tsx';
import { isSwipeDelete, isSwipeStart, swipeTranslate } from '../utils/swipe.ts';

/** What the row shows of an ad that is available: its photo, title, facts and marks, linked to its page. */
function AvailableCar({ car, eager }: { car: SavedCar; eager: boolean | undefined }) {
  const f = carFacts(car);
  return (
    <Link to={`/car/${car.id}`} className="saved-row__link" draggable={false}>
      <div className="saved-row__media">
        {car.imageCount > 0 ? (
          <Photo
            src={cardImagePath(car.id, 1, car.imageVersion)}
            alt={car.title}
            width={160}
            height={120}
            eager={eager}
            draggable={false}
          />
        ) : (
          <NoPhoto />
        )}
      </div>
      <div className="saved-row__body">
        <h2 className="saved-row__title">{car.title}</h2>
        {car.soldAt && (
          // Text, not colour alone: read with the link's name.
          <p className="saved-row__sold">
            Såld <time dateTime={car.soldAt}>{formatCreated(car.soldAt)}</time>
          </p>
        )}
        {Boolean(car.priceDrop) && !car.soldAt && (
          // Text, not colour alone, as 'Såld'.
          <p className="saved-row__drop">Sänkt {formatNumber(car.priceDrop ?? 0)} kr</p>
        )}
        <p className="saved-row__facts">{[f.year, f.fuel, f.milage, f.transmission, f.hp].join(' · ')}</p>
        <p className="saved-row__meta">
          <span>{f.location}</span>
          <span className="saved-row__price">{f.price}</span>
          <time dateTime={car.created}>{f.created}</time>
        </p>
      </div>
    </Link>
  );
}

/** The moderators hid the ad: the server tells only that it is no longer available, so nothing of it shows. */
const UNAVAILABLE = 'Annonsen är inte längre tillgänglig';

function UnavailableCar() {
  return (
    <div className="saved-row__link">
      <div className="saved-row__media">
        <NoPhoto />
      </div>
      <div className="saved-row__body">
        <h2 className="saved-row__title">{UNAVAILABLE}</h2>
        <p className="saved-row__sold">Borttagen</p>
      </div>
    </div>
  );
}

interface SavedRowProps {
  car: SavedCarListItem;
  eager?: boolean;
  onRemove: () => void;
}

/**
 * One saved ad: links to the ad, marked 'Såld' with the time when it is sold, or 'Borttagen' without a link when
 * the moderators hid it; swipe it left far enough or press 'Ta bort' to remove it.
 */
export function SavedRow({ car, eager, onRemove }: SavedRowProps) {
  const [offset, setOffset] = useState(0);
  const [swiping, setSwiping] = useState(false);
  const drag = useRef<{ x: number; y: number; id: number; swiping: boolean } | null>(null);
  const swallowClick = useRef(false);

  const end = (e: PointerEvent, remove: boolean) => {
    const d = drag.current;
    drag.current = null;
    if (!d?.swiping) return;
    setSwiping(false);
    swallowClick.current = true;
    if (remove && isSwipeDelete(e.clientX - d.x)) onRemove();
    else setOffset(0);
  };

  return (
    <li className="saved-row">
      <div className="saved-row__behind" aria-hidden="true">
        Ta bort
      </div>
      <div
        className={`saved-row__front ${swiping ? '' : 'saved-row__front--settle'}`}
        style={{ transform: offset ? `translateX(${offset}px)` : undefined }}
        onPointerDown={(e) => {
          if (e.pointerType === 'mouse' && e.button !== 0) return;
          drag.current = { x: e.clientX, y: e.clientY, id: e.pointerId, swiping: false };
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d || d.id !== e.pointerId) return;
          const dx = e.clientX - d.x;
          if (!d.swiping) {
            if (!isSwipeStart(dx, e.clientY - d.y)) return;
            d.swiping = true;
            setSwiping(true);
            e.currentTarget.setPointerCapture?.(e.pointerId);
          }
          setOffset(swipeTranslate(dx));
        }}
        onPointerUp={(e) => end(e, true)}
        onPointerCancel={(e) => end(e, false)}
        onClickCapture={(e) => {
          // A swipe is not a tap on the link.
          if (swallowClick.current) {
            swallowClick.current = false;
            e.preventDefault();
            e.stopPropagation();
          }
        }}
      >
        {car.removed ? <UnavailableCar /> : <AvailableCar car={car} eager={eager} />}
        <button
          type="button"
          className="button button--secondary saved-row__remove"
          onClick={onRemove}
          aria-label={`Ta bort ${car.removed ? 'annonsen som inte längre är tillgänglig' : car.title} från sparade`}
        >
          Ta bort
        </button>
      </div>
    </li>
  );
}
