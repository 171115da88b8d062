import type { Car } from '@bilmarknaden/shared/api-types';
import { failureMessage } from '../../../lib/api-client.ts';
import { useSoldMutation } from '../../../lib/sold-queries.ts';

/** The owner's 'Markera som såld', and on a sold ad 'Ångra'. */
export function SoldControls({ car }: { car: Car }) {
  const mutation = useSoldMutation();
  const sold = Boolean(car.soldAt);
  return (
    <div className="car-detail__owner">
      <button
        type="button"
        className="button button--secondary"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate({ id: car.id, sold: !sold })}
      >
        {sold ? 'Ångra' : 'Markera som såld'}
      </button>
      <p className="car-detail__owner-note" role="status">
        {mutation.isError
          ? failureMessage(mutation.error, 'Det gick inte att ändra annonsen. Försök igen.')
          : sold
            ? 'Annonsen är markerad som såld och visas inte i listor och sökningar.'
            : ''}
      </p>
    </div>
  );
}
