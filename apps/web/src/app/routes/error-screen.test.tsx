import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoutes } from '../../test/test-utils.tsx';
import { ErrorScreen } from './error-screen.tsx';

function Boom(): never {
  throw new Error('boom');
}

describe('error screen', () => {
  it("a throwing route shows 'Unexpected Application Error!' with a hint and a way home", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoutes([{ path: '/', element: <Boom />, errorElement: <ErrorScreen /> }]);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText(/Något gick fel/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Till startsidan' })).toHaveAttribute('href', '/');
    vi.restoreAllMocks();
  });
});
