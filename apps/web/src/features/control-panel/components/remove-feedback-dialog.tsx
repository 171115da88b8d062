import type { FeedbackItem } from '@bilmarknaden/shared/api-types';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useRemoveFeedback } from '../api/use-feedback.ts';

interface RemoveFeedbackDialogProps {
  feedback: FeedbackItem | null;
  /** After the removal (`removed`) or on cancel. */
  onClose: (removed: boolean) => void;
  /** Where the keyboard goes after a removal: the button that opened the dialog went with the item. */
  focusAfterRemoval: () => void;
}

/** Confirms and removes one feedback for good. */
export function RemoveFeedbackDialog({ feedback, onClose, focusAfterRemoval }: RemoveFeedbackDialogProps) {
  const remove = useRemoveFeedback();
  const close = (done: boolean) => {
    remove.reset();
    onClose(done);
  };

  return (
    <ConfirmDialog
      open={feedback !== null}
      title="Ta bort feedbacken?"
      description={
        feedback
          ? `”${feedback.title}” från ${feedback.name} tas bort för gott, med avsändarens e-postadress. Det går inte att ångra.`
          : ''
      }
      error={remove.error}
      failedMessage="Feedbacken kunde inte tas bort. Försök igen."
      pending={remove.isPending}
      onConfirm={() => feedback && remove.mutate(feedback.id, { onSuccess: () => close(true) })}
      onCancel={() => close(false)}
      focusAfterConfirm={focusAfterRemoval}
    />
  );
}
