import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CarCard } from './car-card.tsx';
import { DealerMark } from './dealer-mark.tsx';
import { carItem } from '../test/car-fixtures.ts';

const dealer = { slug: 'bilhuset-i-umea', name: 'Bilhuset i Umeå AB' };

describe('DealerMark', () => {
  it("a dealer's card shows the company name and 'Handlare'; the card stays one link", () => {
    render(
      <MemoryRouter>
        <CarCard car={carItem(3, { dealer })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Handlare')).toBeInTheDocument();
    expect(screen.getByText(dealer.name)).toBeInTheDocument();
    expect(screen.getAllByRole('link')[0]).toHaveAttribute('href', '/car/3');
    expect(screen.queryByRole('link', { name: dealer.name })).not.toBeInTheDocument();
  });

  it("a private seller's card shows neither", () => {
    render(
      <MemoryRouter>
        <CarCard car={carItem(4)} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Handlare')).not.toBeInTheDocument();
  });

  it("on the ad's page the company name links to the dealer's page", () => {
    render(
      <MemoryRouter>
        <DealerMark dealer={dealer} link />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: dealer.name })).toHaveAttribute('href', '/handlare/bilhuset-i-umea');
  });
});
