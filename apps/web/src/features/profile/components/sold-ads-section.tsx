import { CarCard } from '../../../components/car-card.tsx';
import { formatCreated } from '../../../lib/format.ts';
import { useOwnSoldCars, useSoldMutation } from '../../../lib/sold-queries.ts';

/** The user's sold ads, marked 'Såld' with the time, each with 'Ångra' to put it back for sale. */
export function SoldAdsSection() {
  const sold = useOwnSoldCars(true);
  const undo = useSoldMutation();
  if (!sold.data || sold.data.length === 0) return null;
  return (
    <section aria-labelledby="sold-ads-heading">
      <h2 id="sold-ads-heading">Sålda annonser</h2>
      <ul className="car-list" aria-label="Sålda annonser">
        {sold.data.map((car) => (
          <li key={car.id} className="own-ad own-ad--sold">
            <CarCard car={car} compare={false} />
            <p className="own-ad__sold">
              Såld <time dateTime={car.soldAt}>{formatCreated(car.soldAt)}</time>
            </p>
            <div className="own-ad__actions">
              <button
                type="button"
                className="button button--secondary"
                disabled={undo.isPending}
                onClick={() => undo.mutate({ id: car.id, sold: false })}
                aria-label={`Ångra försäljningen av ${car.title}`}
              >
                Ångra
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
