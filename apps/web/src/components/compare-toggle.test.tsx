import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { STORAGE_KEYS } from '@bilmarknaden/shared/constants';
import { CarCard } from './car-card.tsx';
import { comparedIds } from '../lib/compare-store.ts';
import { carItem } from '../test/car-fixtures.ts';

const cards = (...ids: number[]) =>
  render(
    <MemoryRouter>
      {ids.map((id) => (
        <CarCard key={id} car={carItem(id, { title: `Volvo ${id}` })} />
      ))}
    </MemoryRouter>,
  );

describe("'Jämför' on a card", () => {
  it('is a toggle named after its ad, outside the link, that adds and removes the ad', async () => {
    cards(1);
    const toggle = screen.getByRole('button', { name: 'Jämför Volvo 1' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('link')).not.toContainElement(toggle);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(comparedIds()).toEqual([1]);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(comparedIds()).toEqual([]);
  });

  it('refuses a fourth car with a Swedish message and keeps the three; the message goes once a place is free', async () => {
    localStorage.setItem(STORAGE_KEYS.compare, '[1,2,3]');
    cards(1, 4);
    expect(screen.getByRole('button', { name: 'Jämför Volvo 1' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Jämför Volvo 4' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Du kan jämföra högst 3 bilar. Ta bort en först.');
    expect(screen.getByRole('link', { name: 'Till jämförelsen' })).toHaveAttribute('href', '/jamfor');
    expect(screen.getByRole('button', { name: 'Jämför Volvo 4' })).toHaveAttribute('aria-pressed', 'false');
    expect(comparedIds()).toEqual([1, 2, 3]);

    await userEvent.click(screen.getByRole('button', { name: 'Jämför Volvo 1' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Jämför Volvo 4' }));
    expect(comparedIds()).toEqual([2, 3, 4]);
  });

  it('is left out where the card asks for none (sold ads)', () => {
    render(
      <MemoryRouter>
        <CarCard car={carItem(1)} compare={false} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: /Jämför/ })).not.toBeInTheDocument();
  });
});
