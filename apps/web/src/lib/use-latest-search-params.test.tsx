import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useLatestSearchParams } from './use-latest-search-params.ts';

/** Two changes in one click: drop `drivetrain`, then set `trans`, as a chip click and a select that follows it. */
function Filters() {
  const [params, change] = useLatestSearchParams();
  return (
    <>
      <output>{params.toString()}</output>
      <button
        type="button"
        onClick={() => {
          change((p) => {
            p.delete('drivetrain');
            return p;
          });
          change((p) => {
            p.set('trans', 'manuell');
            return p;
          });
        }}
      >
        Båda
      </button>
      <button type="button" onClick={() => change((p) => (p.set('fuel', 'diesel'), p))}>
        Diesel
      </button>
    </>
  );
}

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/', element: <Filters /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useLatestSearchParams', () => {
  it('builds a change on the one asked for before it, even before the page has drawn it', async () => {
    const router = renderAt('/?drivetrain=awd&fuel=bensin');
    fireEvent.click(screen.getByRole('button', { name: 'Båda' }));
    // With React Router's own setSearchParams the second change starts from the drawn drivetrain=awd and brings it back.
    await waitFor(() => expect(router.state.location.search).toBe('?fuel=bensin&trans=manuell'));
    expect(screen.getByRole('status')).toHaveTextContent('fuel=bensin&trans=manuell');
  });

  it('after a navigation of its own (back, a link), builds on what the page then draws', async () => {
    const router = renderAt('/?drivetrain=awd');
    fireEvent.click(screen.getByRole('button', { name: 'Båda' }));
    await waitFor(() => expect(router.state.location.search).toBe('?trans=manuell'));
    await act(() => router.navigate('/?color=svart'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('color=svart'));
    fireEvent.click(screen.getByRole('button', { name: 'Diesel' }));
    await waitFor(() => expect(router.state.location.search).toBe('?color=svart&fuel=diesel'));
  });
});
