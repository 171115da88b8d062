import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CarCard } from './car-card.tsx';
import { carItem } from '../test/car-fixtures.ts';

const NBSP = '\u00a0';
// Testing Library collapses \s (which includes U+00A0) by default: compare the raw text.
const raw = { normalizer: (s: string) => s };

describe('CarCard', () => {
  it('shows every list fact exactly as specified and links to the ad', () => {
    render(
      <MemoryRouter>
        <CarCard car={carItem(7, { title: 'Volvo V70 D5', milage: 12000, hp: 185, price: 125000 })} eager />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Volvo V70 D5' })).toBeInTheDocument();
    expect(screen.getByText('2015')).toBeInTheDocument();
    expect(screen.getByText('Diesel')).toBeInTheDocument();
    expect(screen.getByText(`12${NBSP}000 mil`, raw)).toBeInTheDocument();
    expect(screen.getByText('Manuell')).toBeInTheDocument();
    expect(screen.getByText('185 hk')).toBeInTheDocument();
    expect(screen.getByText('Stockholm')).toBeInTheDocument();
    expect(screen.getByText(`125${NBSP}000 :-`, raw)).toBeInTheDocument();
    expect(screen.getByText('nov. 21 14:05')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/car/7');
  });

  it("shows the ad's kommun where an ad without one shows 'Stockholm'", () => {
    render(
      <MemoryRouter>
        <CarCard car={carItem(8, { kommun: '1480' })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Göteborg')).toBeInTheDocument();
    expect(screen.queryByText('Stockholm')).not.toBeInTheDocument();
  });

  it("shows the distance from the buyer's kommun when the list was asked with one", () => {
    render(
      <MemoryRouter>
        <CarCard car={carItem(9, { kommun: '0184', distanceKm: 35 })} />
        <CarCard car={carItem(10, { kommun: '0180', distanceKm: 0 })} />
        <CarCard car={carItem(11, { kommun: '1480' })} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/ca 35 km/)).toBeInTheDocument();
    expect(screen.getByText(/I samma kommun/)).toBeInTheDocument();
    expect(screen.getAllByText(/ km|samma kommun/)).toHaveLength(2);
  });

  it('shows the first photo in the card variant with its title as alt text and a size', () => {
    render(
      <MemoryRouter>
        <CarCard car={carItem(7, { title: 'Saab 900', imageVersion: 3 })} />
      </MemoryRouter>,
    );
    const img = screen.getByRole('img', { name: 'Saab 900' });
    expect(img).toHaveAttribute('src', '/files/7-1-card.jpeg?v=3');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
  });

  it('shows a placeholder when the ad has no photo', () => {
    render(
      <MemoryRouter>
        <CarCard car={carItem(7, { imageCount: 0 })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('img', { name: 'Ingen bild' })).toBeInTheDocument();
  });

  it('offers the card variant and the full photo for the layout to choose from', () => {
    render(
      <MemoryRouter>
        <CarCard car={carItem(7, { title: 'Saab 900', imageVersion: 3 })} />
      </MemoryRouter>,
    );
    const img = screen.getByRole('img', { name: 'Saab 900' });
    expect(img).toHaveAttribute('srcset', '/files/7-1-card.jpeg?v=3 480w, /files/7-1.jpeg?v=3 1600w');
    expect(img.getAttribute('sizes')).toMatch(/max-width/);
  });

  it('shows its action (the heart) beside the link, not inside it', () => {
    render(
      <MemoryRouter>
        <CarCard car={carItem(7)} action={<button type="button">Spara Bil 7</button>} />
      </MemoryRouter>,
    );
    const heart = screen.getByRole('button', { name: 'Spara Bil 7' });
    expect(screen.getByRole('link')).not.toContainElement(heart);
    expect(screen.getByRole('article')).toContainElement(heart);
  });
});
