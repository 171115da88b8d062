import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ModerationCar, QueueItem } from '@bilmarknaden/shared/api-types';
import { ControlPanelPage } from './control-panel-page.tsx';
import { storeSession } from '../../../lib/session-store.ts';
import { callsTo, jsonResponse, mockApi, renderAt } from '../../../test/test-utils.tsx';

afterEach(() => vi.restoreAllMocks());

const ITEM: QueueItem = {
  carId: 9,
  title: 'Misstänkt Volvo',
  seller: 'kalle',
  status: 'active',
  openReports: 2,
  firstReportedAt: '2026-11-21T14:05:00Z',
  reviewRequested: false,
  heldForPrice: false,
  reports: [
    { id: 1, reason: 'Misstänkt bedrägeri', text: 'Vill ha förskott', created: '2026-11-21T14:05:00Z' },
    { id: 2, reason: 'Felaktiga uppgifter', text: '', created: '2026-11-21T15:05:00Z' },
  ],
};
const VIEW = {
  car: { id: 9, title: 'Misstänkt Volvo', price: 10000, make: 'Volvo', model: 'V70', year: 2010, user: 'kalle' },
  status: 'active',
  hidden: null,
  reports: ITEM.reports,
  sellerBlocked: false,
  sellerAds: [{ id: 10, title: 'Annan bil', status: 'active', reports: 0 }],
  sellerHistory: { reports: 3, hiddenAds: 1 },
} as unknown as ModerationCar;

const CONVERSATION_REPORT = {
  id: 4,
  conversationId: 12,
  carId: 9,
  carTitle: 'Saab 900',
  seller: 'kalle',
  buyer: 'bedragaren',
  reportedBy: 'seller',
  reason: 'Misstänkt bedrägeri',
  text: 'Vill betala med presentkort',
  created: '2026-11-21T14:05:00Z',
  messages: [{ sender: 'bedragaren', text: 'Jag betalar med presentkort', sentAt: '2026-11-21T14:00:00Z' }],
};

describe('the report queue', () => {
  it('lists reported ads with reasons and texts; hiding asks for a reason by the shared rule and is announced', async () => {
    storeSession('tok', { username: 'granskaren', firstname: 'Gun', lastname: 'G' });
    let hidden = false;
    const api = mockApi({
      'GET /api/inventory/moderation/queue': () => jsonResponse(hidden ? [] : [ITEM]),
      'GET /api/inventory/moderation/cars/9': jsonResponse(VIEW),
      'GET /api/messaging/reports': jsonResponse([]),
      'PUT /api/inventory/moderation/cars/9/hidden': () => {
        hidden = true;
        return new Response(null, { status: 204 });
      },
    });
    renderAt('/controlpanel', <ControlPanelPage role={2} loading={false} />, '/controlpanel');
    expect(screen.getByRole('tab', { name: 'Anmälningar' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Granskningslogg' })).not.toBeInTheDocument();
    const item = await screen.findByRole('article', { name: 'Misstänkt Volvo' });
    expect(item).toHaveTextContent('2 öppna anmälningar');
    expect(item).toHaveTextContent('Vill ha förskott');
    await userEvent.click(within(item).getByRole('button', { name: 'Granska' }));
    expect(
      await within(item).findByText(/Säljaren @kalle: 3 anmälningar totalt, 1 dolda annonser/),
    ).toBeInTheDocument();
    expect(within(item).getByText(/Annan bil/)).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Dölj annonsen' }));
    const reason = within(item).getByRole('textbox', { name: /Anledning till att annonsen döljs/ });
    expect(reason).toHaveFocus();
    await userEvent.click(within(item).getByRole('button', { name: 'Dölj' }));
    expect(within(item).getByRole('alert')).toHaveTextContent('Skriv en anledning');
    await userEvent.type(reason, 'Bedrägeriförsök');
    await userEvent.click(within(item).getByRole('button', { name: 'Dölj' }));
    expect(await screen.findByText('Inga öppna anmälningar eller annonser att granska.')).toBeInTheDocument();
    expect(screen.getByText('”Misstänkt Volvo” är dold.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Anmälda annonser' })).toHaveFocus();
    const [[, init]] = callsTo(api, 'PUT /api/inventory/moderation/cars/9/hidden') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'Bedrägeriförsök' });
  });

  it("marks an ad held for its price 'Granskas' and approves it with 'Godkänn annonsen'", async () => {
    storeSession('tok', { username: 'granskaren', firstname: 'Gun', lastname: 'G' });
    let approved = false;
    const held: QueueItem = { ...ITEM, status: 'hidden', openReports: 0, reports: [], heldForPrice: true };
    const view = {
      ...VIEW,
      status: 'hidden',
      reports: [],
      hidden: {
        reason: 'Priset är mycket lägre än för liknande bilar.',
        heldForPrice: true,
        hiddenAt: '2026-11-21T14:05:00Z',
        reviewText: null,
        reviewRequestedAt: null,
        reviewDecidedAt: null,
      },
    } as unknown as ModerationCar;
    const api = mockApi({
      'GET /api/inventory/moderation/queue': () => jsonResponse(approved ? [] : [held]),
      'GET /api/inventory/moderation/cars/9': jsonResponse(view),
      'GET /api/messaging/reports': jsonResponse([]),
      'DELETE /api/inventory/moderation/cars/9/hidden': () => {
        approved = true;
        return new Response(null, { status: 204 });
      },
    });
    renderAt('/controlpanel', <ControlPanelPage role={2} loading={false} />, '/controlpanel');
    const item = await screen.findByRole('article', { name: 'Misstänkt Volvo' });
    expect(item).toHaveTextContent('Granskas: mycket lågt pris');
    await userEvent.click(within(item).getByRole('button', { name: 'Granska' }));
    expect(await within(item).findByText(/Granskas sedan/)).toHaveTextContent(
      'Anledning: Priset är mycket lägre än för liknande bilar.',
    );
    expect(within(item).getByRole('button', { name: 'Dölj annonsen' })).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /Avfärda|Behåll dold/ })).not.toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Godkänn annonsen' }));
    expect(await screen.findByText('”Misstänkt Volvo” är godkänd och visas nu.')).toBeInTheDocument();
    expect(callsTo(api, 'DELETE /api/inventory/moderation/cars/9/hidden')).toHaveLength(1);
  });

  it('lists reported conversations with their messages; a party can be blocked with a reason', async () => {
    storeSession('tok', { username: 'granskaren', firstname: 'Gun', lastname: 'G' });
    const api = mockApi({
      'GET /api/inventory/moderation/queue': jsonResponse([]),
      'GET /api/messaging/reports': jsonResponse([
        {
          id: 4,
          conversationId: 12,
          carId: 9,
          carTitle: 'Saab 900',
          seller: 'kalle',
          buyer: 'bedragaren',
          reportedBy: 'seller',
          reason: 'Misstänkt bedrägeri',
          text: 'Vill betala med presentkort',
          created: '2026-11-21T14:05:00Z',
          messages: [{ sender: 'bedragaren', text: 'Jag betalar med presentkort', sentAt: '2026-11-21T14:00:00Z' }],
        },
      ]),
      'PUT /api/identity/users/bedragaren/blocked': jsonResponse({ username: 'bedragaren', blocked: true }),
    });
    renderAt('/controlpanel', <ControlPanelPage role={2} loading={false} />, '/controlpanel');
    const report = await screen.findByRole('article', { name: 'Konversation om Saab 900' });
    expect(report).toHaveTextContent('Anmäld av säljaren');
    expect(report).toHaveTextContent('Jag betalar med presentkort');
    await userEvent.click(within(report).getByRole('button', { name: 'Spärra @bedragaren' }));
    await userEvent.type(within(report).getByRole('textbox', { name: /Anledning till spärren/ }), 'Bedrägeri');
    await userEvent.click(within(report).getByRole('button', { name: 'Spärra' }));
    expect(await screen.findByText('@bedragaren är spärrad.')).toBeInTheDocument();
    const [[, init]] = callsTo(api, 'PUT /api/identity/users/bedragaren/blocked') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ blocked: true, reason: 'Bedrägeri' });
  });

  it('decides a reported conversation with an optional note by the shared rule; the report leaves and it is announced', async () => {
    storeSession('tok', { username: 'granskaren', firstname: 'Gun', lastname: 'G' });
    let decided = false;
    const api = mockApi({
      'GET /api/inventory/moderation/queue': jsonResponse([]),
      'GET /api/messaging/reports': () => jsonResponse(decided ? [] : [CONVERSATION_REPORT]),
      'PUT /api/messaging/reports/4/decision': () => {
        decided = true;
        return new Response(null, { status: 204 });
      },
    });
    renderAt('/controlpanel', <ControlPanelPage role={2} loading={false} />, '/controlpanel');
    const report = await screen.findByRole('article', { name: 'Konversation om Saab 900' });
    await userEvent.click(within(report).getByRole('button', { name: 'Ingen överträdelse' }));
    const note = within(report).getByRole('textbox', { name: /Anteckning \(valfri/ });
    expect(note).toHaveFocus();
    await userEvent.type(note, 'x'.repeat(501));
    await userEvent.click(within(report).getByRole('button', { name: 'Markera: ingen överträdelse' }));
    expect(within(report).getByRole('alert')).toHaveTextContent('Anteckningen får vara högst 500 tecken');
    expect(callsTo(api, 'PUT /api/messaging/reports/4/decision')).toHaveLength(0);
    await userEvent.clear(note);
    await userEvent.type(note, 'Vanlig prisdiskussion');
    await userEvent.click(within(report).getByRole('button', { name: 'Markera: ingen överträdelse' }));
    expect(await screen.findByText('Inga anmälda konversationer.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Anmälan om konversationen om Saab 900 är markerad: ingen överträdelse.',
    );
    expect(screen.getByRole('heading', { name: 'Anmälda konversationer' })).toHaveFocus();
    const [[, init]] = callsTo(api, 'PUT /api/messaging/reports/4/decision') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ outcome: 'dismissed', note: 'Vanlig prisdiskussion' });
  });

  it('after blocking a party offers to mark the report handled, with the block as its note; a refusal is shown', async () => {
    storeSession('tok', { username: 'granskaren', firstname: 'Gun', lastname: 'G' });
    const api = mockApi({
      'GET /api/inventory/moderation/queue': jsonResponse([]),
      'GET /api/messaging/reports': jsonResponse([CONVERSATION_REPORT]),
      'PUT /api/identity/users/bedragaren/blocked': jsonResponse({ username: 'bedragaren', blocked: true }),
      'PUT /api/messaging/reports/4/decision': jsonResponse({ message: 'Anmälan är redan avgjord' }, 409),
    });
    renderAt('/controlpanel', <ControlPanelPage role={2} loading={false} />, '/controlpanel');
    const report = await screen.findByRole('article', { name: 'Konversation om Saab 900' });
    await userEvent.click(within(report).getByRole('button', { name: 'Spärra @bedragaren' }));
    await userEvent.type(within(report).getByRole('textbox', { name: /Anledning till spärren/ }), 'Bedrägeri');
    await userEvent.click(within(report).getByRole('button', { name: 'Spärra' }));
    const offer = await within(report).findByRole('form', {
      name: '@bedragaren är spärrad. Markera anmälan som åtgärdad?',
    });
    const note = within(offer).getByRole('textbox');
    expect(note).toHaveValue('Spärrade @bedragaren: Bedrägeri');
    expect(note).toHaveFocus();
    await userEvent.click(within(offer).getByRole('button', { name: 'Markera som åtgärdad' }));
    expect(await within(report).findByRole('alert')).toHaveTextContent('Anmälan är redan avgjord');
    const [[, init]] = callsTo(api, 'PUT /api/messaging/reports/4/decision') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ outcome: 'handled', note: 'Spärrade @bedragaren: Bedrägeri' });
  });

  it('offers the audit log to an administrator', async () => {
    storeSession('tok', { username: 'chefen', firstname: 'C', lastname: 'C' });
    mockApi({
      'GET /api/inventory/moderation/queue': jsonResponse([]),
      'GET /api/messaging/reports': jsonResponse([]),
      'GET /api/inventory/moderation/audit': jsonResponse([
        {
          id: 1,
          at: '2026-11-22T10:00:00Z',
          actor: 'granskaren',
          action: 'hide',
          carId: 9,
          username: 'kalle',
          conversationId: null,
          reason: 'Bedrägeriförsök',
        },
        {
          id: 2,
          at: '2026-11-22T11:00:00Z',
          actor: 'granskaren',
          action: 'conversation-handled',
          carId: 9,
          username: 'bedragaren',
          conversationId: 12,
          reason: 'Köparen spärrad',
        },
      ]),
    });
    renderAt('/controlpanel', <ControlPanelPage role={3} loading={false} />, '/controlpanel');
    await userEvent.click(screen.getByRole('tab', { name: 'Granskningslogg' }));
    const row = await screen.findByRole('row', { name: /Bedrägeriförsök/ });
    expect(row).toHaveTextContent('Dolde annons');
    expect(row).toHaveTextContent('Annons 9, @kalle');
    expect(row).toHaveTextContent('Bedrägeriförsök');
    const decided = screen.getByRole('row', { name: /Köparen spärrad/ });
    expect(decided).toHaveTextContent('Åtgärdade anmäld konversation');
    expect(decided).toHaveTextContent('Konversation 12, Annons 9, @bedragaren');
    // The filter offers the decisions of reported conversations.
    expect(screen.getByRole('option', { name: 'Avfärdade anmäld konversation' })).toHaveValue('conversation-dismissed');
  });
});
