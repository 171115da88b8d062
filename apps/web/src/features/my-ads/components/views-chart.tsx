import { Bar, BarChart, XAxis, YAxis } from 'recharts';
import type { OwnAd } from '@bilmarknaden/shared/api-types';
import { DAY_MS } from '@bilmarknaden/shared/ad-lifecycle';

/** The most days a chart shows: the latest of an ad's life. */
const MAX_DAYS = 120;

const dayOf = (at: Date) => at.toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
const shortDay = (day: string) => `${Number(day.slice(8, 10))}/${Number(day.slice(5, 7))}`;

/** Every day of the ad's life up to today (at most MAX_DAYS), with its views, 0 where none were counted. */
export function viewDays(ad: OwnAd, now: Date): { day: string; views: number }[] {
  const counted = new Map(ad.viewsPerDay.map((d) => [d.day, d.views]));
  const endAt = ad.soldAt ? new Date(ad.soldAt) : ad.status === 'expired' ? new Date(ad.expiresAt) : now;
  const end = Math.min(endAt.getTime(), now.getTime());
  const start = Math.max(new Date(ad.created).getTime(), end - (MAX_DAYS - 1) * DAY_MS);
  const days: { day: string; views: number }[] = [];
  for (let t = start; t <= end + DAY_MS / 2; t += DAY_MS) {
    const day = dayOf(new Date(t));
    if (days.at(-1)?.day !== day) days.push({ day, views: counted.get(day) ?? 0 });
  }
  const last = dayOf(new Date(end));
  if (days.at(-1)?.day !== last) days.push({ day: last, views: counted.get(last) ?? 0 });
  return days;
}

/**
 * A small bar chart of an ad's views per day (recharts), hidden from screen readers: its text alternative is the
 * summary and the table beside it.
 */
export function ViewsChart({ ad, now }: { ad: OwnAd; now: Date }) {
  const data = viewDays(ad, now).map((d) => ({ ...d, label: shortDay(d.day) }));
  const best = ad.viewsPerDay.reduce<{ day: string; views: number } | null>(
    (top, d) => (top === null || d.views > top.views ? d : top),
    null,
  );
  return (
    <figure className="views-chart">
      <div className="views-chart__plot" aria-hidden="true">
        <BarChart
          width={320}
          height={96}
          data={data}
          accessibilityLayer={false}
          margin={{ top: 4, right: 4, bottom: 0, left: 0 }}
        >
          <XAxis dataKey="label" tick={{ fontSize: 10 }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} width={28} tick={{ fontSize: 10 }} />
          <Bar dataKey="views" fill="#1d4ed8" isAnimationActive={false} />
        </BarChart>
      </div>
      <figcaption>
        {best === null
          ? 'Inga visningar ännu.'
          : `${ad.views} ${ad.views === 1 ? 'visning' : 'visningar'} på ${ad.viewsPerDay.length} ${
              ad.viewsPerDay.length === 1 ? 'dag' : 'dagar'
            }, flest ${best.views} den ${shortDay(best.day)}.`}
      </figcaption>
      {best !== null && (
        <details className="views-chart__table">
          <summary>Visningar per dag som tabell</summary>
          <table>
            <caption className="visually-hidden">Visningar per dag för {ad.title}</caption>
            <thead>
              <tr>
                <th scope="col">Dag</th>
                <th scope="col">Visningar</th>
              </tr>
            </thead>
            <tbody>
              {ad.viewsPerDay.map((d) => (
                <tr key={d.day}>
                  <td>
                    <time dateTime={d.day}>{d.day}</time>
                  </td>
                  <td>{d.views}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>Övriga dagar: inga visningar.</p>
        </details>
      )}
    </figure>
  );
}
