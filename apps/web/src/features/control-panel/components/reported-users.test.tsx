import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserQueueItem } from '@bilmarknaden/shared/api-types';
import { ControlPanelPage } from './control-panel-page.tsx';
import { storeSession } from '../../../lib/session-store.ts';
import { callsTo, jsonResponse, mockApi, renderAt } from '../../../test/test-utils.tsx';

afterEach(() => vi.restoreAllMocks());

const USER: UserQueueItem = {
  username: 'lurendrejare',
  blocked: false,
  openReports: 2,
  firstReportedAt: '2026-11-21T14:05:00Z',
  reports: [
    { id: 1, reason: 'Misstänkt bedrägeri', text: 'Vill ha förskott', created: '2026-11-21T14:05:00Z' },
    { id: 2, reason: 'Stötande innehåll', text: '', created: '2026-11-21T15:05:00Z' },
  ],
  ads: [
    { id: 10, title: 'Billig Volvo', status: 'active', reports: 1 },
    { id: 11, title: 'Dold Saab', status: 'hidden', reports: 3 },
  ],
  history: { userReports: 4, adReports: 5, hiddenAds: 1 },
};

const answers = (extra: Record<string, unknown>) =>
  mockApi({
    'GET /api/inventory/moderation/queue': jsonResponse([]),
    'GET /api/messaging/reports': jsonResponse([]),
    ...(extra as Record<string, Response>),
  });

const show = () => renderAt('/controlpanel', <ControlPanelPage role={2} loading={false} />, '/controlpanel');

describe("'Anmälda användare'", () => {
  it('lists a reported user with reasons, texts, ads and record; dismissing is announced and leaves the list', async () => {
    storeSession('tok', { username: 'granskaren', firstname: 'Gun', lastname: 'G' });
    let dismissed = false;
    const api = answers({
      'GET /api/inventory/moderation/users': () => jsonResponse(dismissed ? [] : [USER]),
      'POST /api/inventory/moderation/users/lurendrejare/dismissal': () => {
        dismissed = true;
        return new Response(null, { status: 204 });
      },
    });
    show();
    const item = await screen.findByRole('article', { name: '@lurendrejare' });
    expect(item).toHaveTextContent('2 öppna anmälningar');
    expect(item).toHaveTextContent('Vill ha förskott');
    expect(item).toHaveTextContent('4 anmälningar av användaren, 5 av hens annonser, 1 dolda annonser');
    const ads = within(item).getByRole('list', { name: 'Annonser av @lurendrejare' });
    expect(within(ads).getByRole('link', { name: 'Billig Volvo' })).toHaveAttribute('href', '/car/10');
    expect(within(ads).queryByRole('link', { name: 'Dold Saab' })).not.toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Ingen överträdelse' }));
    expect(await screen.findByText('Inga anmälda användare.')).toBeInTheDocument();
    expect(screen.getByText('Anmälningarna av @lurendrejare är avfärdade.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Anmälda annonser' })).toHaveFocus();
    expect(callsTo(api, 'POST /api/inventory/moderation/users/lurendrejare/dismissal')).toHaveLength(1);
  });

  it("blocks through identity with a reason by the shared rule; the entry leaves before the relay's next read", async () => {
    storeSession('tok', { username: 'granskaren', firstname: 'Gun', lastname: 'G' });
    const api = answers({
      // The relay has not decided the reports yet: the queue still answers the user.
      'GET /api/inventory/moderation/users': jsonResponse([USER]),
      'PUT /api/identity/users/lurendrejare/blocked': jsonResponse({ username: 'lurendrejare', blocked: true }),
    });
    show();
    const item = await screen.findByRole('article', { name: '@lurendrejare' });
    await userEvent.click(within(item).getByRole('button', { name: 'Spärra användaren' }));
    const reason = within(item).getByRole('textbox', { name: /Anledning till spärren av @lurendrejare/ });
    expect(reason).toHaveFocus();
    await userEvent.click(within(item).getByRole('button', { name: 'Spärra' }));
    expect(within(item).getByRole('alert')).toHaveTextContent('Skriv en anledning');
    await userEvent.type(reason, 'Bedrägeri');
    await userEvent.click(within(item).getByRole('button', { name: 'Spärra' }));
    expect(await screen.findByText('Inga anmälda användare.')).toBeInTheDocument();
    expect(screen.getByText('@lurendrejare är spärrad.')).toBeInTheDocument();
    const [[, init]] = callsTo(api, 'PUT /api/identity/users/lurendrejare/blocked') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ blocked: true, reason: 'Bedrägeri' });
  });

  it("shows the server's refusal (a report of one's own) in the entry", async () => {
    storeSession('tok', { username: 'granskaren', firstname: 'Gun', lastname: 'G' });
    answers({
      'GET /api/inventory/moderation/users': jsonResponse([USER]),
      'POST /api/inventory/moderation/users/lurendrejare/dismissal': jsonResponse(
        { message: 'Du har själv anmält användaren. Låt en annan moderator avgöra det.' },
        403,
      ),
    });
    show();
    const item = await screen.findByRole('article', { name: '@lurendrejare' });
    await userEvent.click(within(item).getByRole('button', { name: 'Ingen överträdelse' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('Du har själv anmält användaren.');
  });
});
