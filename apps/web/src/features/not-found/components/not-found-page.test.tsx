import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage } from '../../../test/test-utils.tsx';
import { NotFoundPage } from './not-found-page.tsx';

describe('not found', () => {
  it("says 'Inget att se här...' with 'Ta mig hem' to /", () => {
    renderPage(<NotFoundPage />, '/notfound');
    expect(screen.getByRole('heading', { name: 'Inget att se här...' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ta mig hem' })).toHaveAttribute('href', '/');
  });
});
