import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CarDetailPage } from './car-detail-page.tsx';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/test-utils.tsx';
import { carDetail } from '../../../test/car-fixtures.ts';
import type { Car } from '@bilmarknaden/shared/api-types';

afterEach(() => vi.restoreAllMocks());

const FACTS = {
  registrationNumber: 'GHJ456',
  make: 'Volkswagen',
  model: 'Golf',
  year: 2017,
  hp: 150,
  fuel: 'bensin',
  transmission: 'manuell',
  type: 'halvkombi',
  color: 'grå',
  inTraffic: true,
  stolen: false,
  inspectedUntil: '2027-05-31',
  lastInspection: { date: '2026-05-03', milage: 12_300 },
  owners: 3,
  firstRegistered: '2017-06-20',
  fetchedAt: '2026-12-05T09:30:00.000Z',
};

async function show(over: Partial<Car>) {
  mockFetch((url) =>
    url.pathname.endsWith('/similar') ? jsonResponse([]) : jsonResponse(carDetail(7, { imageCount: 0, ...over })),
  );
  renderRoutes([{ path: '/car/:id', element: <CarDetailPage /> }], '/car/7');
  return screen.findByRole('region', { name: 'Fordonsfakta' });
}
const fact = (section: HTMLElement, label: string) => within(section).getByText(label).nextElementSibling;

describe("the ad page's Fordonsfakta", () => {
  it('shows the number and what the register said, with the day the facts were fetched', async () => {
    const section = await show({ registrationNumber: 'GHJ456', vehicleFacts: FACTS, milageWarning: null });
    expect(fact(section, 'Registreringsnummer')).toHaveTextContent('GHJ 456');
    expect(fact(section, 'Status')).toHaveTextContent('I trafik');
    expect(fact(section, 'Besiktad till')).toHaveTextContent('31 maj 2027');
    expect(fact(section, 'Senaste besiktning')).toHaveTextContent('3 maj 2026, mätarställning 12 300 mil');
    expect(fact(section, 'Antal ägare')).toHaveTextContent('3');
    expect(fact(section, 'Först registrerad i Sverige')).toHaveTextContent('20 juni 2017');
    expect(within(section).getByText('Uppgifter från fordonsregistret (hämtade 5 dec. 2026)')).toBeInTheDocument();
    expect(within(section).queryByText(/Miltalet/)).not.toBeInTheDocument();
  });

  it("warns the buyer when the server found the ad's mileage below the last reading; avställd is shown", async () => {
    const section = await show({
      registrationNumber: 'GHJ456',
      milage: 9000,
      vehicleFacts: { ...FACTS, inTraffic: false, inspectedUntil: null },
      milageWarning: { milage: 12_300, date: '2026-05-03' },
    });
    expect(within(section).getByRole('note')).toHaveTextContent(
      'Miltalet är lägre än vid senaste besiktningen (12 300 mil, 3 maj 2026)',
    );
    expect(fact(section, 'Status')).toHaveTextContent('Avställd');
    expect(fact(section, 'Besiktad till')).toHaveTextContent('–');
  });

  it('says when the register knew nothing of the car', async () => {
    const section = await show({ registrationNumber: 'ABC123', vehicleFacts: null, milageWarning: null });
    expect(fact(section, 'Registreringsnummer')).toHaveTextContent('ABC 123');
    expect(within(section).getByText(/Fordonsregistret hade inga uppgifter/)).toBeInTheDocument();
  });

  it('is absent for an ad published before numbers were asked for', async () => {
    mockFetch((url) =>
      url.pathname.endsWith('/similar') ? jsonResponse([]) : jsonResponse(carDetail(8, { imageCount: 0 })),
    );
    renderRoutes([{ path: '/car/:id', element: <CarDetailPage /> }], '/car/8');
    expect(await screen.findByRole('heading', { level: 2, name: 'Beskrivning' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Fordonsfakta' })).not.toBeInTheDocument();
  });
});

describe("the ad page's Utrustning", () => {
  it('lists the equipment under its groups’ headings, in the list’s order', async () => {
    await show({
      registrationNumber: 'GHJ456',
      vehicleFacts: FACTS,
      equipment: ['apple-carplay', 'motorvarmare', 'dragkrok', 'stolsvarme'],
    });
    const section = await screen.findByRole('region', { name: 'Utrustning' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Vinter', 'Drag och last', 'Multimedia']);
    const winter = within(section).getByRole('heading', { name: 'Vinter' }).nextElementSibling as HTMLElement;
    expect(
      within(winter)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Motorvärmare', 'Stolsvärme']);
    expect(within(section).getAllByRole('listitem')).toHaveLength(4);
  });

  it('is left out when the ad lists none', async () => {
    await show({ registrationNumber: 'GHJ456', vehicleFacts: FACTS, equipment: [] });
    expect(screen.queryByRole('region', { name: 'Utrustning' })).not.toBeInTheDocument();
  });
});
