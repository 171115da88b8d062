import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MoreRow } from './car-results.tsx';

const paged = (fetching: boolean, fetchNextPage = vi.fn()) => ({
  hasNextPage: true,
  isFetchNextPageError: false,
  isFetchingNextPage: fetching,
  fetchNextPage,
});

describe("'Mer'", () => {
  it('keeps the keyboard while the next page loads, and asks for it only once', async () => {
    const fetchNextPage = vi.fn();
    const { rerender } = render(<MoreRow query={paged(false, fetchNextPage)} />);
    const more = screen.getByRole('button', { name: 'Mer' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(<MoreRow query={paged(true, fetchNextPage)} />);
    expect(more).toHaveFocus();
    expect(more).toHaveAttribute('aria-disabled', 'true');
    expect(more).toHaveAttribute('aria-busy', 'true');
    await userEvent.keyboard('{Enter}');
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(<MoreRow query={paged(false, fetchNextPage)} />);
    expect(more).toHaveFocus();
    expect(more).not.toHaveAttribute('aria-disabled');
  });
});
