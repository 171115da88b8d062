import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, WELCOME_DELAY_MS } from '@bilmarknaden/shared/constants';
import { useCurrentUser } from '../../features/auth/hooks/use-current-user.ts';
import { useTokenRefresh } from '../../features/auth/hooks/use-token-refresh.ts';
import { displayNameOf, initialsOf } from '../../features/auth/utils/display-name.ts';
import { MenuIcon, UserIcon } from '../../lib/icons.tsx';
import { openLoginDialog, useLoginDialogOpen } from '../../lib/login-dialog.ts';
import { SAVED_CARS_KEY } from '../../features/saved/api/saved-cars.ts';
import { MESSAGES_KEY } from '../../features/messages/api/messaging-api.ts';
import { onSessionEvent, SESSION_EVENTS, useSession } from '../../lib/session-store.ts';
import { ToastRegion } from '../../lib/toast.tsx';
import { preloadOn } from '../../lib/lazy-dialog.tsx';
import { RESULTS_ID } from '../../components/car-results.tsx';
import { useRouteFocus } from '../use-route-focus.ts';
import { CompareBar } from './compare-bar.tsx';
import '../styles.css';

// Drawers and dialogs (Radix) are a chunk of their own: not needed for the first paint, fetched when
// the user reaches for a header button or when one of them opens.
const loadOverlays = () => import('./overlays.tsx');
const Overlays = lazy(loadOverlays);
const preloadOverlays = () => void loadOverlays().catch(() => undefined);
// The live connection of a logged-in tab: not needed for the first paint either. A chunk that fails to load
// leaves the page as it is (lists still load when opened), not an error screen.
const LiveMessages = lazy((): Promise<{ default: React.ComponentType }> =>
  import('../../features/messages/components/live-messages.tsx').then(
    (m) => ({ default: m.LiveMessages }),
    () => ({ default: () => null }),
  ),
);

function welcomeAlreadyShown(): boolean {
  return localStorage.getItem(STORAGE_KEYS.welcomeShown) === 'true';
}

/** Section 4: 'loggedin' and 'loggedout' refresh what depends on the user (header, drawers, hearts). */
function useSessionEventsRefresh() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offIn = onSessionEvent(SESSION_EVENTS.loggedIn, () => {
      void queryClient.invalidateQueries({ queryKey: SAVED_CARS_KEY });
    });
    const offOut = onSessionEvent(SESSION_EVENTS.loggedOut, () => {
      queryClient.removeQueries({ queryKey: SAVED_CARS_KEY });
      queryClient.removeQueries({ queryKey: MESSAGES_KEY });
      queryClient.removeQueries({ queryKey: ['current-user'] });
      // The caller's dealer, its members and keys (features/dealers): another user may log in next.
      queryClient.removeQueries({ queryKey: ['dealer'] });
    });
    return () => {
      offIn();
      offOut();
    };
  }, [queryClient]);
}

export function AppLayout() {
  useTokenRefresh();
  useSessionEventsRefresh();
  const [menuOpen, setMenuOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [welcomeOpen, setWelcomeOpen] = useState(false);
  const loginOpen = useLoginDialogOpen();
  const { loggedIn } = useSession();
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  // Pages of ads (home, search, browse, a seller's ads) have a second skip link past their filters to the list.
  const adList = useMatches().some((m) => (m.handle as { adList?: boolean } | undefined)?.adList);
  const anyOpen = menuOpen || profileOpen || welcomeOpen || loginOpen;
  const anyOpenRef = useRef(anyOpen);
  useEffect(() => {
    anyOpenRef.current = anyOpen;
  }, [anyOpen]);

  // Once any overlay has been wanted, keep the overlays mounted so closing can animate.
  const [overlaysMounted, setOverlaysMounted] = useState(false);
  if (anyOpen && !overlaysMounted) setOverlaysMounted(true);

  // Section 4: the welcome dialog opens shortly after load unless it was shown before.
  useEffect(() => {
    if (welcomeAlreadyShown()) return;
    // The dialog is in the overlays chunk: fetch it now so that it opens on time, not after a download (in a
    // task of its own: the first render's effects stay short).
    const preload = setTimeout(preloadOverlays);
    const timer = setTimeout(() => {
      if (!anyOpenRef.current && !welcomeAlreadyShown()) setWelcomeOpen(true);
    }, WELCOME_DELAY_MS);
    return () => {
      clearTimeout(preload);
      clearTimeout(timer);
    };
  }, []);

  const closeWelcome = useCallback(() => {
    localStorage.setItem(STORAGE_KEYS.welcomeShown, 'true');
    setWelcomeOpen(false);
  }, []);

  const openHelp = useCallback(() => {
    setMenuOpen(false);
    setWelcomeOpen(true);
  }, []);

  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Hoppa till innehållet
      </a>
      {adList && (
        <a href={`#${RESULTS_ID}`} className="skip-link skip-link--second">
          Hoppa till annonserna
        </a>
      )}
      <Header
        menuOpen={menuOpen}
        profileOpen={profileOpen}
        onOpenMenu={() => setMenuOpen(true)}
        onOpenProfile={() => setProfileOpen(true)}
      />
      <main id="main" ref={main} className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <CompareBar />
      <ToastRegion />
      {/* A page loaded from its address has the key 'default', as did the page loaded before it in the tab: keyed by
          its path, it no longer opens at that other page's scroll position (a reload still keeps its own). */}
      <ScrollRestoration getKey={(l) => (l.key === 'default' ? `${l.pathname}${l.search}` : l.key)} />
      {loggedIn && (
        <Suspense fallback={null}>
          <LiveMessages />
        </Suspense>
      )}
      {overlaysMounted && (
        <Suspense fallback={null}>
          <Overlays
            menuOpen={menuOpen}
            onMenuOpenChange={setMenuOpen}
            profileOpen={profileOpen}
            onProfileOpenChange={setProfileOpen}
            welcomeOpen={welcomeOpen}
            onWelcomeClose={closeWelcome}
            onHelp={openHelp}
          />
        </Suspense>
      )}
    </div>
  );
}

interface HeaderProps {
  menuOpen: boolean;
  profileOpen: boolean;
  onOpenMenu: () => void;
  onOpenProfile: () => void;
}

function Header({ menuOpen, profileOpen, onOpenMenu, onOpenProfile }: HeaderProps) {
  const { loggedIn, details } = useSession();
  const { data: user } = useCurrentUser();
  const preload = preloadOn(preloadOverlays);
  const name = displayNameOf(user, details);

  return (
    <header className="header">
      <div className="header__inner">
        <button
          type="button"
          className="icon-button header__menu"
          aria-label="Meny"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={onOpenMenu}
          {...preload}
        >
          <MenuIcon />
        </button>
        <Link to="/" className="header__brand">
          Bilmarknaden
        </Link>
        <div className="header__actions">
          <Link to="/browse/cars" className="button button--ghost header__new">
            Visa nya sidan
          </Link>
          {loggedIn ? (
            <button
              type="button"
              className="button button--secondary header__profile"
              aria-haspopup="dialog"
              aria-expanded={profileOpen}
              onClick={onOpenProfile}
              {...preload}
            >
              <UserIcon size={18} />
              {/* On a phone the initials show and the whole name is the button's name (styles.css). */}
              <span className="header__initials" aria-hidden="true">
                {initialsOf(name)}
              </span>
              <span className="header__name">{name}</span>
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary"
              aria-haspopup="dialog"
              onClick={openLoginDialog}
              {...preload}
            >
              Logga in
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
