import { CarCard } from '../../../components/car-card.tsx';
import { useCardAction } from '../../../components/card-action.tsx';
import { useSimilarCars } from '../../../lib/car-queries.ts';

/** 'Liknande bilar': up to 6 ads of the same make and model nearest the price; nothing when there are none. */
export function SimilarCars({ carId }: { carId: number }) {
  const similar = useSimilarCars(carId);
  const action = useCardAction();
  // Secondary to the ad: while loading or after a failure the section is simply not there.
  if (!similar.data || similar.data.length === 0) return null;
  return (
    <section className="car-detail__similar" aria-labelledby="similar-heading">
      <h2 id="similar-heading">Liknande bilar</h2>
      <ul className="car-list" aria-label="Liknande bilar">
        {similar.data.map((car) => (
          <li key={car.id}>
            <CarCard car={car} action={action?.(car)} titleLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
