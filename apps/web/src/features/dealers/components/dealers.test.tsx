import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEALER_MESSAGES } from '@bilmarknaden/shared/validation/dealer';
import { jsonResponse, mockFetch, renderAt } from '../../../test/test-utils.tsx';
import { clearSession, storeSession } from '../../../lib/session-store.ts';
import { ApplyPage } from './apply-page.tsx';
import { OwnDealerPage } from './own-dealer-page.tsx';
import { DealerPage } from './dealer-page.tsx';
import { DealerApplications } from './dealer-applications.tsx';
import { InvitePage } from './invite-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
  window.location.hash = '';
});

const login = () => storeSession('token', { username: 'anna', firstname: 'Anna', lastname: 'A' });

const dealer = {
  id: 7,
  slug: 'bilhuset',
  name: 'Bilhuset AB',
  orgNumber: '556016-0680',
  street: 'Industrigatan 4',
  postalCode: '761 41',
  city: 'Norrtälje',
  kommun: '0188',
  phone: '0176-123 45',
  openingHours: [{ days: 'Mån–fre', hours: '10–18' }],
  presentation: 'Familjeägd sedan 1987.',
  logo: '/api/identity/dealers/bilhuset/logo?v=1',
  status: 'approved',
  rejectReason: null,
  role: 'owner',
  created: '2026-12-01T10:00:00.000Z',
};

describe('Bli handlare', () => {
  it('checks the fields with the shared rules before sending, naming the field at fault', async () => {
    login();
    const spy = mockFetch((url) =>
      url.pathname.endsWith('/dealer') ? jsonResponse({ dealer: null }) : jsonResponse([]),
    );
    renderAt('/bli-handlare', <ApplyPage />, '/bli-handlare');
    await userEvent.type(await screen.findByLabelText('Organisationsnummer'), '556016-0681');
    await userEvent.click(screen.getByRole('button', { name: 'Skicka ansökan' }));
    // The last failing rule is shown: the kommun is the last field left empty before the hours.
    expect(screen.getByRole('alert')).toHaveTextContent(DEALER_MESSAGES.phone);
    expect(screen.getByLabelText('Telefon')).toHaveFocus();
    expect(spy.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('sends a valid application and shows that it waits for review', async () => {
    login();
    let sent: unknown;
    mockFetch((url, init) => {
      if (url.pathname.endsWith('/dealer/application')) {
        sent = JSON.parse(String(init?.body));
        return jsonResponse({ ...dealer, status: 'pending' });
      }
      if (url.pathname.endsWith('/dealer')) return jsonResponse({ dealer: null });
      return jsonResponse([]);
    });
    renderAt('/bli-handlare', <ApplyPage />, '/bli-handlare');
    await userEvent.type(await screen.findByLabelText('Organisationsnummer'), '5560160680');
    await userEvent.type(screen.getByLabelText('Företagets namn'), 'Bilhuset AB');
    await userEvent.type(screen.getByLabelText('Gatuadress'), 'Industrigatan 4');
    await userEvent.type(screen.getByLabelText('Postnummer'), '76141');
    await userEvent.type(screen.getByLabelText('Postort'), 'Norrtälje');
    await userEvent.type(screen.getByRole('combobox', { name: 'Kommun' }), 'Norrtälje');
    await userEvent.keyboard('{Enter}');
    await userEvent.type(screen.getByLabelText('Telefon'), '0176-123 45');
    await userEvent.type(screen.getByLabelText('Dagar, rad 1'), 'Mån–fre');
    await userEvent.type(screen.getByLabelText('Tider, rad 1'), '10–18');
    await userEvent.click(screen.getByRole('button', { name: 'Skicka ansökan' }));
    expect(await screen.findByRole('heading', { name: 'Ansökan skickad' })).toBeInTheDocument();
    expect(sent).toMatchObject({ orgNumber: '5560160680', kommun: '0188', postalCode: '76141' });
  });

  it('shows the reason of a rejection and offers to send the application again', async () => {
    login();
    mockFetch(() =>
      jsonResponse({ dealer: { ...dealer, status: 'rejected', rejectReason: 'Fel organisationsnummer' } }),
    );
    renderAt('/bli-handlare', <ApplyPage />, '/bli-handlare');
    expect(await screen.findByText('Skäl: Fel organisationsnummer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skicka in igen' })).toBeInTheDocument();
  });

  it('asks a visitor to log in', async () => {
    mockFetch(() => jsonResponse([]));
    renderAt('/bli-handlare', <ApplyPage />, '/bli-handlare');
    expect(screen.getByText('Logga in för att ansöka om att bli handlare.')).toBeInTheDocument();
  });
});

describe('Mitt företag: API keys', () => {
  it('shows a new key once with a copy button, lists keys by prefix and revokes one', async () => {
    login();
    const key = 'bmd_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const listed = {
      id: 3,
      name: 'Lager',
      prefix: key.slice(0, 12),
      created: dealer.created,
      lastUsedAt: null,
      revokedAt: null,
    };
    let keys: object[] = [];
    const spy = mockFetch((url, init) => {
      if (url.pathname.endsWith('/dealer')) return jsonResponse({ dealer });
      if (url.pathname.endsWith('/dealer/members'))
        return jsonResponse({
          members: [{ username: 'anna', name: 'Anna A', role: 'owner', joined: dealer.created }],
          invites: [],
        });
      if (url.pathname.endsWith('/dealer/api-keys') && init?.method === 'POST') {
        keys = [listed];
        return jsonResponse({ ...listed, key });
      }
      if (url.pathname.endsWith('/dealer/api-keys')) return jsonResponse(keys);
      if (url.pathname.endsWith('/dealer/api-keys/3')) {
        keys = [{ ...listed, revokedAt: dealer.created }];
        return new Response(null, { status: 204 });
      }
      return jsonResponse([]);
    });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/mitt-foretag', <OwnDealerPage />, '/mitt-foretag');
    expect(await screen.findByRole('heading', { name: 'Mitt företag: Bilhuset AB' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Importera bilar' })).toHaveAttribute('href', '/handlare/bilhuset/import');

    await userEvent.click(screen.getByRole('button', { name: 'Skapa nyckel' }));
    expect(screen.getByText(DEALER_MESSAGES.keyName)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Vad används nyckeln till?'), 'Lager');
    await userEvent.click(screen.getByRole('button', { name: 'Skapa nyckel' }));
    expect(await screen.findByLabelText('API-nyckel')).toHaveValue(key);
    await userEvent.click(screen.getByRole('button', { name: 'Kopiera nyckeln' }));
    expect(writeText).toHaveBeenCalledWith(key);
    expect(await screen.findByText('Nyckeln är kopierad.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Klar' }));
    expect(screen.queryByLabelText('API-nyckel')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(key);
    expect(screen.getByText(/bmd_abcdefgh…/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Återkalla Lager' }));
    expect(await screen.findByText(/återkallad/)).toBeInTheDocument();
    expect(spy.mock.calls.some(([u, i]) => String(u).endsWith('/dealer/api-keys/3') && i?.method === 'DELETE')).toBe(
      true,
    );
  });
});

describe('Mitt företag: members and logo', () => {
  it('the owner invites with the shared rule checked first, sees the invitation and removes a member', async () => {
    login();
    let members = {
      members: [
        { username: 'anna', name: 'Anna A', role: 'owner', joined: dealer.created },
        { username: 'bo', name: 'Bo B', role: 'member', joined: dealer.created },
      ],
      invites: [] as object[],
    };
    const spy = mockFetch((url, init) => {
      if (url.pathname.endsWith('/dealer')) return jsonResponse({ dealer });
      if (url.pathname.endsWith('/dealer/members')) return jsonResponse(members);
      if (url.pathname.endsWith('/dealer/invites')) {
        members = {
          ...members,
          invites: [{ id: 1, email: 'ny@exempel.se', created: dealer.created, expiresAt: dealer.created }],
        };
        return new Response(null, { status: 204 });
      }
      if (url.pathname.endsWith('/dealer/members/bo') && init?.method === 'DELETE') {
        members = { ...members, members: members.members.slice(0, 1) };
        return new Response(null, { status: 204 });
      }
      return jsonResponse([]);
    });
    renderAt('/mitt-foretag', <OwnDealerPage />, '/mitt-foretag');
    const email = await screen.findByLabelText('Bjud in en kollega (e-post)');
    await userEvent.type(email, 'inte-en-adress');
    await userEvent.click(screen.getByRole('button', { name: 'Skicka inbjudan' }));
    expect(screen.getByText(DEALER_MESSAGES.inviteEmail)).toBeInTheDocument();
    expect(email).toHaveFocus();
    await userEvent.clear(email);
    await userEvent.type(email, 'ny@exempel.se');
    await userEvent.click(screen.getByRole('button', { name: 'Skicka inbjudan' }));
    expect(await screen.findByText('En inbjudan är skickad till ny@exempel.se.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Dra tillbaka inbjudan till ny@exempel.se' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ta bort Bo B' }));
    await screen.findByText(/Anna A/);
    expect(screen.queryByText(/Bo B/)).not.toBeInTheDocument();
    expect(spy.mock.calls.some(([u, i]) => String(u).endsWith('/dealer/members/bo') && i?.method === 'DELETE')).toBe(
      true,
    );
  });

  it('a member neither invites nor sees the keys, and a refused logo shows the server message', async () => {
    login();
    mockFetch((url) => {
      if (url.pathname.endsWith('/dealer')) return jsonResponse({ dealer: { ...dealer, role: 'member' } });
      if (url.pathname.endsWith('/dealer/members'))
        return jsonResponse({
          members: [{ username: 'anna', name: 'Anna A', role: 'member', joined: dealer.created }],
          invites: [],
        });
      if (url.pathname.endsWith('/dealer/logo'))
        return jsonResponse({ message: 'Logotypen ska vara en PNG-, JPEG- eller WebP-bild', field: 'logo' }, 400);
      return jsonResponse([]);
    });
    renderAt('/mitt-foretag', <OwnDealerPage />, '/mitt-foretag');
    expect(await screen.findByRole('heading', { name: 'Medlemmar' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Bjud in en kollega (e-post)')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'API-nycklar' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Lämna företaget' })).toBeInTheDocument();
    const file = new File(['inte en bild'], 'logo.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText(/Välj en bild/), file);
    expect(await screen.findByText('Logotypen ska vara en PNG-, JPEG- eller WebP-bild')).toBeInTheDocument();
  });
});

describe('The dealer page', () => {
  it('shows logo, presentation, address with kommun, hours, reply time and the cars of the dealer', async () => {
    const spy = mockFetch((url) => {
      if (url.pathname.endsWith('/dealers/bilhuset')) {
        const { status: _s, rejectReason: _r, role: _o, created: _c, id: _i, ...profile } = dealer;
        return jsonResponse({ ...profile, owner: 'anna' });
      }
      if (url.pathname.includes('reply-time')) return jsonResponse({ medianMinutes: 90 });
      return jsonResponse([]);
    });
    renderAt('/handlare/:slug', <DealerPage cars={(slug) => <p>Bilar för {slug}</p>} />, '/handlare/bilhuset');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bilhuset AB' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Bilhuset ABs logotyp' })).toHaveAttribute('src', dealer.logo);
    expect(screen.getByText('Familjeägd sedan 1987.')).toBeInTheDocument();
    expect(screen.getByText(/Norrtälje kommun/)).toBeInTheDocument();
    expect(screen.getByText('Mån–fre')).toBeInTheDocument();
    expect(await screen.findByText('Svarar oftast inom 2 timmar')).toBeInTheDocument();
    expect(screen.getByText('Bilar för bilhuset')).toBeInTheDocument();
    // A visitor gets no import link.
    expect(screen.queryByRole('link', { name: 'Importera bilar' })).not.toBeInTheDocument();
    expect(spy.mock.calls.some(([u]) => String(u).includes('reply-time') && String(u).includes('anna'))).toBe(true);
  });
});

describe('Handlare att godkänna', () => {
  it('approves, and rejects only with a reason', async () => {
    login();
    const application = {
      id: 9,
      slug: 'bilhuset',
      name: 'Bilhuset AB',
      orgNumber: '556016-0680',
      street: 'Industrigatan 4',
      postalCode: '761 41',
      city: 'Norrtälje',
      kommun: '0188',
      phone: '0176-123 45',
      presentation: '',
      owner: 'anna',
      created: dealer.created,
    };
    const spy = mockFetch((url) => {
      if (url.pathname.endsWith('/dealer-applications')) return jsonResponse([application]);
      return new Response(null, { status: 204 });
    });
    renderAt('/controlpanel', <DealerApplications />, '/controlpanel');
    const item = (await screen.findByRole('heading', { name: 'Bilhuset AB' })).closest('li')!;
    expect(within(item).getByText('761 41 Norrtälje', { exact: false })).toHaveTextContent('(Norrtälje)');
    await userEvent.click(within(item).getByRole('button', { name: 'Avslå' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Avslå ansökan' }));
    expect(within(item).getByRole('alert')).toHaveTextContent(DEALER_MESSAGES.rejectReason);
    await userEvent.type(within(item).getByLabelText(/Skäl till avslaget/), 'Uppgifterna stämmer inte');
    await userEvent.click(within(item).getByRole('button', { name: 'Avslå ansökan' }));
    expect(await screen.findByText('Ansökan från Bilhuset AB är avslagen.')).toBeInTheDocument();
    const rejection = spy.mock.calls.find(([u]) => String(u).endsWith('/dealer-applications/9/rejection'));
    expect(JSON.parse(String(rejection![1]!.body))).toEqual({ reason: 'Uppgifterna stämmer inte' });
  });
});

describe('The invitation link', () => {
  it('joins the dealer with the token of the fragment', async () => {
    login();
    window.location.hash = '#token=hemlig-token';
    let sent: unknown;
    mockFetch((url, init) => {
      if (url.pathname.endsWith('/dealer/invites/acceptance')) {
        sent = JSON.parse(String(init?.body));
        return jsonResponse({ ...dealer, role: 'member' });
      }
      return jsonResponse([]);
    });
    renderAt('/mitt-foretag/inbjudan', <InvitePage />, '/mitt-foretag/inbjudan');
    await userEvent.click(screen.getByRole('button', { name: 'Gå med i företaget' }));
    expect(await screen.findByText('Du är nu medlem i Bilhuset AB.')).toBeInTheDocument();
    expect(sent).toEqual({ token: 'hemlig-token' });
  });
});
