import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIST_DEPTH_MESSAGE } from '@bilmarknaden/shared/constants';
import { MoreRow } from './car-results.tsx';
import { listOutcome } from './list-status.tsx';

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

describe('the depth limit', () => {
  it("invites to narrow the search instead of 'Mer' where the next window would pass end 1000", () => {
    const { rerender } = render(<MoreRow query={paged(false)} shown={980} />);
    expect(screen.getByRole('button', { name: 'Mer' })).toBeInTheDocument();
    expect(screen.queryByText(LIST_DEPTH_MESSAGE)).toBeNull();

    rerender(<MoreRow query={paged(false)} shown={1000} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(LIST_DEPTH_MESSAGE).tagName).toBe('P');

    // A list that ends there has nothing more to invite to.
    rerender(<MoreRow query={{ ...paged(false), hasNextPage: false }} shown={1000} />);
    expect(screen.queryByText(LIST_DEPTH_MESSAGE)).toBeNull();
  });

  it('announces the invitation with the list', () => {
    expect(listOutcome(1000, true)).toBe(`Visar 1000 annonser. ${LIST_DEPTH_MESSAGE}`);
    expect(listOutcome(980, true)).toBe('Visar 980 annonser');
    expect(listOutcome(1000, false)).toBe('Visar 1000 annonser');
  });
});
