import { useRef } from 'react';
import * as Dialog from '@radix-ui/react-dialog';

interface PhotoViewerProps {
  photos: string[];
  title: string;
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

/** Full-screen photo viewer: arrows (buttons and keys) page through, Esc closes, focus returns (Radix). */
export function PhotoViewer({ photos, title, index, onIndexChange }: PhotoViewerProps) {
  // Radix returns focus only to a Dialog.Trigger; the strip's buttons are not one, so remember the opener.
  const opener = useRef<HTMLElement | null>(null);
  const open = index !== null && photos.length > 0;
  const current = index === null ? 0 : Math.min(index, photos.length - 1);
  const go = (step: number) => onIndexChange((current + step + photos.length) % photos.length);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onIndexChange(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="photo-viewer__overlay" />
        <Dialog.Content
          className="photo-viewer"
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            opener.current?.focus();
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') go(1);
            else if (e.key === 'ArrowLeft') go(-1);
          }}
        >
          <Dialog.Title className="visually-hidden">{`${title}, bild ${current + 1} av ${photos.length}`}</Dialog.Title>
          {open && (
            <img
              className="photo-viewer__img"
              src={photos[current]}
              alt={`${title}, bild ${current + 1} av ${photos.length}`}
            />
          )}
          <p className="photo-viewer__count" aria-hidden="true">
            {current + 1} / {photos.length}
          </p>
          {photos.length > 1 && (
            <>
              <button type="button" className="photo-viewer__nav photo-viewer__prev" onClick={() => go(-1)}>
                <span aria-hidden="true">‹</span>
                <span className="visually-hidden">Föregående bild</span>
              </button>
              <button type="button" className="photo-viewer__nav photo-viewer__next" onClick={() => go(1)}>
                <span aria-hidden="true">›</span>
                <span className="visually-hidden">Nästa bild</span>
              </button>
            </>
          )}
          <Dialog.Close className="photo-viewer__close">
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Stäng</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
