import type { Car } from '@bilmarknaden/shared/api-types';
import { PRICE_LABEL_TEXT, PriceMethodLink, TOO_FEW_COMPARABLES } from '../../../components/price-facts.tsx';
import { formatKronor, formatNumber, formatPrice } from '../../../lib/format.ts';

const historyDate = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', dateStyle: 'medium' });

/** The ad's price judgement against comparable ads (decision 038) and its price history. */
export function PriceSection({ car }: { car: Car }) {
  const j = car.priceJudgement;
  const history = car.priceHistory ?? [];
  return (
    <section className="car-detail__prices" aria-labelledby="price-heading">
      <h2 id="price-heading">Pris</h2>
      {j &&
        (j.low !== null && j.high !== null && j.label ? (
          <p className="car-detail__judgement">
            <strong>{PRICE_LABEL_TEXT[j.label]}</strong>. Liknande bilar:{' '}
            {`${formatNumber(j.low)}–${formatKronor(j.high)}`}{' '}
            <span className="car-detail__comparables">({j.comparables} jämförbara annonser)</span> <PriceMethodLink />
          </p>
        ) : (
          <p className="car-detail__judgement">
            {TOO_FEW_COMPARABLES}. <PriceMethodLink />
          </p>
        ))}
      {history.length > 0 && (
        <>
          <h3 id="price-history-heading">Prishistorik</h3>
          <table className="car-detail__history" aria-labelledby="price-history-heading">
            <thead>
              <tr>
                <th scope="col">Datum</th>
                <th scope="col">Pris</th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.date}>
                  <td>
                    <time dateTime={h.date}>{historyDate.format(new Date(h.date))}</time>
                  </td>
                  <td>{formatPrice(h.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
