import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ControlPanelPage } from './control-panel-page.tsx';

describe('control panel', () => {
  it.each([
    [undefined, false],
    [1, false],
    [2, true],
    [3, true],
  ])('role %s allowed: %s', (role, allowed) => {
    render(<ControlPanelPage role={role} loading={false} />);
    expect(screen.getByRole('heading', { name: 'Kontrollpanel' })).toBeInTheDocument();
    expect(screen.queryByText('Ingen behörighet') === null).toBe(allowed);
  });
});
