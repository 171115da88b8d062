import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS, WELCOME_DELAY_MS } from '@bilmarknaden/shared/constants';
import { closeLoginDialog } from '../../lib/login-dialog.ts';
import { storeSession } from '../../lib/session-store.ts';
import {
  CURRENT_USER,
  jsonResponse,
  mockApi,
  openEventStream,
  renderRoutes,
  tokenExpiringIn,
} from '../../test/test-utils.tsx';
import { AppLayout } from './app-layout.tsx';
import { useEffect, useState } from 'react';
import { showToast } from '../../lib/toast.tsx';

const MAKES = [
  { id: 1, name: 'Audi' },
  { id: 2, name: 'Volvo' },
];
const SAVED = [{ id: 1 }, { id: 2 }, { id: 3 }];

function renderLayout(path = '/') {
  return renderRoutes(
    [
      {
        path: '/',
        element: <AppLayout />,
        children: [
          { index: true, element: <h1>Startsidan</h1> },
          {
            path: 'browse/cars',
            handle: { adList: true },
            element: (
              <>
                <h1>Bläddra</h1>
                <div id="annonser" tabIndex={-1} />
              </>
            ),
          },
          { path: 'feedback', element: <LatePage /> },
          { path: '*', element: <h1>Annan sida</h1> },
        ],
      },
    ],
    path,
  );
}

/** A page whose heading comes after its data (as an ad's title does). */
function LatePage() {
  const [ready, setReady] = useState(false);
  useEffect(() => void Promise.resolve().then(() => setReady(true)), []);
  return ready ? <h1>Skicka feedback</h1> : <p>Laddar...</p>;
}

function logIn(role: number) {
  storeSession(tokenExpiringIn(3600), { username: 'anna', firstname: 'Anna', lastname: 'Svensson' });
  return mockApi({
    'GET /api/identity/user': jsonResponse({ ...CURRENT_USER, role }, 200),
    'GET /api/inventory/001/3002': jsonResponse(SAVED, 200),
    'GET /api/inventory/002/2001': jsonResponse(MAKES, 200),
    'GET /api/messaging/conversations/unread-count': jsonResponse({ unread: 2 }, 200),
    'GET /api/inventory/watches/new-count': jsonResponse({ newCount: 4 }, 200),
    'GET /api/messaging/events': openEventStream(),
  });
}

/** Lets the tasks already queued run (Radix gives focus back in one after a dialog has gone). */
const queuedTasks = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

const markWelcomeShown = () => localStorage.setItem(STORAGE_KEYS.welcomeShown, 'true');

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

beforeAll(async () => {
  // The overlays are a lazy chunk; load it once so the tests do not wait for the transform.
  await import('./overlays.tsx');
});

afterEach(() => {
  act(() => closeLoginDialog());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('header', () => {
  it('has the product name, the menu button, "Visa nya sidan", a skip link and main', () => {
    markWelcomeShown();
    mockApi({});
    renderLayout();
    expect(screen.getByRole('link', { name: 'Bilmarknaden' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Visa nya sidan' })).toHaveAttribute('href', '/browse/cars');
    expect(screen.getByRole('button', { name: 'Meny' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Hoppa till innehållet' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Startsidan' })).toBeInTheDocument();
  });

  it("logged out: 'Logga in' opens the login dialog", async () => {
    markWelcomeShown();
    mockApi({});
    renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByRole('dialog', { name: 'Logga in' })).toBeInTheDocument();
  });

  it('logged in: the display name opens the profile drawer', async () => {
    markWelcomeShown();
    logIn(1);
    renderLayout();
    expect(screen.queryByRole('button', { name: 'Logga in' })).not.toBeInTheDocument();
    const profile = await screen.findByRole('button', { name: 'Anna S' });
    fireEvent.click(profile);
    expect(await screen.findByRole('dialog', { name: 'Välkommen, Anna S' })).toBeInTheDocument();
  });

  it("on a phone shows the initials, with the whole name as the button's accessible name", async () => {
    markWelcomeShown();
    logIn(1);
    renderLayout();
    const profile = await screen.findByRole('button', { name: 'Anna S' });
    // styles.css shows the initials and hides the name visually below 27rem; both are in the button.
    expect(profile.querySelector('.header__initials')).toHaveTextContent('AS');
    expect(profile.querySelector('.header__initials')).toHaveAttribute('aria-hidden', 'true');
    expect(profile.querySelector('.header__name')).toHaveTextContent('Anna S');
  });

  it("offers 'Hoppa till annonserna' on a page of ads only, pointing at the list", () => {
    markWelcomeShown();
    mockApi({});
    renderLayout('/browse/cars');
    expect(screen.getByRole('link', { name: 'Hoppa till annonserna' })).toHaveAttribute('href', '#annonser');
    cleanup();
    renderLayout('/settings');
    expect(screen.queryByRole('link', { name: 'Hoppa till annonserna' })).not.toBeInTheDocument();
  });

  it('keeps a polite live region for confirmations, which does not take the keyboard', async () => {
    markWelcomeShown();
    mockApi({});
    renderLayout();
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    const brand = screen.getByRole('link', { name: 'Bilmarknaden' });
    brand.focus();
    act(() => showToast('Din annons är publicerad'));
    expect(region).toHaveTextContent('Din annons är publicerad');
    expect(brand).toHaveFocus();
  });

  it('closing the menu or the login dialog gives focus back to the button that opened it', async () => {
    markWelcomeShown();
    mockApi({ 'GET /api/inventory/002/2001': jsonResponse(MAKES, 200) });
    renderLayout();
    for (const [button, dialog] of [
      ['Meny', 'Meny'],
      ['Logga in', 'Logga in'],
    ] as const) {
      const opener = screen.getByRole('button', { name: button });
      opener.focus();
      fireEvent.click(opener);
      const open = await screen.findByRole('dialog', { name: dialog });
      await waitFor(() => expect(open).toContainElement(document.activeElement as HTMLElement));
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: button })).toHaveFocus();
    }
  });
});

describe("'Jämför' bar", () => {
  it('shows how many cars are chosen and links to the comparison, except on it and with none', async () => {
    markWelcomeShown();
    mockApi({});
    localStorage.setItem(STORAGE_KEYS.compare, '[4,9]');
    const { router } = renderLayout();
    const bar = screen.getByRole('complementary', { name: 'Jämförelse' });
    expect(bar).toHaveTextContent('2 av 3 bilar valda');
    expect(within(bar).getByRole('link', { name: 'Jämför (2)' })).toHaveAttribute('href', '/jamfor');
    await act(() => router.navigate('/jamfor'));
    expect(screen.queryByRole('complementary', { name: 'Jämförelse' })).not.toBeInTheDocument();
    localStorage.removeItem(STORAGE_KEYS.compare);
    await act(() => router.navigate('/'));
    expect(screen.queryByRole('complementary', { name: 'Jämförelse' })).not.toBeInTheDocument();
  });
});

describe('welcome dialog', () => {
  it('opens 2000 ms after load when the flag is absent, and sets the flag when closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockApi({});
    renderLayout();
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS - 1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    const dialog = await screen.findByRole('dialog', { name: 'Välkommen till Bilmarknaden!' });
    expect(dialog).toHaveTextContent('tidigt skede');
    expect(within(dialog).getByRole('link', { name: 'Lämna feedback' })).toHaveAttribute('href', '/feedback');
    expect(localStorage.getItem(STORAGE_KEYS.welcomeShown)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Börja titta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(STORAGE_KEYS.welcomeShown)).toBe('true');
  });

  it('Esc also closes it and sets the flag', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockApi({});
    renderLayout();
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS));
    vi.useRealTimers();
    const dialog = await screen.findByRole('dialog', { name: 'Välkommen till Bilmarknaden!' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(STORAGE_KEYS.welcomeShown)).toBe('true');
  });

  it('does not open when WELCOME_MODAL_SHOWN is true', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    markWelcomeShown();
    mockApi({});
    renderLayout();
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS * 5));
    vi.useRealTimers();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Hjälp' in the menu opens it", async () => {
    markWelcomeShown();
    mockApi({ 'GET /api/inventory/002/2001': jsonResponse(MAKES, 200) });
    renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Meny' }));
    const menu = await screen.findByRole('dialog', { name: 'Meny' });
    const help = within(menu).getByRole('button', { name: 'Hjälp' });
    help.focus(); // as a click or the keyboard leaves it
    fireEvent.click(help);
    const welcome = await screen.findByRole('dialog', { name: 'Välkommen till Bilmarknaden!' });
    // The 'Hjälp' button went with the menu: closing gives the keyboard back to 'Meny'.
    fireEvent.click(within(welcome).getByRole('button', { name: 'Börja titta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Meny' })).toHaveFocus());
  });
});

describe('left menu', () => {
  it("'Bilar' expands to one browse link per make", async () => {
    markWelcomeShown();
    mockApi({ 'GET /api/inventory/002/2001': jsonResponse(MAKES, 200) });
    renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Meny' }));
    const menu = await screen.findByRole('dialog', { name: 'Meny' });
    const bilar = within(menu).getByRole('button', { name: 'Bilar' });
    expect(bilar).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(bilar);
    expect(bilar).toHaveAttribute('aria-expanded', 'true');
    expect(await within(menu).findByRole('link', { name: 'Volvo' })).toHaveAttribute('href', '/browse/cars?make=Volvo');
    expect(within(menu).getByRole('link', { name: 'Audi' })).toHaveAttribute('href', '/browse/cars?make=Audi');
    expect(within(menu).getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/feedback');
    fireEvent.click(within(menu).getByRole('button', { name: 'Delar' }));
    expect(within(menu).getByRole('link', { name: 'Bildelsannons' })).toHaveAttribute('href', '/new/part');
  });

  it("a failed makes call shows 'Inga märken kunde laddas in' with a retry", async () => {
    markWelcomeShown();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi({ 'GET /api/inventory/002/2001': jsonResponse({ message: 'fel' }, 500) });
    renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Meny' }));
    const menu = await screen.findByRole('dialog', { name: 'Meny' });
    fireEvent.click(within(menu).getByRole('button', { name: 'Bilar' }));
    expect(await within(menu).findByText('Inga märken kunde laddas in')).toBeInTheDocument();
    api.mockResolvedValue(jsonResponse(MAKES, 200));
    fireEvent.click(within(menu).getByRole('button', { name: 'Försök igen' }));
    expect(await within(menu).findByRole('link', { name: 'Volvo' })).toBeInTheDocument();
  });

  it('the search box goes to /search/{term}, clears the box and closes the menu', async () => {
    markWelcomeShown();
    mockApi({});
    const { router } = renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Meny' }));
    const menu = await screen.findByRole('dialog', { name: 'Meny' });
    const box = within(menu).getByPlaceholderText('Sök...');
    fireEvent.change(box, { target: { value: ' volvo v70 ' } });
    fireEvent.click(within(menu).getByRole('button', { name: 'Sök' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/volvo%20v70'));
    expect(box).toHaveValue('');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('profile drawer', () => {
  async function openDrawer() {
    renderLayout();
    const button = await screen.findByRole('button', { name: 'Anna S' });
    button.focus();
    fireEvent.click(button);
    return screen.findByRole('dialog', { name: 'Välkommen, Anna S' });
  }

  it('lists every item of the specification with its target', async () => {
    markWelcomeShown();
    logIn(1);
    const drawer = await openDrawer();
    const expected: [string, string][] = [
      ['Hem', '/'],
      ['Min profil', '/profile'],
      ['Grupper', '/'],
      ['Vänner', '/'],
      ['Bli handlare', '/bli-handlare'],
      ['Inställningar', '/settings'],
    ];
    for (const [name, href] of expected) {
      expect(within(drawer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const messages = await within(drawer).findByRole('link', { name: 'Meddelanden (2 olästa)' });
    expect(messages).toHaveAttribute('href', '/messages');
    const watches = await within(drawer).findByRole('link', { name: 'Bevakningar (4 nya bilar)' });
    expect(watches).toHaveAttribute('href', '/bevakningar');
    expect(within(drawer).getByRole('button', { name: 'Logga ut' })).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Skapa annons' }));
    expect(within(drawer).getByRole('link', { name: 'Bilannons' })).toHaveAttribute('href', '/new/car');
    expect(within(drawer).getByRole('link', { name: 'Bildelsannons' })).toHaveAttribute('href', '/new/part');
  });

  it('shows the real new-in-bevakningar, saved-ads and unread-conversation counts and no other badge', async () => {
    markWelcomeShown();
    logIn(1);
    const drawer = await openDrawer();
    const saved = await within(drawer).findByRole('link', { name: 'Sparade annonser (3 sparade)' });
    expect(saved).toHaveAttribute('href', '/saved/cars');
    await within(drawer).findByRole('link', { name: 'Meddelanden (2 olästa)' });
    await within(drawer).findByRole('link', { name: 'Bevakningar (4 nya bilar)' });
    expect([...drawer.querySelectorAll('.badge')].map((b) => b.textContent)).toEqual(['4', '3', '2']);
  });

  it.each([
    [1, false],
    [2, true],
    [3, true],
  ])('role %i sees Kontrollpanel: %s', async (role, visible) => {
    markWelcomeShown();
    logIn(role);
    const drawer = await openDrawer();
    // wait until the role has arrived (the saved count comes from the same kind of call)
    await within(drawer).findByText('3');
    await waitFor(() => expect(within(drawer).queryByRole('link', { name: 'Kontrollpanel' }) !== null).toBe(visible));
    if (visible)
      expect(within(drawer).getByRole('link', { name: 'Kontrollpanel' })).toHaveAttribute('href', '/controlpanel');
  });

  it("a link closes the drawer and puts the keyboard on the new page's heading, not the drawer's button", async () => {
    markWelcomeShown();
    logIn(1);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('link', { name: 'Inställningar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const heading = screen.getByRole('heading', { name: 'Annan sida' });
    await waitFor(() => expect(heading).toHaveFocus());
    await queuedTasks();
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });
});

describe('page changes', () => {
  it("a link in the menu moves focus to the new page's heading once it is there", async () => {
    markWelcomeShown();
    mockApi({ 'GET /api/inventory/002/2001': jsonResponse(MAKES, 200) });
    renderLayout();
    const opener = screen.getByRole('button', { name: 'Meny' });
    opener.focus();
    fireEvent.click(opener);
    const menu = await screen.findByRole('dialog', { name: 'Meny' });
    fireEvent.click(within(menu).getByRole('link', { name: 'Feedback' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Skicka feedback' })).toHaveFocus());
    await queuedTasks();
    expect(screen.getByRole('heading', { name: 'Skicka feedback' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves the keyboard alone on the first page and when only the filters change', async () => {
    markWelcomeShown();
    mockApi({});
    const { router } = renderLayout();
    expect(screen.getByRole('heading', { name: 'Startsidan' })).not.toHaveFocus();
    const brand = screen.getByRole('link', { name: 'Bilmarknaden' });
    brand.focus();
    await act(() => router.navigate('/browse/cars?make=Volvo'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Bläddra' })).toHaveFocus());
    // New filters on the same page: not a page change.
    const list = document.getElementById('annonser')!;
    list.focus();
    await act(() => router.navigate('/browse/cars?make=Audi'));
    expect(list).toHaveFocus();
  });
});
