import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { matchName, useCarCount, useInfiniteCars, useMakes } from '../../../lib/car-queries.ts';
import { CarResults } from '../../../components/car-results.tsx';
import { ResultCount } from '../../../components/result-count.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { browseParams, browseQuery, parseBrowse } from '../utils/browse-filters.ts';
import { BrowsePanel } from './browse-panel.tsx';
import { EquipmentChips } from '../../../components/equipment-checkboxes.tsx';
import { DistanceChips } from '../../../components/distance-filter.tsx';
import '../browse.css';

const PANEL_ID = 'browse-filter-panel';

/** /browse/cars: cars of the URL's make (all by default) with the slide-down filter panel. */
export function BrowsePage({
  homeKommun,
}: { /** The user's own kommun: prefills the distance filter. */ homeKommun?: string } = {}) {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const filter = useMemo(() => parseBrowse(params), [params]);
  const query = useMemo(() => browseQuery(params), [params]);
  const makes = useMakes();
  const makeName = matchName(makes.data, filter.make);
  const heading = makeName ? `${makeName}${filter.model ? ` ${filter.model}` : ''}` : 'Alla bilar';
  useDocumentTitle(heading);
  // Newest first, or 'Närmast' when chosen with a kommun.
  const cars = useInfiniteCars({ ...query, orderBy: filter.distance.nearest ? 'distance' : 'created', order: 'desc' });
  const count = useCarCount(query);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useCallback(() => headingRef.current?.focus(), []);

  return (
    <div className="browse-page">
      <div className="browse-page__top">
        <h1 ref={headingRef} tabIndex={-1}>
          {heading}
        </h1>
        <button
          ref={toggleRef}
          type="button"
          className="button button--secondary"
          aria-expanded={open}
          aria-controls={PANEL_ID}
          onClick={() => setOpen((o) => !o)}
        >
          Filter
        </button>
      </div>
      {open && (
        <BrowsePanel
          key={params.toString()}
          id={PANEL_ID}
          initial={filter}
          homeKommun={homeKommun}
          onApply={(f) => {
            setParams(browseParams(f));
            setOpen(false);
            toggleRef.current?.focus();
          }}
        />
      )}
      <EquipmentChips
        value={filter.equipment}
        onChange={(equipment) => setParams(browseParams({ ...filter, equipment }), { preventScrollReset: true })}
        onEmptied={focusHeading}
      />
      <DistanceChips
        value={filter.distance}
        onChange={(distance) => setParams(browseParams({ ...filter, distance }), { preventScrollReset: true })}
        onEmptied={focusHeading}
      />
      <ResultCount query={count} />
      <CarResults
        query={cars}
        label={heading}
        listKey={JSON.stringify({ ...query, nearest: filter.distance.nearest })}
      />
    </div>
  );
}
