import type { Car } from '@bilmarknaden/shared/api-types';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { useDialogAfterLogin } from '../../../lib/use-dialog-after-login.ts';

const ComposerDialog = lazyDialog(async () => (await import('./composer-dialog.tsx')).default);

/**
 * 'Skicka meddelande' on an ad: opens the composer to the seller. Logged out it opens the login dialog, and the
 * composer after that login; the seller is not offered it on their own ad.
 */
export function MessageSellerButton({ car }: { car: Pick<Car, 'id' | 'title' | 'user'> }) {
  const { own, open, setOpen, ask } = useDialogAfterLogin(car.user);

  if (own) return null;

  return (
    <>
      <button type="button" className="button" aria-haspopup="dialog" {...ComposerDialog.trigger} onClick={ask}>
        Skicka meddelande
      </button>
      <ComposerDialog car={car} open={open} onOpenChange={setOpen} />
    </>
  );
}
