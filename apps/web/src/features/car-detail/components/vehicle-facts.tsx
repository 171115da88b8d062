import type { Car } from '@bilmarknaden/shared/api-types';
import { formatRegistrationNumber } from '@bilmarknaden/shared/validation/registration-number';
import { formatDay, formatMil } from '../../../lib/format.ts';

// '5 dec. 2026', '3 maj 2026'. Register days are calendar days ('YYYY-MM-DD'): read and written in UTC, so no time
// zone moves them; the time fetched is an instant, shown as the day in Sweden.
const registerDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'UTC', dateStyle: 'medium' });
export const formatRegisterDay = (day: string) => registerDay.format(new Date(`${day}T00:00:00Z`));
export const formatFetched = formatDay;

/** 'Miltalet är lägre än vid senaste besiktningen (12 300 mil, 3 maj 2026)'. */
export const milageWarningText = (w: { milage: number; date: string }) =>
  `Miltalet är lägre än vid senaste besiktningen (${formatMil(w.milage)}, ${formatRegisterDay(w.date)})`;

/**
 * 'Fordonsfakta': the ad's registration number and what the vehicle register said when the ad was published, with
 * the server's warning when the ad's mileage is lower than the register's last reading.
 */
export function VehicleFacts({ car }: { car: Car }) {
  const f = car.vehicleFacts;
  if (!car.registrationNumber) return null;
  return (
    <section className="car-detail__vehicle" aria-labelledby="vehicle-heading">
      <h2 id="vehicle-heading">Fordonsfakta</h2>
      {car.milageWarning && (
        <p className="car-detail__warning" role="note">
          {milageWarningText(car.milageWarning)}
        </p>
      )}
      <dl className="car-detail__facts">
        <div>
          <dt>Registreringsnummer</dt>
          <dd>{formatRegistrationNumber(car.registrationNumber)}</dd>
        </div>
        {f && (
          <>
            <div>
              <dt>Status</dt>
              <dd>{f.inTraffic ? 'I trafik' : 'Avställd'}</dd>
            </div>
            <div>
              <dt>Besiktad till</dt>
              <dd>{f.inspectedUntil ? formatRegisterDay(f.inspectedUntil) : '–'}</dd>
            </div>
            <div>
              <dt>Senaste besiktning</dt>
              <dd>
                {f.lastInspection
                  ? `${formatRegisterDay(f.lastInspection.date)}, mätarställning ${formatMil(f.lastInspection.milage)}`
                  : 'Ingen än'}
              </dd>
            </div>
            <div>
              <dt>Antal ägare</dt>
              <dd>{f.owners}</dd>
            </div>
            <div>
              <dt>Först registrerad i Sverige</dt>
              <dd>{formatRegisterDay(f.firstRegistered)}</dd>
            </div>
          </>
        )}
      </dl>
      <p className="car-detail__source">
        {f
          ? `Uppgifter från fordonsregistret (hämtade ${formatFetched(f.fetchedAt)})`
          : 'Fordonsregistret hade inga uppgifter om bilen när annonsen lades in.'}
      </p>
    </section>
  );
}
