import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DISTANCE_MESSAGES } from '@bilmarknaden/shared/distance';
import { DistanceChips, DistanceFilter } from './distance-filter.tsx';

const NONE = { near: '', within: '', nearest: false };

describe('DistanceFilter', () => {
  it('is a labelled group: the kommun and the radius, reachable by keyboard', async () => {
    const onChange = vi.fn();
    render(<DistanceFilter value={NONE} onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Avstånd' })).toBeInTheDocument();
    const kommun = screen.getByRole('combobox', { name: 'Från kommun' });
    const radius = screen.getByRole('combobox', { name: 'Avstånd' });
    expect(radius).toHaveValue('');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Alla avstånd',
      'Inom 10 km',
      'Inom 25 km',
      'Inom 50 km',
      'Inom 100 km',
      'Inom 200 km',
    ]);
    await userEvent.tab();
    expect(kommun).toHaveFocus();
  });

  it('a radius without a kommun: the shared message, nothing applied', async () => {
    const onChange = vi.fn();
    render(<DistanceFilter value={NONE} onChange={onChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Avstånd' }), '25');
    expect(screen.getByRole('alert')).toHaveTextContent(DISTANCE_MESSAGES.withinWithoutNear);
    expect(screen.getByRole('combobox', { name: 'Från kommun' })).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalled();
  });

  it("prefills the user's own kommun: a radius applies it", async () => {
    const onChange = vi.fn();
    render(<DistanceFilter value={NONE} defaultNear="0184" onChange={onChange} />);
    expect(screen.getByRole('combobox', { name: 'Från kommun' })).toHaveValue('Solna');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Avstånd' }), '10');
    expect(onChange).toHaveBeenCalledWith({ near: '0184', within: '10', nearest: false });
  });

  it('choosing a kommun applies it; Närmast först where the page has no sort menu', async () => {
    const onChange = vi.fn();
    render(<DistanceFilter value={NONE} onChange={onChange} nearestToggle />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Närmast först' }));
    expect(screen.getByRole('alert')).toHaveTextContent(DISTANCE_MESSAGES.orderWithoutNear);
    await userEvent.type(screen.getByRole('combobox', { name: 'Från kommun' }), 'Solna{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ near: '0184', within: '', nearest: false });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('DistanceChips', () => {
  it('names the place and radius and the sort; removing the place removes both', async () => {
    const onChange = vi.fn();
    render(
      <DistanceChips value={{ near: '0184', within: '25', nearest: true }} onChange={onChange} onEmptied={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Ta bort filter Sortering: Närmast' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort filter Inom 25 km från Solna' }));
    expect(onChange).toHaveBeenCalledWith(NONE);
  });
});
