import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render as renderPlain, screen } from '@testing-library/react';
import { SettingsPage } from './settings-page.tsx';
import { testQueryClient } from '../../../test/test-utils.tsx';

const render = (ui: ReactElement) =>
  renderPlain(<QueryClientProvider client={testQueryClient()}>{ui}</QueryClientProvider>);

describe('settings', () => {
  it("is titled 'Inställnignar' (the specification's spelling)", () => {
    render(<SettingsPage profile={<p>Välkommen till din profil!</p>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Inställnignar' })).toBeInTheDocument();
  });

  it.each([
    ['Min profil', 'Välkommen till din profil!'],
    ['Aviseringar', 'Logga in för att välja dina aviseringar.'],
    ['Språk och region', 'Language'],
    ['Betalningar', 'Payments'],
  ])("'%s' expands to show %s and collapses again", (tab, content) => {
    render(<SettingsPage profile={<p>Välkommen till din profil!</p>} />);
    const trigger = screen.getByRole('button', { name: tab });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(content)).not.toBeInTheDocument();
    fireEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(content)).toBeVisible();
    fireEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(content)).not.toBeInTheDocument();
  });

  it('the tabs are buttons in a list, reachable by keyboard', () => {
    render(<SettingsPage profile={null} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Min profil', 'Aviseringar', 'Språk och region', 'Betalningar']);
    for (const b of buttons) expect(b.tagName).toBe('BUTTON');
    expect(screen.getByRole('list')).toBeInTheDocument();
  });
});
