import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Car } from '@bilmarknaden/shared/api-types';
import { openLoginDialog, useLoginDialogOpen } from '../../../lib/login-dialog.ts';
import { useSessionToken } from '../../../lib/session-store.ts';
import { tokenUsername } from '../../../lib/token-claims.ts';

// The dialog (Radix, the message form) is a chunk of its own: the ad page is in the entry chunk, the composer
// is wanted only when pressed.
const loadComposer = () => import('./composer-dialog.tsx');
const ComposerDialog = lazy(loadComposer);
const preloadComposer = () => void loadComposer().catch(() => undefined);

/**
 * 'Skicka meddelande' on an ad: opens the composer to the seller. Logged out it opens the login dialog, and the
 * composer after that login; the seller is not offered it on their own ad.
 */
export function MessageSellerButton({ car }: { car: Pick<Car, 'id' | 'title' | 'user'> }) {
  const token = useSessionToken();
  const me = token ? tokenUsername(token) : undefined;
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  const openAfterLogin = useRef(false);
  const loginOpen = useLoginDialogOpen();

  useEffect(() => {
    if (!openAfterLogin.current) return;
    if (token === null) {
      if (!loginOpen) openAfterLogin.current = false;
      return;
    }
    openAfterLogin.current = false;
    if (tokenUsername(token) !== car.user) setOpen(true);
  }, [token, loginOpen, car.user]);

  if (me !== undefined && me === car.user) return null;

  return (
    <>
      <button
        type="button"
        className="button"
        aria-haspopup="dialog"
        onPointerEnter={preloadComposer}
        onFocus={preloadComposer}
        onClick={() => {
          if (token) return setOpen(true);
          openAfterLogin.current = true;
          openLoginDialog();
        }}
      >
        Skicka meddelande
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <ComposerDialog car={car} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
