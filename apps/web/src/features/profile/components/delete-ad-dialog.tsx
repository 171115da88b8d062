import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { apiFetch, ApiRequestError, inventoryUrl } from '../../../lib/api-client.ts';
import { useReturnFocus } from '../../../lib/return-focus.ts';
import { SAVED_CARS_KEY } from '../../../lib/saved-cars.ts';
import { Spinner } from '../../../lib/spinner.tsx';

interface DeleteAdDialogProps {
  car: CarListItem | null;
  onClose: () => void;
}

/** Confirms and deletes one of the user's own ads; the lists refresh afterwards. */
export function DeleteAdDialog({ car, onClose }: DeleteAdDialogProps) {
  const queryClient = useQueryClient();
  // No Dialog.Trigger opens it: without this, cancelling left the keyboard on the page's body.
  const returnFocus = useReturnFocus();
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiFetch<void>(inventoryUrl(inventoryPaths.carById(id)), { method: 'DELETE', auth: true }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['cars'] }),
        queryClient.invalidateQueries({ queryKey: SAVED_CARS_KEY }),
      ]);
      onClose();
    },
    onError: (error) => console.error(error),
  });
  const close = () => {
    remove.reset();
    onClose();
  };

  return (
    <Dialog.Root open={car !== null} onOpenChange={(o) => !o && !remove.isPending && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="modal" {...returnFocus}>
          <Dialog.Title className="modal__title">Ta bort annonsen?</Dialog.Title>
          <Dialog.Description>
            {car ? `"${car.title}" tas bort tillsammans med bilderna. Det går inte att ångra.` : ''}
          </Dialog.Description>
          {remove.isError && (
            <p role="alert" className="alert">
              {remove.error instanceof ApiRequestError && remove.error.status !== 500
                ? remove.error.message
                : 'Annonsen kunde inte tas bort. Försök igen.'}
            </p>
          )}
          <div className="modal__actions">
            <Dialog.Close asChild>
              <button type="button" className="button button--secondary" disabled={remove.isPending}>
                Avbryt
              </button>
            </Dialog.Close>
            <button
              type="button"
              className="button button--danger"
              disabled={remove.isPending}
              onClick={() => car && remove.mutate(car.id)}
            >
              Ta bort
            </button>
            {remove.isPending && <Spinner size="small" label="Tar bort..." />}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
