import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CarCard } from './car-card.tsx';
import { carItem } from '../test/car-fixtures.ts';
import { formatListedAge } from '../lib/format.ts';

const card = (over: Parameters<typeof carItem>[1]) =>
  render(
    <MemoryRouter>
      <CarCard car={carItem(7, over)} />
    </MemoryRouter>,
  );

describe('price facts on the card', () => {
  it("shows the judgement and 'Sänkt' with the amount", () => {
    card({ priceLabel: 'low', priceCut: 5000 });
    expect(screen.getByText('Bra pris')).toBeInTheDocument();
    expect(screen.getByText(/^Sänkt 5.000 kr$/)).toBeInTheDocument();
  });

  it.each([
    ['normal', 'Normalt pris'],
    ['high', 'Högt pris'],
  ] as const)('labels %s as %s', (label, text) => {
    card({ priceLabel: label });
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByText(/Sänkt/)).toBeNull();
  });

  it('says nothing about the price without a judgement or a cut', () => {
    card({ priceLabel: null, priceCut: null });
    expect(screen.queryByText(/pris$/)).toBeNull();
    expect(screen.queryByText(/Sänkt/)).toBeNull();
  });
});

describe('formatListedAge', () => {
  // 2026-03-10 23:30 in Sweden is 22:30 UTC: still the 10th there.
  const now = new Date('2026-03-10T22:30:00Z');
  it('counts calendar days in Swedish time', () => {
    expect(formatListedAge('2026-03-10T06:00:00Z', now)).toBe('Inlagd i dag');
    expect(formatListedAge('2026-03-09T23:30:00Z', now)).toBe('Inlagd i dag');
    expect(formatListedAge('2026-03-09T22:59:00Z', now)).toBe('Inlagd i går');
    expect(formatListedAge('2026-02-26T12:00:00Z', now)).toBe('Inlagd för 12 dagar sedan');
  });
  it('never counts a future date as days ago', () => {
    expect(formatListedAge('2026-03-12T12:00:00Z', now)).toBe('Inlagd i dag');
  });
});
