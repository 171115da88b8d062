import { Link } from 'react-router';
import type { PriceLabel } from '@bilmarknaden/shared/api-types';
import { PRICE_METHOD_PATH } from '@bilmarknaden/shared/page-paths';
import { formatKronor } from '../lib/format.ts';
import './price-facts.css';

/** The judgement's words (decision 038). */
export const PRICE_LABEL_TEXT: Record<PriceLabel, string> = {
  low: 'Bra pris',
  normal: 'Normalt pris',
  high: 'Högt pris',
};

export const TOO_FEW_COMPARABLES = 'För få liknande bilar för att bedöma priset';

/** 'Bra pris', 'Normalt pris' or 'Högt pris' as a small badge; nothing without a judgement. */
export function PriceLabelBadge({ label }: { label: PriceLabel | null | undefined }) {
  if (!label) return null;
  return <span className={`price-badge price-badge--${label}`}>{PRICE_LABEL_TEXT[label]}</span>;
}

/** 'Sänkt 5 000 kr' when the last price change lowered the price. */
export function PriceCut({ amount }: { amount: number | null | undefined }) {
  if (!amount) return null;
  return <span className="price-cut">Sänkt {formatKronor(amount)}</span>;
}

/** The link to the page that explains the judgement. */
export function PriceMethodLink() {
  return (
    <Link className="price-method-link" to={PRICE_METHOD_PATH}>
      Så bedömer vi priset
    </Link>
  );
}
