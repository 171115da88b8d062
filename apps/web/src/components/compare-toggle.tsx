import { useState } from 'react';
import { Link } from 'react-router';
import { COMPARE_MAX } from '@bilmarknaden/shared/constants';
import { COMPARE_PATH } from '@bilmarknaden/shared/page-paths';
import { COMPARE_FULL_MESSAGE, toggleCompare, useComparedIds } from '../lib/compare-store.ts';
import { showToast } from '../lib/toast.tsx';
import './compare-toggle.css';

interface CompareToggleProps {
  car: { id: number; title: string };
  /** In a list every button names its ad ('Jämför Volvo V70'); on the ad's own page 'Jämför' is enough. */
  named?: boolean;
}

/**
 * 'Jämför': a toggle (aria-pressed) that puts the ad in the comparison or takes it out. A fourth ad is refused with a
 * message beside the button, and the comparison keeps the three it has.
 */
export function CompareToggle({ car, named = false }: CompareToggleProps) {
  const ids = useComparedIds();
  const pressed = ids.includes(car.id);
  const [refused, setRefused] = useState(false);
  // The message stays while it is true: gone once a place is free again.
  const showRefusal = refused && !pressed && ids.length >= COMPARE_MAX;
  return (
    <div className="compare-toggle">
      <button
        type="button"
        className={`compare-toggle__button${pressed ? ' compare-toggle__button--on' : ''}`}
        aria-pressed={pressed}
        // The label starts with the visible word, so that voice control finds the button by it.
        aria-label={named ? `Jämför ${car.title}` : undefined}
        onClick={() => {
          const result = toggleCompare(car.id);
          setRefused(result === 'full');
          if (result === 'added')
            showToast(`${car.title} jämförs (${Math.min(ids.length + 1, COMPARE_MAX)} av ${COMPARE_MAX}).`);
          if (result === 'removed') showToast(`${car.title} är borttagen från jämförelsen.`);
        }}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <rect x="1.5" y="1.5" width="13" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
          {pressed && (
            <path d="M4.5 8.2l2.3 2.3 4.7-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
        Jämför
      </button>
      {showRefusal && (
        <p className="alert compare-toggle__alert" role="alert">
          {COMPARE_FULL_MESSAGE} <Link to={COMPARE_PATH}>Till jämförelsen</Link>
        </p>
      )}
    </div>
  );
}
