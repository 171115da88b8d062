import { Link, useLocation } from 'react-router';
import { COMPARE_MAX } from '@bilmarknaden/shared/constants';
import { COMPARE_PATH } from '@bilmarknaden/shared/page-paths';
import { useComparedIds } from '../../lib/compare-store.ts';

/**
 * At the foot of the window while ads are chosen for 'Jämför': how many, and the way to the comparison (the
 * header has no room for it on a phone). Not on the comparison itself.
 */
export function CompareBar() {
  const count = useComparedIds().length;
  const { pathname } = useLocation();
  if (count === 0 || pathname.toLowerCase().replace(/\/+$/, '') === COMPARE_PATH) return null;
  return (
    <aside className="compare-bar" aria-label="Jämförelse">
      <p className="compare-bar__text">
        {count} av {COMPARE_MAX} bilar valda
      </p>
      <Link to={COMPARE_PATH} className="button button--primary compare-bar__link">
        Jämför ({count})
      </Link>
    </aside>
  );
}
