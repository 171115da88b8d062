import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@bilmarknaden/shared/constants';
import {
  addToCompare,
  comparedIds,
  COMPARE_FULL_MESSAGE,
  removeFromCompare,
  toggleCompare,
  useComparedIds,
} from './compare-store.ts';

const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.compare) ?? 'null') as unknown;

describe('the comparison store', () => {
  it('keeps up to three ads in the order added, in localStorage', () => {
    expect(comparedIds()).toEqual([]);
    expect(toggleCompare(5)).toBe('added');
    expect(toggleCompare(2)).toBe('added');
    expect(addToCompare(9)).toBe('added');
    expect(comparedIds()).toEqual([5, 2, 9]);
    expect(stored()).toEqual([5, 2, 9]);
  });

  it('refuses a fourth ad and keeps the three it has', () => {
    localStorage.setItem(STORAGE_KEYS.compare, '[1,2,3]');
    expect(toggleCompare(4)).toBe('full');
    expect(addToCompare(4)).toBe('full');
    expect(comparedIds()).toEqual([1, 2, 3]);
    expect(stored()).toEqual([1, 2, 3]);
    expect(COMPARE_FULL_MESSAGE).toBe('Du kan jämföra högst 3 bilar. Ta bort en först.');
  });

  it('takes an ad out when pressed again or removed, freeing its place', () => {
    localStorage.setItem(STORAGE_KEYS.compare, '[1,2,3]');
    expect(toggleCompare(2)).toBe('removed');
    expect(comparedIds()).toEqual([1, 3]);
    removeFromCompare(1);
    removeFromCompare(42);
    expect(stored()).toEqual([3]);
    expect(toggleCompare(4)).toBe('added');
    expect(comparedIds()).toEqual([3, 4]);
  });

  it('reads what an earlier visit stored, and ignores what is not a list of ad ids', () => {
    localStorage.setItem(STORAGE_KEYS.compare, '[7,7,"8",-1,1.5,8,9,10]');
    expect(comparedIds()).toEqual([7, 8, 9]);
    localStorage.setItem(STORAGE_KEYS.compare, '{nope');
    expect(comparedIds()).toEqual([]);
    localStorage.setItem(STORAGE_KEYS.compare, '{"a":1}');
    expect(comparedIds()).toEqual([]);
  });

  it('renders the current list and follows changes, also from another tab', () => {
    function Count() {
      return <p>{useComparedIds().join(',') || 'inga'}</p>;
    }
    render(<Count />);
    expect(screen.getByText('inga')).toBeInTheDocument();
    act(() => void toggleCompare(3));
    expect(screen.getByText('3')).toBeInTheDocument();
    act(() => {
      localStorage.setItem(STORAGE_KEYS.compare, '[3,6]');
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.compare }));
    });
    expect(screen.getByText('3,6')).toBeInTheDocument();
  });
});
