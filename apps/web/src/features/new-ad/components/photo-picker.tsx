import { useId } from 'react';
import { MAX_IMAGES } from '@bilmarknaden/shared/constants';
import { IMAGE_MESSAGES } from '@bilmarknaden/shared/validation/images';
import type { PickedPhoto } from '../utils/photo-list.ts';

interface PhotoPickerProps {
  photos: readonly PickedPhoto[];
  onAdd: (files: File[]) => void;
  onMove: (index: number, delta: number) => void;
  onRemove: (index: number) => void;
  /** The preview of this photo could not be decoded. */
  onUnreadable: (key: string) => void;
  disabled?: boolean;
  hint?: string;
}

/** Pick the ad's photos; previews with move up/down and remove buttons (the first photo is the cover). */
export function PhotoPicker({ photos, onAdd, onMove, onRemove, onUnreadable, disabled, hint }: PhotoPickerProps) {
  const id = useId();
  const full = photos.length >= MAX_IMAGES;
  return (
    <fieldset className="photo-picker" disabled={disabled}>
      <legend>Bilder</legend>
      <label htmlFor={id} className="photo-picker__label">
        Välj bilder (högst {MAX_IMAGES}, max 10 MB per bild)
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple
        disabled={full || disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) onAdd(files);
        }}
      />
      {hint && (
        <p id={`${id}-hint`} className="photo-picker__hint">
          {hint}
        </p>
      )}
      {photos.length > 0 && (
        <ol className="photo-picker__list" aria-label="Valda bilder">
          {photos.map((p, i) => (
            <li key={p.key} className={`photo-picker__item ${p.failure ? 'photo-picker__item--bad' : ''}`}>
              <img
                src={p.url}
                alt={`Bild ${i + 1}: ${p.file.name}`}
                width={120}
                height={90}
                onError={() => onUnreadable(p.key)}
              />
              <span className="photo-picker__name">
                {i + 1}. {p.file.name}
                {p.failure && (
                  <strong className="photo-picker__bad">
                    {p.failure === IMAGE_MESSAGES.tooLarge ? ' – filen är för stor' : ' – ingen bild som kan läsas'}
                  </strong>
                )}
              </span>
              <span className="photo-picker__buttons">
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => onMove(i, -1)}
                  disabled={i === 0}
                  aria-label={`Flytta bild ${i + 1} upp`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => onMove(i, 1)}
                  disabled={i === photos.length - 1}
                  aria-label={`Flytta bild ${i + 1} ned`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => onRemove(i)}
                  aria-label={`Ta bort bild ${i + 1}`}
                >
                  Ta bort
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
