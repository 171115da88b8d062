import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReportAdButton } from './report-ad-button.tsx';
import * as loginDialog from '../../../lib/login-dialog.ts';
import { storeSession } from '../../../lib/session-store.ts';
import { callsTo, fakeJwt, jsonResponse, mockApi, renderRoutes } from '../../../test/test-utils.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  loginDialog.closeLoginDialog();
});

const REPORT = 'POST /api/inventory/reports';
const show = () =>
  renderRoutes([{ path: '/car/7', element: <ReportAdButton car={{ id: 7, user: 'kalle' }} /> }], '/car/7');

describe("'Anmäl annons'", () => {
  it('opens the login dialog while logged out, and the report after that login', async () => {
    const api = mockApi({});
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Anmäl annons' }));
    expect(loginDialog.isLoginDialogOpen()).toBe(true);
    storeSession(fakeJwt({ sub: 'anna' }));
    expect(await screen.findByRole('dialog', { name: 'Anmäl annons' })).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it("is not offered on the seller's own ad", () => {
    storeSession(fakeJwt({ sub: 'kalle' }));
    show();
    expect(screen.queryByRole('button', { name: 'Anmäl annons' })).not.toBeInTheDocument();
  });

  it('asks for a reason by the shared rule, sends the report and thanks', async () => {
    storeSession(fakeJwt({ sub: 'anna' }));
    const api = mockApi({ [REPORT]: jsonResponse({ id: 3 }, 201) });
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Anmäl annons' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anmäl annons' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skicka anmälan' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Välj en anledning');
    expect(within(dialog).getByRole('radio', { name: 'Misstänkt bedrägeri' })).toHaveFocus();
    expect(api).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Bilen är redan såld' }));
    await userEvent.type(within(dialog).getByRole('textbox'), 'Såld förra veckan');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skicka anmälan' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Tack, vi tittar på det');
    const [[, init]] = callsTo(api, REPORT) as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      carId: 7,
      reason: 'Bilen är redan såld',
      text: 'Såld förra veckan',
    });
  });

  it("shows the server's refusal (one open report per ad) in the dialog", async () => {
    storeSession(fakeJwt({ sub: 'anna' }));
    mockApi({ [REPORT]: jsonResponse({ message: 'Du har redan anmält annonsen. Vi tittar på det.' }, 409) });
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Anmäl annons' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anmäl annons' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Annat' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skicka anmälan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Du har redan anmält annonsen.');
  });
});
