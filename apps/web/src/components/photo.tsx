import { useState, type ImgHTMLAttributes } from 'react';
import { cardImagePath, imagePath } from '@bilmarknaden/shared/api-paths';
import { CARD_IMAGE_BOX, IMAGE_LONG_EDGE } from '@bilmarknaden/shared/constants';

/**
 * Photo n of an ad in the sizes the server stores (the card variant and the full photo), for `src`/`srcSet`: the
 * browser fetches the smaller one where it is sharp enough for the `sizes` the page gives.
 */
export function adPhotoSources(carId: number, n: number, version: number): { src: string; srcSet: string } {
  const card = cardImagePath(carId, n, version);
  return { src: card, srcSet: `${card} ${CARD_IMAGE_BOX}w, ${imagePath(carId, n, version)} ${IMAGE_LONG_EDGE}w` };
}

interface PhotoProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'alt' | 'src' | 'width' | 'height'> {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Photos above the fold load eagerly; the rest lazily. */
  eager?: boolean;
  /** Called when the photo cannot be fetched; the photo then hides itself. */
  onMissing?: () => void;
}

/** An ad photo with intrinsic size (no layout shift) that hides itself when it cannot be fetched. */
export function Photo({ src, alt, width, height, eager = false, onMissing, ...rest }: PhotoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) return null;
  return (
    <img
      {...rest}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      onError={() => {
        setFailedSrc(src);
        onMissing?.();
      }}
    />
  );
}

/** Shown where an ad has no photo. */
export function NoPhoto({ className }: { className?: string }) {
  return (
    <div className={`no-photo ${className ?? ''}`} role="img" aria-label="Ingen bild">
      <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M5 11l1.5-4.5A2 2 0 0 1 8.4 5h7.2a2 2 0 0 1 1.9 1.5L19 11a2 2 0 0 1 2 2v4h-2v1.5a1.5 1.5 0 0 1-3 0V17H8v1.5a1.5 1.5 0 0 1-3 0V17H3v-4a2 2 0 0 1 2-2zm1.6 0h10.8l-1.2-3.8a.5.5 0 0 0-.5-.2H8.3a.5.5 0 0 0-.5.2L6.6 11zM6.5 15a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm11 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z"
        />
      </svg>
    </div>
  );
}
