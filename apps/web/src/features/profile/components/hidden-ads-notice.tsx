import { Link } from 'react-router';
import { useOwnHiddenCars } from '../../../lib/hidden-queries.ts';

/** On the profile: the user's ads the moderators hid, marked with the reason, and where to ask for a new review. */
export function HiddenAdsNotice() {
  const hidden = useOwnHiddenCars();
  if (!hidden.data || hidden.data.length === 0) return null;
  return (
    <section aria-labelledby="hidden-ads-notice-heading" className="hidden-ads-notice">
      <h2 id="hidden-ads-notice-heading">Dolda av moderatorerna</h2>
      <ul>
        {hidden.data.map((car) => (
          <li key={car.id}>
            <strong>{car.title}</strong>: {car.heldForPrice ? `Granskas. ${car.reason}` : car.reason}
          </li>
        ))}
      </ul>
      <p>
        Annonserna visas inte för andra. <Link to="/reports">Begär omprövning under Mina anmälningar</Link>
      </p>
    </section>
  );
}
