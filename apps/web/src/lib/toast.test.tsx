import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { hideToast, showToast, TOAST_MS, ToastRegion } from './toast.tsx';

afterEach(() => {
  act(() => hideToast());
  vi.useRealTimers();
});

describe('ToastRegion', () => {
  it('is an empty polite region until a confirmation, which then shows for a while and goes', () => {
    vi.useFakeTimers();
    render(
      <>
        <button type="button">Här</button>
        <ToastRegion />
      </>,
    );
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    screen.getByRole('button', { name: 'Här' }).focus();
    act(() => showToast('Dina ändringar är sparade'));
    expect(region).toHaveTextContent('Dina ändringar är sparade');
    expect(screen.getByRole('button', { name: 'Här' })).toHaveFocus();
    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(region).toHaveTextContent('Dina ändringar är sparade');
    act(() => vi.advanceTimersByTime(1));
    expect(region).toBeEmptyDOMElement();
  });

  it('a second confirmation replaces the first and gets its own full time', () => {
    vi.useFakeTimers();
    render(<ToastRegion />);
    act(() => showToast('Din annons är publicerad'));
    act(() => vi.advanceTimersByTime(TOAST_MS - 100));
    act(() => showToast('Din annons ”Saab” är borttagen.'));
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('status')).toHaveTextContent('Din annons ”Saab” är borttagen.');
  });
});
