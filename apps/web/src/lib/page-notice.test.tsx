import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { leaveNotice, PageNotice, takeNotice } from './page-notice.tsx';

describe('page notice', () => {
  it('shows a left notice once, in a polite status region', async () => {
    leaveNotice('Ditt konto är raderat.');
    const first = render(<PageNotice />);
    expect(await screen.findByRole('status')).toHaveTextContent('Ditt konto är raderat.');
    first.unmount();
    const { container } = render(<PageNotice />);
    expect(container.querySelector('[aria-live="polite"]')).toBeEmptyDOMElement();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(takeNotice()).toBeNull();
  });
});
