import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Car } from '@bilmarknaden/shared/api-types';
import { COMPARE_MAX } from '@bilmarknaden/shared/constants';
import { EQUIPMENT_LABEL, equipmentLabel } from '@bilmarknaden/shared/equipment';
import { attributeLabels, fuelOptions, optionLabel, transmissionOptions } from '@bilmarknaden/shared/options';
import { formatRegistrationNumber } from '@bilmarknaden/shared/validation/registration-number';
import { isNotFound } from '../../../lib/api-client.ts';
import { useCars } from '../../../lib/car-queries.ts';
import { removeFromCompare, useComparedIds } from '../../../lib/compare-store.ts';
import { useFocusAfterRemoval } from '../../../lib/focus-after-removal.ts';
import { formatHp, formatListedAge, formatMil, formatPrice } from '../../../lib/format.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { placeWithCounty } from '../../../components/car-facts.ts';
import { adPhotoSources, NoPhoto, Photo } from '../../../components/photo.tsx';
import { PRICE_LABEL_TEXT, TOO_FEW_COMPARABLES } from '../../../components/price-facts.tsx';
import { useNarrow } from '../hooks/use-narrow.ts';
import '../compare.css';

/** A phone shows this many cars at a time, with buttons to move between them. */
const NARROW_COLUMNS = 2;

interface Fact {
  label: string;
  text: (car: Car) => string;
  /** Facts that always differ between two cars (the registration number) are not marked. */
  marksDifference?: boolean;
}

/** The fair-price label as the ad page words it; a sold ad or one without a judgement has none. */
function judgement(car: Car): string {
  const j = car.priceJudgement;
  if (car.soldAt || !j) return '–';
  return j.label ? PRICE_LABEL_TEXT[j.label] : TOO_FEW_COMPARABLES;
}

const FACTS: Fact[] = [
  { label: 'Pris', text: (c) => `${formatPrice(c.price)}${c.soldAt ? ' (såld)' : ''}` },
  { label: 'Prisbedömning', text: judgement },
  { label: 'Årsmodell', text: (c) => String(c.year) },
  { label: 'Miltal', text: (c) => formatMil(c.milage) },
  { label: 'Hästkrafter', text: (c) => formatHp(c.hp) },
  { label: attributeLabels.fuel, text: (c) => optionLabel(fuelOptions, c.fuel) },
  { label: attributeLabels.transmission, text: (c) => optionLabel(transmissionOptions, c.transmission) },
  { label: 'Plats', text: (c) => placeWithCounty(c.kommun) },
  {
    label: EQUIPMENT_LABEL,
    text: (c) => (c.equipment.length > 0 ? c.equipment.map(equipmentLabel).join(', ') : '–'),
  },
  { label: 'Inlagd', text: (c) => formatListedAge(c.created) },
];

const REGISTRATION: Fact = {
  label: 'Registreringsnummer',
  text: (c) => (c.registrationNumber ? formatRegistrationNumber(c.registrationNumber) : '–'),
  marksDifference: false,
};

interface Column {
  id: number;
  query: UseQueryResult<Car>;
}

/** /jamfor: the chosen ads side by side, each read with the ad page's own call, their differences marked. */
export function ComparePage() {
  useDocumentTitle('Jämför bilar');
  const ids = useComparedIds();
  const queries = useCars(ids);
  const narrow = useNarrow();
  const [first, setFirst] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  // A removed column's 'Ta bort' goes with it: the keyboard moves to the one that took its place, or the heading.
  const focus = useFocusAfterRemoval<HTMLDivElement>('.compare__remove', ids, () => heading.current?.focus());

  const columns: Column[] = ids.map((id, i) => ({ id, query: queries[i]! }));
  const paged = narrow && columns.length > NARROW_COLUMNS;
  const start = paged ? Math.min(first, columns.length - NARROW_COLUMNS) : 0;
  const shown = paged ? columns.slice(start, start + NARROW_COLUMNS) : columns;
  const cars = shown.flatMap((c) => (c.query.data ? [c.query.data] : []));
  const facts = cars.some((c) => c.registrationNumber) ? [...FACTS, REGISTRATION] : FACTS;

  return (
    <div className="compare" ref={focus.container}>
      <h1 ref={heading} tabIndex={-1}>
        Jämför bilar
      </h1>
      {columns.length === 0 ? (
        <div className="compare__empty">
          <p>Du har inga bilar att jämföra.</p>
          <p>
            Tryck på Jämför på en annons eller under en bil i listorna för att lägga till den. Du kan jämföra upp till{' '}
            {COMPARE_MAX} bilar sida vid sida.
          </p>
          <Link to="/" className="button button--primary">
            Till annonserna
          </Link>
        </div>
      ) : (
        <>
          <p className="compare__hint">
            {columns.length === 1
              ? 'Lägg till en bil till med Jämför för att se skillnaderna.'
              : 'Rader där bilarna skiljer sig åt är markerade med ”skiljer sig”.'}
          </p>
          {paged && (
            <Pager
              start={start}
              total={columns.length}
              onMove={(to) => setFirst(Math.max(0, Math.min(to, columns.length - NARROW_COLUMNS)))}
            />
          )}
          <table className="compare__table">
            <caption className="visually-hidden">
              Jämförelse av {columns.length === 1 ? '1 bil' : `${columns.length} bilar`}
            </caption>
            <thead>
              <tr>
                <td className="compare__corner" />
                {shown.map((c) => (
                  <th key={c.id} scope="col" className="compare__car">
                    <ColumnHead column={c} />
                  </th>
                ))}
              </tr>
              <tr>
                <td className="compare__corner" />
                {shown.map((c, i) => (
                  <td key={c.id}>
                    <button
                      type="button"
                      className="button button--secondary compare__remove"
                      onClick={() => {
                        focus.removing(i);
                        removeFromCompare(c.id);
                      }}
                    >
                      Ta bort{' '}
                      <span className="visually-hidden">
                        {c.query.data ? c.query.data.title : 'annonsen'} från jämförelsen
                      </span>
                    </button>
                  </td>
                ))}
              </tr>
            </thead>
            <tbody>
              {facts.map((fact) => {
                const texts = cars.map(fact.text);
                const differs = fact.marksDifference !== false && new Set(texts).size > 1;
                return (
                  <tr key={fact.label} className={differs ? 'compare__row--differs' : undefined}>
                    <th scope="row">
                      {fact.label}
                      {differs && (
                        <>
                          {' '}
                          <span className="compare__differs">skiljer sig</span>
                        </>
                      )}
                    </th>
                    {shown.map((c) => (
                      <td key={c.id}>{c.query.data ? fact.text(c.query.data) : c.query.isPending ? '' : '–'}</td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

/** A column's head: the ad's photo and title, or why it has none. */
function ColumnHead({ column: { id, query } }: { column: Column }): ReactNode {
  if (query.data) {
    const car = query.data;
    return (
      <>
        {car.imageCount > 0 ? (
          <Photo
            className="compare__photo"
            {...adPhotoSources(id, 1, car.imageVersion)}
            sizes="12rem"
            alt=""
            width={320}
            height={240}
            eager
          />
        ) : (
          <NoPhoto className="compare__photo" />
        )}
        <Link to={`/car/${id}`}>{car.title}</Link>
      </>
    );
  }
  if (query.isPending) return <Spinner label="Laddar annonsen..." />;
  if (isNotFound(query.error)) return <span className="compare__gone">Annonsen finns inte längre</span>;
  return (
    <span className="compare__failed">
      Annonsen kunde inte hämtas.{' '}
      <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
        Försök igen
      </button>
    </span>
  );
}

/** On a phone: which two cars are shown, and buttons to the cars before and after. */
function Pager({ start, total, onMove }: { start: number; total: number; onMove: (first: number) => void }) {
  const atStart = start === 0;
  const atEnd = start + NARROW_COLUMNS >= total;
  // aria-disabled, not disabled: the button keeps the keyboard's focus at either end.
  return (
    <div className="compare__pager">
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={atStart}
        onClick={() => !atStart && onMove(start - 1)}
      >
        Föregående bil
      </button>
      <p className="compare__position" aria-live="polite">
        Visar bil {start + 1} och {start + 2} av {total}
      </p>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={atEnd}
        onClick={() => !atEnd && onMove(start + 1)}
      >
        Nästa bil
      </button>
    </div>
  );
}
