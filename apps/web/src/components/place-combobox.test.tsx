import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchKommuner, PlaceCombobox } from './place-combobox.tsx';

function Harness({ initial = '', lan }: { initial?: string; lan?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PlaceCombobox label="Plats (kommun)" value={value} onChange={setValue} lan={lan} />
      <span data-testid="value">{value}</span>
      <button type="button">Annat</button>
    </>
  );
}
const value = () => screen.getByTestId('value').textContent;

describe('matchKommuner', () => {
  it('lists names that start with the text first, then those that hold it, case-insensitively', () => {
    expect(matchKommuner('GÖTEB').map((k) => k.name)).toEqual(['Göteborg']);
    const names = matchKommuner('borg').map((k) => k.name);
    expect(names[0]).toBe('Borgholm');
    expect(names).toContain('Göteborg');
    expect(names).toContain('Helsingborg');
    expect(matchKommuner('', '09').map((k) => k.name)).toEqual(['Gotland']);
    expect(matchKommuner('xyz')).toEqual([]);
  });
});

describe('PlaceCombobox', () => {
  it('is a labelled combobox that filters as one types and chooses with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Plats (kommun)' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'umeå');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['UmeåVästerbotten']);
    expect(screen.getByTestId('place-count')).toHaveTextContent('1 kommun');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option').id);
    await user.keyboard('{Enter}');
    expect(value()).toBe('2480');
    expect(box).toHaveValue('Umeå');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('takes a typed name on leaving the field, puts back the chosen one for other text, and clears when emptied', async () => {
    const user = userEvent.setup();
    render(<Harness initial="0180" />);
    const box = screen.getByRole('combobox');
    expect(box).toHaveValue('Stockholm');
    await user.clear(box);
    await user.type(box, 'kiruna');
    await user.tab();
    expect(value()).toBe('2584');
    expect(box).toHaveValue('Kiruna');
    await user.clear(box);
    await user.type(box, 'Gotham');
    expect(screen.getByTestId('place-count')).toHaveTextContent('Ingen kommun matchar');
    await user.tab();
    expect(value()).toBe('2584');
    expect(box).toHaveValue('Kiruna');
    await user.clear(box);
    await user.tab();
    expect(value()).toBe('');
  });

  it('closes on Escape keeping the choice, and is chosen by a click', async () => {
    const user = userEvent.setup();
    render(<Harness initial="1480" lan="14" />);
    const box = screen.getByRole('combobox');
    await user.clear(box);
    await user.type(box, 'bor');
    const names = screen.getAllByRole('option').map((o) => o.textContent);
    expect(names[0]).toBe('Borås');
    expect(names).toEqual(expect.arrayContaining(['Göteborg', 'Vänersborg']));
    expect(names).not.toContain('Borgholm');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('Göteborg');
    await user.clear(box);
    await user.type(box, 'Bor');
    await user.click(screen.getByRole('option', { name: 'Borås' }));
    expect(value()).toBe('1490');
  });
});
