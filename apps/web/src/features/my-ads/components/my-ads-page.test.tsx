import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnAd } from '@bilmarknaden/shared/api-types';
import { AD_LIFECYCLE_MESSAGES, DAY_MS } from '@bilmarknaden/shared/ad-lifecycle';
import { storeSession } from '../../../lib/session-store.ts';
import { callsTo, fakeJwt, jsonResponse, mockApi, renderAt } from '../../../test/test-utils.tsx';
import { AdAnswerPage } from './ad-answer-page.tsx';
import { MyAdsPage } from './my-ads-page.tsx';

afterEach(() => vi.restoreAllMocks());

const NOW = new Date('2027-01-05T10:00:00Z');
const at = (days: number) => new Date(NOW.getTime() + days * DAY_MS).toISOString();

function ownAd(id: number, overrides: Partial<OwnAd> = {}): OwnAd {
  return {
    id,
    title: `Annons ${id}`,
    make: 'Volvo',
    model: 'V70',
    price: 100_000,
    status: 'active',
    held: false,
    created: at(-20),
    expiresAt: at(40),
    soldAt: null,
    imageCount: 0,
    imageVersion: 1,
    views: 0,
    savedBy: 0,
    viewsPerDay: [],
    ...overrides,
  };
}

const ADS: OwnAd[] = [
  ownAd(1, {
    title: 'Volvo V70 D4',
    views: 12,
    savedBy: 3,
    viewsPerDay: [
      { day: '2027-01-02', views: 5 },
      { day: '2027-01-04', views: 7 },
    ],
  }),
  ownAd(2, { title: 'Går snart ut', expiresAt: at(3), created: at(-57) }),
  ownAd(3, {
    title: 'Utgången Saab',
    make: 'Saab',
    model: '9-5',
    status: 'expired',
    expiresAt: at(-5),
    created: at(-65),
  }),
  ownAd(4, { title: 'Såld Golf', status: 'sold', soldAt: at(-2) }),
  ownAd(5, { title: 'Dold bil', status: 'hidden' }),
  ownAd(6, { title: 'Billig bil', status: 'hidden', held: true }),
];

function api(extra: Record<string, Response | ((init?: RequestInit) => Response)> = {}) {
  storeSession(fakeJwt({ sub: 'kalle' }));
  return mockApi({
    'GET /api/inventory/cars/mine': jsonResponse(ADS),
    'GET /api/messaging/conversations/per-ad': jsonResponse([{ carId: 1, conversations: 4 }]),
    ...extra,
  });
}

const row = (title: string) => screen.getByRole('article', { name: title });

describe('MyAdsPage', () => {
  it('lists every own ad with its state, figures and actions', async () => {
    api();
    renderAt('/mina-annonser', <MyAdsPage now={() => NOW} />, '/mina-annonser');
    expect(await screen.findByRole('article', { name: 'Volvo V70 D4' })).toBeInTheDocument();

    const first = within(row('Volvo V70 D4'));
    expect(first.getByText('Aktiv')).toBeInTheDocument();
    const figures = first.getAllByRole('definition').map((d) => d.textContent);
    expect(figures).toEqual(['12', '3', '4', '20']);
    for (const name of ['Redigera', 'Sänk priset på Volvo V70 D4'])
      expect(first.getByRole('link', { name })).toHaveAttribute('href', '/edit/car/1');
    for (const name of ['Markera Volvo V70 D4 som såld', 'Förnya Volvo V70 D4', 'Ta bort Volvo V70 D4'])
      expect(first.getByRole('button', { name })).toBeInTheDocument();

    expect(within(row('Går snart ut')).getByText('Går ut om 3 dagar')).toBeInTheDocument();
    expect(within(row('Går snart ut')).getAllByRole('definition')[2]).toHaveTextContent('0');
    const expired = within(row('Utgången Saab'));
    expect(expired.getByText('Utgången')).toBeInTheDocument();
    expect(expired.getByRole('button', { name: 'Förnya Utgången Saab' })).toBeInTheDocument();
    expect(expired.queryByRole('link', { name: 'Redigera' })).not.toBeInTheDocument();
    expect(expired.queryByRole('button', { name: /som såld/ })).not.toBeInTheDocument();
    const sold = within(row('Såld Golf'));
    expect(sold.getByText('Såld')).toBeInTheDocument();
    expect(sold.queryByRole('button', { name: /Förnya/ })).not.toBeInTheDocument();
    expect(sold.getByRole('button', { name: 'Ta bort Såld Golf' })).toBeInTheDocument();
    expect(within(row('Dold bil')).getByText('Dold')).toBeInTheDocument();
    expect(within(row('Billig bil')).getByText('Granskas')).toBeInTheDocument();
  });

  it('warns of an ad about to expire with the same words as the mail', async () => {
    api();
    renderAt('/mina-annonser', <MyAdsPage now={() => NOW} />, '/mina-annonser');
    const warnings = await screen.findByRole('list', { name: 'Annonser som snart går ut' });
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Din annons för Volvo V70 går ut 8 jan. Förnya gratis eller markera som såld.']);
  });

  it("gives the views chart a text alternative: a summary and a table of the days' views", async () => {
    api();
    renderAt('/mina-annonser', <MyAdsPage now={() => NOW} />, '/mina-annonser');
    const first = within(await screen.findByRole('article', { name: 'Volvo V70 D4' }));
    expect(first.getByText('12 visningar på 2 dagar, flest 7 den 4/1.')).toBeInTheDocument();
    const table = first.getByRole('table', { name: 'Visningar per dag för Volvo V70 D4' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DagVisningar', '2027-01-025', '2027-01-047']);
    expect(within(row('Går snart ut')).getByText('Inga visningar ännu.')).toBeInTheDocument();
    // The chart itself is drawn by recharts, hidden from screen readers.
    expect(document.querySelector('.views-chart__plot svg')).not.toBeNull();
    expect(document.querySelector('.views-chart__plot')).toHaveAttribute('aria-hidden', 'true');
  });

  it('renews an ad with Förnya and says so', async () => {
    const calls = api({
      'PUT /api/inventory/cars/3/renewal': jsonResponse({ expiresAt: at(60), message: AD_LIFECYCLE_MESSAGES.renewed }),
    });
    renderAt('/mina-annonser', <MyAdsPage now={() => NOW} />, '/mina-annonser');
    await userEvent.click(await screen.findByRole('button', { name: 'Förnya Utgången Saab' }));
    expect(await screen.findByText(`Utgången Saab: ${AD_LIFECYCLE_MESSAGES.renewed}.`)).toBeInTheDocument();
    expect(callsTo(calls, 'PUT /api/inventory/cars/3/renewal')).toHaveLength(1);
  });

  it("shows the server's Swedish refusal when a renewal fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api({
      'PUT /api/inventory/cars/1/renewal': jsonResponse({ message: AD_LIFECYCLE_MESSAGES.soldNotRenewed }, 409),
    });
    renderAt('/mina-annonser', <MyAdsPage now={() => NOW} />, '/mina-annonser');
    await userEvent.click(await screen.findByRole('button', { name: 'Förnya Volvo V70 D4' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AD_LIFECYCLE_MESSAGES.soldNotRenewed);
  });

  it('leaves the messages unknown when messaging does not answer', async () => {
    api({ 'GET /api/messaging/conversations/per-ad': jsonResponse({ message: 'fel' }, 500) });
    renderAt('/mina-annonser', <MyAdsPage now={() => NOW} />, '/mina-annonser');
    const first = within(await screen.findByRole('article', { name: 'Volvo V70 D4' }));
    expect(await screen.findByText('Antalet meddelanden kunde inte hämtas just nu.')).toBeInTheDocument();
    expect(first.getAllByRole('definition')[2]).toHaveTextContent('–');
  });

  it('asks a visitor to log in', () => {
    mockApi({});
    renderAt('/mina-annonser', <MyAdsPage now={() => NOW} />, '/mina-annonser');
    expect(screen.getByText('Logga in för att se dina annonser.')).toBeInTheDocument();
  });
});

describe('AdAnswerPage', () => {
  it("posts the link's answer and shows the outcome", async () => {
    const calls = mockApi({
      'POST /api/inventory/cars/still-for-sale': jsonResponse({
        title: 'Volvo V70 D4',
        message: AD_LIFECYCLE_MESSAGES.stillForSale,
      }),
    });
    renderAt('/mina-annonser/svar', <AdAnswerPage />, '/mina-annonser/svar#annons=7&svar=yes&token=abc');
    expect(await screen.findByText(`Volvo V70 D4: ${AD_LIFECYCLE_MESSAGES.stillForSale}`)).toHaveAttribute(
      'role',
      'status',
    );
    const [, init] = callsTo(calls, 'POST /api/inventory/cars/still-for-sale')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ car: '7', answer: 'yes', token: 'abc' });
  });

  it("shows the refusal of a used or forged link in the server's words", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'POST /api/inventory/cars/still-for-sale': jsonResponse({ message: AD_LIFECYCLE_MESSAGES.linkUsed }, 409),
    });
    renderAt('/mina-annonser/svar', <AdAnswerPage />, '/mina-annonser/svar#annons=7&svar=sold&token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(AD_LIFECYCLE_MESSAGES.linkUsed);
    expect(screen.getByRole('link', { name: 'Till Mina annonser' })).toHaveAttribute('href', '/mina-annonser');
  });
});
