import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_REPORT_REASONS } from '@bilmarknaden/shared/validation/report';
import { ReportUserButton } from './report-user-button.tsx';
import * as loginDialog from '../../../lib/login-dialog.ts';
import { storeSession } from '../../../lib/session-store.ts';
import { callsTo, fakeJwt, jsonResponse, mockApi, renderRoutes } from '../../../test/test-utils.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  loginDialog.closeLoginDialog();
});

const REPORT = 'POST /api/inventory/users/kalle%20k/reports';
const show = () =>
  renderRoutes([{ path: '/user/kalle', element: <ReportUserButton username="kalle k" /> }], '/user/kalle');

describe("'Anmäl användare'", () => {
  it('opens the login dialog while logged out, and the report after that login', async () => {
    const api = mockApi({});
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Anmäl användare' }));
    expect(loginDialog.isLoginDialogOpen()).toBe(true);
    storeSession(fakeJwt({ sub: 'anna' }));
    expect(await screen.findByRole('dialog', { name: 'Anmäl användare' })).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('is not offered on one’s own page', () => {
    storeSession(fakeJwt({ sub: 'kalle k' }));
    show();
    expect(screen.queryByRole('button', { name: 'Anmäl användare' })).not.toBeInTheDocument();
  });

  it('offers the reasons about a person, sends the report to the user’s address and thanks', async () => {
    storeSession(fakeJwt({ sub: 'anna' }));
    const api = mockApi({ [REPORT]: jsonResponse({ id: 4 }, 201) });
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Anmäl användare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anmäl användare' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(USER_REPORT_REASONS.length);
    expect(within(dialog).queryByRole('radio', { name: 'Bilen är redan såld' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skicka anmälan' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Välj en anledning');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Stötande innehåll' }));
    await userEvent.type(within(dialog).getByRole('textbox'), 'Otrevlig i meddelanden');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skicka anmälan' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Tack, vi tittar på det');
    const [[, init]] = callsTo(api, REPORT) as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'Stötande innehåll', text: 'Otrevlig i meddelanden' });
  });

  it("shows the server's refusal (the hour's limit) in the dialog", async () => {
    storeSession(fakeJwt({ sub: 'anna' }));
    mockApi({
      [REPORT]: jsonResponse(
        { message: 'Du har skickat många anmälningar den senaste timmen. Försök igen om 12 minuter.' },
        429,
      ),
    });
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Anmäl användare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anmäl användare' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Annat' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skicka anmälan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Försök igen om 12 minuter.');
  });
});
