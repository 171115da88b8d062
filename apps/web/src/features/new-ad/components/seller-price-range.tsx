import type { NewAdInput } from '@bilmarknaden/shared/validation/new-ad';
import { PriceMethodLink, TOO_FEW_COMPARABLES } from '../../../components/price-facts.tsx';
import { formatKronor, formatNumber } from '../../../lib/format.ts';
import { usePriceRange } from '../api/price-range.ts';

/** What comparable cars cost, shown to the seller once make, model, year and mileage are filled in. */
export function SellerPriceRange(input: Pick<NewAdInput, 'make' | 'model' | 'year' | 'milage'>) {
  const range = usePriceRange(input);
  let text = '';
  if (range.data)
    text =
      typeof range.data.low === 'number' && typeof range.data.high === 'number'
        ? `Liknande bilar: ${formatNumber(range.data.low)}–${formatKronor(range.data.high)} (${range.data.comparables} jämförbara annonser)`
        : TOO_FEW_COMPARABLES;
  return (
    <div className="ad-form__wide ad-form__price-range">
      <p aria-live="polite" className="field-note">
        {text}
      </p>
      {text && <PriceMethodLink />}
    </div>
  );
}
