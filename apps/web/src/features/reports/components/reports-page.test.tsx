import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnConversationReport, OwnHiddenCar, OwnReport, OwnUserReport } from '@bilmarknaden/shared/api-types';
import { ReportsPage } from './reports-page.tsx';
import { storeSession } from '../../../lib/session-store.ts';
import { callsTo, fakeJwt, jsonResponse, mockApi, renderRoutes } from '../../../test/test-utils.tsx';

afterEach(() => vi.restoreAllMocks());

const report = (id: number, outcome: OwnReport['outcome']): OwnReport => ({
  id,
  carId: 100 + id,
  title: `Bil ${id}`,
  reason: 'Misstänkt bedrägeri',
  created: '2026-11-21T14:05:00Z',
  outcome,
  decidedAt: outcome === 'open' ? null : '2026-11-22T10:00:00Z',
});
const hidden: OwnHiddenCar = {
  id: 55,
  title: 'Min dolda bil',
  reason: 'Bilderna visar en annan bil',
  heldForPrice: false,
  hiddenAt: '2026-11-22T10:00:00Z',
  reviewRequestedAt: null,
  reviewDecidedAt: null,
};
const show = () => renderRoutes([{ path: '/reports', element: <ReportsPage /> }], '/reports');

describe("'Mina anmälningar'", () => {
  it('tells the outcome of each report, and links only to ads still shown', async () => {
    storeSession(fakeJwt({ sub: 'anna' }));
    mockApi({
      'GET /api/inventory/reports/mine': jsonResponse([report(1, 'open'), report(2, 'hidden'), report(3, 'dismissed')]),
      'GET /api/inventory/cars/hidden': jsonResponse([]),
    });
    show();
    const list = await screen.findByRole('list', { name: 'Annonser du har anmält' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Vi tittar på det'),
      expect.stringContaining('Annonsen är borttagen'),
      expect.stringContaining('Vi hittade inget brott mot reglerna'),
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Bil 1' })).toHaveAttribute('href', '/car/101');
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dina dolda annonser' })).not.toBeInTheDocument();
  });

  it('lists the reported conversations with the other party, the ad and the outcome, never the moderator', async () => {
    storeSession(fakeJwt({ sub: 'anna' }));
    const conversationReport = (
      id: number,
      outcome: OwnConversationReport['outcome'],
      otherParty: string | null,
    ): OwnConversationReport => ({
      id,
      conversationId: 20 + id,
      carId: 100 + id,
      carTitle: `Samtalsbil ${id}`,
      otherParty,
      reason: 'Stötande innehåll',
      created: '2026-11-21T14:05:00Z',
      outcome,
      decidedAt: outcome === 'open' ? null : '2026-11-22T10:00:00Z',
    });
    mockApi({
      'GET /api/inventory/reports/mine': jsonResponse([]),
      'GET /api/inventory/cars/hidden': jsonResponse([]),
      'GET /api/messaging/reports/mine': jsonResponse([
        conversationReport(1, 'handled', 'kalle'),
        conversationReport(2, 'dismissed', null),
        conversationReport(3, 'open', 'olle'),
      ]),
    });
    show();
    const list = await screen.findByRole('list', { name: 'Konversationer du har anmält' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Vi har vidtagit åtgärder'),
      expect.stringContaining('Vi hittade inget brott mot reglerna'),
      expect.stringContaining('Vi tittar på det'),
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Konversation med @kalle om Samtalsbil 1' })).toHaveAttribute(
      'href',
      '/messages/21',
    );
    expect(items[1]).toHaveTextContent('Konversation med ett raderat konto om Samtalsbil 2');
    expect(items[0]).toHaveTextContent('Stötande innehåll');
    expect(screen.getByText('Du har inte anmält någon annons.')).toBeInTheDocument();
  });

  it("shows the seller's hidden ad with the reason and asks once for a review, by the shared rule", async () => {
    storeSession(fakeJwt({ sub: 'kalle' }));
    let asked = false;
    const api = mockApi({
      'GET /api/inventory/reports/mine': jsonResponse([]),
      'GET /api/inventory/cars/hidden': () =>
        jsonResponse([asked ? { ...hidden, reviewRequestedAt: '2026-11-23T08:00:00Z' } : hidden]),
      'POST /api/inventory/cars/55/review': () => {
        asked = true;
        return new Response(null, { status: 204 });
      },
    });
    show();
    const ad = await screen.findByRole('article', { name: 'Min dolda bil' });
    expect(ad).toHaveTextContent('Anledning: Bilderna visar en annan bil');
    await userEvent.click(within(ad).getByRole('button', { name: 'Begär omprövning' }));
    expect(within(ad).getByRole('alert')).toHaveTextContent('Berätta varför annonsen ska visas igen');
    await userEvent.type(within(ad).getByRole('textbox'), 'Bilderna är mina egna');
    await userEvent.click(within(ad).getByRole('button', { name: 'Begär omprövning' }));
    expect(await within(ad).findByRole('status')).toHaveTextContent('Du har begärt omprövning.');
    const [[, init]] = callsTo(api, 'POST /api/inventory/cars/55/review') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ text: 'Bilderna är mina egna' });
  });

  it('tells the outcome of each report of a user, never naming the moderator, and links to users not blocked', async () => {
    storeSession(fakeJwt({ sub: 'anna' }));
    const userReport = (id: number, username: string, outcome: OwnUserReport['outcome']): OwnUserReport => ({
      id,
      username,
      reason: 'Misstänkt bedrägeri',
      created: '2026-11-21T14:05:00Z',
      outcome,
      decidedAt: outcome === 'open' ? null : '2026-11-22T10:00:00Z',
    });
    mockApi({
      'GET /api/inventory/reports/mine': jsonResponse([]),
      'GET /api/inventory/cars/hidden': jsonResponse([]),
      'GET /api/inventory/reports/mine/users': jsonResponse([
        userReport(1, 'lurendrejare', 'blocked'),
        userReport(2, 'oskyldig', 'dismissed'),
        userReport(3, 'okand saljare', 'open'),
      ]),
    });
    show();
    const list = await screen.findByRole('list', { name: 'Användare du har anmält' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Användaren är spärrad'),
      expect.stringContaining('Vi hittade inget brott mot reglerna'),
      expect.stringContaining('Vi tittar på det'),
    ]);
    expect(within(items[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[2]!).getByRole('link', { name: '@okand saljare' })).toHaveAttribute(
      'href',
      '/user/okand%20saljare',
    );
  });

  it('shows no user section to someone who never reported a user', async () => {
    storeSession(fakeJwt({ sub: 'anna' }));
    mockApi({
      'GET /api/inventory/reports/mine': jsonResponse([report(1, 'open')]),
      'GET /api/inventory/cars/hidden': jsonResponse([]),
      'GET /api/inventory/reports/mine/users': jsonResponse([]),
    });
    show();
    await screen.findByRole('list', { name: 'Annonser du har anmält' });
    expect(screen.queryByRole('heading', { name: 'Användare du har anmält' })).not.toBeInTheDocument();
  });

  it('asks a visitor to log in and reads nothing', () => {
    const api = mockApi({});
    show();
    expect(screen.getByRole('button', { name: 'Logga in' })).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });
});
