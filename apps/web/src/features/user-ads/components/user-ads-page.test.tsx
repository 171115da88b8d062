import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAGE_DATA_ELEMENT_ID } from '@bilmarknaden/shared/page-data';
import { UserAdsPage } from './user-ads-page.tsx';
import { jsonResponse, mockFetch, renderAt, renderRoutes, requestedUrls } from '../../../test/test-utils.tsx';
import { carItem } from '../../../test/car-fixtures.ts';
import { resetInitialAnswers } from '../../../lib/initial-answers.ts';

afterEach(() => {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
  resetInitialAnswers();
  vi.restoreAllMocks();
});

const PROFILE = '/api/identity/user/username';
const profile = (username: string) => ({ username, firstname: 'Kalle', memberSince: '2026-01-02T03:04:05.678Z' });
const LIST = '/api/inventory/001/2002';
// The seller box's other answers; each test's handler answers the list and the profile.
const sellerFacts = (url: URL) =>
  url.pathname === '/api/inventory/sellers/summary'
    ? jsonResponse({ forSale: 1, sold: 0 })
    : url.pathname === '/api/messaging/sellers/reply-time'
      ? jsonResponse({ medianMinutes: null })
      : null;
const mockPage = (handler: Parameters<typeof mockFetch>[0]) =>
  mockFetch((url, init) => sellerFacts(url) ?? handler(url, init));
const listUrls = (spy: ReturnType<typeof mockFetch>) => requestedUrls(spy).filter((u) => u.startsWith(LIST));
const noAccount = () => jsonResponse({ message: 'Användaren kunde inte hittas', field: 'username' }, 404);

const routes = [
  { path: '/user/:username', element: <UserAdsPage /> },
  { path: '/notfound', element: <h1>Inget att se här...</h1> },
];

describe('UserAdsPage', () => {
  it('shows "{username}\'s bilannonser" and that user\'s ads', async () => {
    const spy = mockPage((url) =>
      url.pathname === PROFILE
        ? jsonResponse(profile('kalle'))
        : jsonResponse([carItem(3, { title: 'Volvo 240', hp: 116 })]),
    );
    renderAt('/user/:username', <UserAdsPage />, '/user/kalle');
    expect(screen.getByRole('heading', { name: "kalle's bilannonser" })).toBeInTheDocument();
    expect(await screen.findByText('Volvo 240')).toBeInTheDocument();
    for (const t of ['2015', 'Manuell', 'Diesel', '116 hk', 'Stockholm', 'nov. 21 14:05'])
      expect(screen.getByText(t)).toBeInTheDocument();
    expect(listUrls(spy)[0]).toBe('/api/inventory/001/2002?username=kalle&start=0&end=20');
  });

  it("puts the composed 'Anmäl användare' beside the heading, with the page's username", async () => {
    mockPage(() => jsonResponse([carItem(3)]));
    renderAt(
      '/user/:username',
      <UserAdsPage reportButton={(username) => <button type="button">Anmäl {username}</button>} />,
      '/user/kalle',
    );
    expect(screen.getByRole('heading', { name: "kalle's bilannonser" }).nextElementSibling).toHaveAccessibleName(
      'Anmäl kalle',
    );
  });

  it("pages a dealer's ads with 'Mer', later windows in the first one's snapshot", async () => {
    const asOf = '2026-01-02T03:04:05.678Z';
    const spy = mockPage((url) => {
      const start = Number(url.searchParams.get('start'));
      const count = start === 0 ? 20 : 3;
      const res = jsonResponse(
        Array.from({ length: count }, (_, i) => carItem(start + i + 1, { title: `Bil ${start + i + 1}` })),
      );
      res.headers.set('X-List-As-Of', url.searchParams.get('asOf') ?? asOf);
      return res;
    });
    renderAt('/user/:username', <UserAdsPage />, '/user/bilhandlarn');
    expect(await screen.findByText('Bil 20')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mer' }));
    expect(await screen.findByText('Bil 23')).toBeInTheDocument();
    const second = new URL(listUrls(spy)[1]!, 'http://localhost').searchParams;
    expect([second.get('start'), second.get('end'), second.get('asOf')]).toEqual(['20', '40', asOf]);
    expect(within(screen.getByRole('list', { name: 'bilhandlarns annonser' })).getAllByRole('link')).toHaveLength(23);
    expect(screen.queryByRole('button', { name: 'Mer' })).not.toBeInTheDocument();
  });

  it("shows the seller box: the seller's name, 'Medlem sedan' and the ads for sale", async () => {
    mockPage((url) =>
      url.pathname === PROFILE ? jsonResponse(profile('kalle')) : jsonResponse([carItem(3, { title: 'Volvo 240' })]),
    );
    renderAt('/user/:username', <UserAdsPage />, '/user/kalle');
    const box = screen.getByRole('region', { name: 'Säljare' });
    expect(await within(box).findByText('Medlem sedan 2026')).toBeInTheDocument();
    expect(box).toHaveTextContent('Kalle @kalle');
    expect(await within(box).findByText('1 bil till salu')).toBeInTheDocument();
  });

  it("shows 'Inga resultat' when a user who exists has no ads", async () => {
    const spy = mockPage((url) => (url.pathname === PROFILE ? jsonResponse(profile('kalle')) : jsonResponse([])));
    const { router } = renderRoutes(routes, '/user/kalle');
    expect(await screen.findByText('Inga resultat')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "kalle's bilannonser" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/kalle');
    expect(requestedUrls(spy)).toContain(`${PROFILE}?username=kalle`);
  });

  it('goes to /notfound (replacing the entry) for a name with neither ads nor an account', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let answerProfile = (_: Response) => {};
    const spy = mockPage((url) =>
      url.pathname === PROFILE ? new Promise<Response>((resolve) => (answerProfile = resolve)) : jsonResponse([]),
    );
    const { router } = renderRoutes(routes, '/user/finnsinte');
    // While the profile is asked for, the empty list is not told as 'Inga resultat'.
    await vi.waitFor(() => expect(requestedUrls(spy)).toContain(`${PROFILE}?username=finnsinte`));
    // The seller box asks for the profile at once; the page waits on it once the empty list is in.
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Laddar...'));
    expect(screen.queryByText('Inga resultat')).not.toBeInTheDocument();
    answerProfile(noAccount());
    expect(await screen.findByRole('heading', { name: 'Inget att se här...' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notfound');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes to /notfound for a blank name, which the ad list refuses (400)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockPage((url) =>
      url.pathname === PROFILE
        ? noAccount()
        : jsonResponse({ message: 'Ange ett användarnamn', field: 'username' }, 400),
    );
    const { router } = renderRoutes(routes, '/user/%20');
    expect(await screen.findByRole('heading', { name: 'Inget att se här...' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notfound');
  });

  it("keeps the empty list when the profile cannot be read (the list's answer stands)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockPage((url) => (url.pathname === PROFILE ? jsonResponse({ message: 'Fel' }, 500) : jsonResponse([])));
    const { router } = renderRoutes(routes, '/user/kalle');
    // After the one retry a failed read gets.
    expect(await screen.findByText('Inga resultat', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/kalle');
  });

  it('takes the profile the server put into the page: no request for it', async () => {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = PAGE_DATA_ELEMENT_ID;
    el.textContent = JSON.stringify([{ url: `${PROFILE}?username=kalle`, body: profile('kalle') }]);
    document.body.append(el);
    resetInitialAnswers();
    const spy = mockPage((url) => (url.pathname === PROFILE ? noAccount() : jsonResponse([])));
    renderRoutes(routes, '/user/kalle');
    expect(await screen.findByText('Inga resultat')).toBeInTheDocument();
    expect(requestedUrls(spy).filter((u) => u.startsWith(PROFILE))).toEqual([]);
  });
});
