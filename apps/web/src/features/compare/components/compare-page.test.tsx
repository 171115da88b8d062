import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@bilmarknaden/shared/constants';
import { ComparePage } from './compare-page.tsx';
import { comparedIds } from '../../../lib/compare-store.ts';
import { jsonResponse, mockFetch, renderPage } from '../../../test/test-utils.tsx';
import { carDetail } from '../../../test/car-fixtures.ts';

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'matchMedia');
});

const NBSP = '\u00a0';
const CARS = {
  1: carDetail(1, {
    title: 'Volvo V70',
    price: 125000,
    year: 2015,
    kommun: '1480',
    priceJudgement: { comparables: 12, low: 110000, high: 140000, label: 'normal' },
    registrationNumber: 'ABC123',
    equipment: ['motorvarmare', 'dragkrok'],
  }),
  2: carDetail(2, {
    title: 'Saab 9-5',
    price: 99000,
    year: 2015,
    kommun: '0180',
    priceJudgement: null,
    equipment: ['dragkrok'],
  }),
  3: carDetail(3, { title: 'Audi A4', price: 99000, year: 2015, kommun: null }),
};

/** The detail API answers the cars above and 404 for any other id. */
function serveCars() {
  return mockFetch((url) => {
    const car = CARS[Number(url.searchParams.get('carid')) as keyof typeof CARS];
    return car ? jsonResponse(car) : jsonResponse({ message: 'Annonsen finns inte' }, 404);
  });
}

const compare = (...ids: number[]) => localStorage.setItem(STORAGE_KEYS.compare, JSON.stringify(ids));
/** A row of the table by its header's name, as the cells' texts. */
const row = (label: string) =>
  within(screen.getByRole('rowheader', { name: new RegExp(`^${label}( skiljer sig)?$`) }).closest('tr')!)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('ComparePage', () => {
  it('explains how to add cars when none are chosen', () => {
    renderPage(<ComparePage />, '/jamfor');
    expect(screen.getByRole('heading', { level: 1, name: 'Jämför bilar' })).toBeInTheDocument();
    expect(screen.getByText(/Tryck på Jämför på en annons/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Till annonserna' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the cars side by side in a table with a caption, column and row headers', async () => {
    serveCars();
    compare(1, 2, 3);
    renderPage(<ComparePage />, '/jamfor');
    const table = await screen.findByRole('table', { name: 'Jämförelse av 3 bilar' });
    await screen.findByRole('link', { name: 'Audi A4' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Volvo V70', 'Saab 9-5', 'Audi A4']);
    expect(screen.getByRole('link', { name: 'Volvo V70' })).toHaveAttribute('href', '/car/1');
    expect(row('Pris')).toEqual([`125${NBSP}000 :-`, `99${NBSP}000 :-`, `99${NBSP}000 :-`]);
    expect(row('Prisbedömning')).toEqual(['Normalt pris', '–', '–']);
    expect(row('Årsmodell')).toEqual(['2015', '2015', '2015']);
    expect(row('Miltal')).toEqual([`12${NBSP}000 mil`, `12${NBSP}000 mil`, `12${NBSP}000 mil`]);
    expect(row('Hästkrafter')).toEqual(['150 hk', '150 hk', '150 hk']);
    expect(row('Bränsle')).toEqual(['Diesel', 'Diesel', 'Diesel']);
    expect(row('Växellåda')).toEqual(['Manuell', 'Manuell', 'Manuell']);
    expect(row('Plats')).toEqual(['Göteborg, Västra Götaland', 'Stockholm, Stockholm', 'Stockholm']);
    expect(row('Utrustning')).toEqual(['Motorvärmare, Dragkrok', 'Dragkrok', '–']);
    expect(row('Inlagd')[0]).toMatch(/^Inlagd (i dag|i går|för \d+ dagar sedan)$/);
    // Shown because one of the cars has a number; the others have none.
    expect(row('Registreringsnummer')).toEqual(['ABC 123', '–', '–']);
  });

  it('marks in words the rows where the cars differ, and only those', async () => {
    serveCars();
    compare(1, 2);
    renderPage(<ComparePage />, '/jamfor');
    await screen.findByRole('link', { name: 'Saab 9-5' });
    expect(screen.getByRole('rowheader', { name: 'Pris skiljer sig' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Plats skiljer sig' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Årsmodell' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Bränsle' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Utrustning skiljer sig' })).toBeInTheDocument();
    // A registration number always differs: not worth a mark.
    expect(screen.getByRole('rowheader', { name: 'Registreringsnummer' })).toBeInTheDocument();
  });

  it("says 'Annonsen finns inte längre' in a removed ad's column, which 'Ta bort' takes away", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveCars();
    compare(1, 404);
    renderPage(<ComparePage />, '/jamfor');
    expect(await screen.findByRole('columnheader', { name: 'Annonsen finns inte längre' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Volvo V70' });
    expect(row('Pris')).toEqual([`125${NBSP}000 :-`, '–']);
    // One car loaded: nothing to differ from.
    expect(screen.queryByText('skiljer sig')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ta bort annonsen från jämförelsen' }));
    expect(comparedIds()).toEqual([1]);
    expect(screen.queryByText('Annonsen finns inte längre')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Jämförelse av 1 bil' })).toBeInTheDocument();
    // The keyboard goes to the 'Ta bort' that took the removed one's place.
    expect(screen.getByRole('button', { name: 'Ta bort Volvo V70 från jämförelsen' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Ta bort Volvo V70 från jämförelsen' }));
    expect(screen.getByText(/Tryck på Jämför på en annons/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('on a phone shows two cars at a time, with buttons to move between them', async () => {
    // A phone-wide window, as the browser would report it.
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (media: string) => ({ matches: true, media, addEventListener: () => {}, removeEventListener: () => {} }),
    });
    serveCars();
    compare(1, 2, 3);
    renderPage(<ComparePage />, '/jamfor');
    await screen.findByRole('link', { name: 'Saab 9-5' });
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).toEqual(['Volvo V70', 'Saab 9-5']);
    expect(screen.getByText('Visar bil 1 och 2 av 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Föregående bil' })).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Nästa bil' }));
    await screen.findByRole('link', { name: 'Audi A4' });
    expect(headers()).toEqual(['Saab 9-5', 'Audi A4']);
    expect(screen.getByText('Visar bil 2 och 3 av 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nästa bil' })).toHaveAttribute('aria-disabled', 'true');
    // Differences are those of the cars shown: both cost the same.
    expect(screen.getByRole('rowheader', { name: 'Pris' })).toBeInTheDocument();

    screen.getByRole('button', { name: 'Föregående bil' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(headers()).toEqual(['Volvo V70', 'Saab 9-5']);
  });
});
