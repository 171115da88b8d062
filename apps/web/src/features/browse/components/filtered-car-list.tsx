import { useCallback, useMemo, useRef, useState } from 'react';
import type { CarListQuery } from '@bilmarknaden/shared/api-types';
import { useCarCount, useInfiniteCars } from '../../../lib/car-queries.ts';
import { CarResults } from '../../../components/car-results.tsx';
import { ResultCount } from '../../../components/result-count.tsx';
import { EquipmentChips } from '../../../components/equipment-checkboxes.tsx';
import { DistanceChips } from '../../../components/distance-filter.tsx';
import { useLatestSearchParams } from '../../../lib/use-latest-search-params.ts';
import { browseParams, browseQuery, parseBrowse } from '../utils/browse-filters.ts';
import { BrowsePanel } from './browse-panel.tsx';
import '../browse.css';

interface FilteredCarListProps {
  /** The list's own parameters, sent with the filters (e.g. `{ dealer: slug }` on a dealer's page). */
  scope?: Record<string, string>;
  /** The list's heading: the page's h1 (/browse/cars), or an h2 in a section of a page that has its own h1. */
  heading: string;
  level?: 1 | 2;
  /** The filter panel's id, unique on the page. */
  panelId?: string;
  /** The user's own kommun: prefills the distance filter. */
  homeKommun?: string;
}

const NO_SCOPE: Record<string, string> = {};

/**
 * Ads with the browse page's filters in the URL (the filter panel and the equipment chips), newest first, within
 * `scope`: /browse/cars is this list, and a dealer's page lists its cars this way in a section.
 */
export function FilteredCarList({
  scope = NO_SCOPE,
  heading,
  level = 2,
  panelId = 'car-list-filter-panel',
  homeKommun,
}: FilteredCarListProps) {
  // Each change applies to the query string last asked for, not only the one drawn (useLatestSearchParams).
  const [params, setParams] = useLatestSearchParams();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const filter = useMemo(() => parseBrowse(params), [params]);
  // Assigned, not spread into a literal: a scope parameter the shared types do not name yet is sent as it is.
  const query = useMemo(() => Object.assign(browseQuery(params), scope) as CarListQuery, [params, scope]);
  // Newest first, or 'Närmast' when chosen with a kommun.
  const cars = useInfiniteCars({ ...query, orderBy: filter.distance.nearest ? 'distance' : 'created', order: 'desc' });
  const count = useCarCount(query);
  const focusHeading = useCallback(() => headingRef.current?.focus(), []);

  const Heading = level === 1 ? 'h1' : 'h2';
  // A page's own list is the page; a section of another page is named by its heading.
  const Wrapper = level === 1 ? 'div' : 'section';
  const named = level === 1 ? {} : { 'aria-labelledby': `${panelId}-heading` };

  return (
    <Wrapper className="browse-page" {...named}>
      <div className="browse-page__top">
        <Heading id={`${panelId}-heading`} ref={headingRef} tabIndex={-1}>
          {heading}
        </Heading>
        <button
          ref={toggleRef}
          type="button"
          className="button button--secondary"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          Filter
        </button>
      </div>
      {open && (
        <BrowsePanel
          key={params.toString()}
          id={panelId}
          initial={filter}
          homeKommun={homeKommun}
          onApply={(f) => {
            // A section below a page's top keeps its place; the page of its own starts at the top.
            setParams(() => browseParams(f), { preventScrollReset: level === 2 });
            setOpen(false);
            toggleRef.current?.focus();
          }}
        />
      )}
      <EquipmentChips
        value={filter.equipment}
        onChange={(equipment) =>
          setParams((latest) => browseParams({ ...parseBrowse(latest), equipment }), { preventScrollReset: true })
        }
        onEmptied={focusHeading}
      />
      <DistanceChips
        value={filter.distance}
        onChange={(distance) =>
          setParams((latest) => browseParams({ ...parseBrowse(latest), distance }), { preventScrollReset: true })
        }
        onEmptied={focusHeading}
      />
      <ResultCount query={count} />
      <CarResults
        query={cars}
        label={heading}
        listKey={JSON.stringify({ ...query, nearest: filter.distance.nearest })}
      />
    </Wrapper>
  );
}
