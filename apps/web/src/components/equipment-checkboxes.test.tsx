import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EQUIPMENT, EQUIPMENT_GROUPS } from '@bilmarknaden/shared/equipment';
import { EquipmentCheckboxes, EquipmentChips, EquipmentFilter } from './equipment-checkboxes.tsx';

/** A component holding the codes, as the forms and filters do. */
function Held({ kind, initial = [] }: { kind: 'boxes' | 'filter' | 'chips'; initial?: string[] }) {
  const [codes, setCodes] = useState<string[]>(initial);
  return (
    <>
      <h1 tabIndex={-1}>Rubrik</h1>
      {kind === 'boxes' && (
        <EquipmentCheckboxes legend="Utrustning" name="equipment" value={codes} onChange={setCodes} />
      )}
      {kind === 'filter' && <EquipmentFilter value={codes} onChange={setCodes} />}
      {kind === 'chips' && (
        <EquipmentChips value={codes} onChange={setCodes} onEmptied={() => screen.getByRole('heading').focus()} />
      )}
      <output>{codes.join(',')}</output>
    </>
  );
}
const held = () => document.querySelector('output')!.textContent;

describe('EquipmentCheckboxes', () => {
  it('has a fieldset per group inside one named by its legend, every box labelled, all ~40 items', () => {
    render(<Held kind="boxes" />);
    const all = screen.getByRole('group', { name: 'Utrustning' });
    const groups = within(all).getAllByRole('group');
    expect(groups.map((g) => g.querySelector('legend')!.textContent)).toEqual(EQUIPMENT_GROUPS.map((g) => g.label));
    expect(groups.map((g) => g.querySelector('legend')!.textContent)).toEqual([
      'Komfort',
      'Säkerhet',
      'Vinter',
      'Drag och last',
      'Multimedia',
    ]);
    const boxes = within(all).getAllByRole('checkbox');
    expect(boxes).toHaveLength(EQUIPMENT.length);
    expect(EQUIPMENT.length).toBeGreaterThanOrEqual(38);
    for (const item of EQUIPMENT) {
      const box = within(all).getByRole('checkbox', { name: item.label });
      expect(box).toHaveAttribute('name', 'equipment');
      expect(box).toHaveAttribute('value', item.code);
    }
    // The groups hold their own items.
    const winter = within(all).getByRole('group', { name: 'Vinter' });
    expect(within(winter).getByRole('checkbox', { name: 'Motorvärmare' })).toBeInTheDocument();
    expect(within(winter).getByRole('checkbox', { name: 'Fyrhjulsdrift' })).toBeInTheDocument();
    const media = within(all).getByRole('group', { name: 'Multimedia' });
    expect(within(media).getByRole('checkbox', { name: 'Apple CarPlay' })).toBeInTheDocument();
  });

  it('checks and unchecks by click and keyboard, keeping the codes in the list’s order', async () => {
    render(<Held kind="boxes" />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Apple CarPlay' }));
    await userEvent.click(screen.getByLabelText('Dragkrok'));
    expect(held()).toBe('dragkrok,apple-carplay');
    screen.getByRole('checkbox', { name: 'Motorvärmare' }).focus();
    await userEvent.keyboard(' ');
    expect(held()).toBe('motorvarmare,dragkrok,apple-carplay');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Dragkrok' }));
    expect(held()).toBe('motorvarmare,apple-carplay');
    expect(screen.getByRole('checkbox', { name: 'Dragkrok' })).not.toBeChecked();
  });
});

describe('EquipmentFilter', () => {
  it('opens the checkboxes from a button that tells how many are chosen', async () => {
    render(<Held kind="filter" initial={['dragkrok']} />);
    const toggle = screen.getByRole('button', { name: 'Utrustning (1 vald)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('group', { name: 'Bilen ska ha' })).toHaveAccessibleDescription(
      'Bara bilar med allt du väljer visas.',
    );
    expect(within(panel).getByRole('checkbox', { name: 'Dragkrok' })).toBeChecked();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Takreling' }));
    expect(held()).toBe('dragkrok,takreling');
    expect(toggle).toHaveAccessibleName('Utrustning (2 valda)');
  });
});

describe('EquipmentChips', () => {
  it('shows a removable chip per item; the keyboard moves to the next chip, then to the page', async () => {
    render(<Held kind="chips" initial={['motorvarmare', 'dragkrok']} />);
    const list = screen.getByRole('list', { name: 'Aktiva filter' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Utrustning: Motorvärmare×', 'Utrustning: Dragkrok×']);
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort filter Utrustning: Motorvärmare' }));
    expect(held()).toBe('dragkrok');
    expect(screen.getByRole('button', { name: 'Ta bort filter Utrustning: Dragkrok' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(held()).toBe('');
    expect(screen.queryByRole('list', { name: 'Aktiva filter' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Rubrik' })).toHaveFocus();
  });
});
