import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { apiFetch, inventoryUrl } from '../lib/api-client.ts';
import { refreshAfterRemoval } from '../lib/car-queries.ts';

interface DeleteAdDialogProps {
  car: Pick<CarListItem, 'id' | 'title'> | null;
  /** After the deletion (`deleted`) or on cancel. */
  onClose: (deleted: boolean) => void;
  /** Where the keyboard goes after a deletion: the button that opened the dialog went with the ad. */
  focusAfterDelete: () => void;
}

/** Confirms and deletes one of the user's own ads; the lists refresh afterwards. */
export function DeleteAdDialog({ car, onClose, focusAfterDelete }: DeleteAdDialogProps) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiFetch<void>(inventoryUrl(inventoryPaths.carById(id)), { method: 'DELETE', auth: true }),
    onSuccess: async (_, id) => {
      await refreshAfterRemoval(queryClient, id);
      onClose(true);
    },
    onError: (error) => console.error(error),
  });

  return (
    <ConfirmDialog
      open={car !== null}
      title="Ta bort annonsen?"
      description={car ? `"${car.title}" tas bort tillsammans med bilderna. Det går inte att ångra.` : ''}
      error={remove.error}
      failedMessage="Annonsen kunde inte tas bort. Försök igen."
      pending={remove.isPending}
      onConfirm={() => car && remove.mutate(car.id)}
      onCancel={() => {
        remove.reset();
        onClose(false);
      }}
      focusAfterConfirm={focusAfterDelete}
    />
  );
}
