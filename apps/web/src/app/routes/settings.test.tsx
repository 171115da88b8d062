import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { storeSession } from '../../lib/session-store.ts';
import { jsonResponse, mockFetch, renderAt } from '../../test/test-utils.tsx';
import SettingsRoute from './settings.tsx';

describe('settings with the profile in its tab', () => {
  it("'Min profil' shows the profile without a second page heading and keeps the title, also when it closes", async () => {
    storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    mockFetch(() => jsonResponse([]));
    document.title = 'Bilmarknaden';
    const { unmount } = renderAt('/settings', <SettingsRoute />, '/settings');
    expect(document.title).toBe('Inställningar – Bilmarknaden');
    const tab = screen.getByRole('button', { name: 'Min profil' });
    fireEvent.click(tab);
    // The tab loads the profile's chunk when first opened: slow on a busy machine.
    expect(await screen.findByText('Välkommen till din profil!', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Inställnignar']);
    expect(document.title).toBe('Inställningar – Bilmarknaden');
    fireEvent.click(tab);
    expect(screen.queryByText('Välkommen till din profil!')).not.toBeInTheDocument();
    expect(document.title).toBe('Inställningar – Bilmarknaden');
    unmount();
    expect(document.title).toBe('Bilmarknaden');
  });
});
