import { lazy, Suspense, useState } from 'react';
import type { Car } from '@bilmarknaden/shared/api-types';
import { useDialogAfterLogin } from '../../../lib/use-dialog-after-login.ts';

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
  const { own, open, setOpen, ask } = useDialogAfterLogin(car.user);
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);

  if (own) return null;

  return (
    <>
      <button
        type="button"
        className="button"
        aria-haspopup="dialog"
        onPointerEnter={preloadComposer}
        onFocus={preloadComposer}
        onClick={ask}
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
