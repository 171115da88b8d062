import { lazy, Suspense, useRef, useState } from 'react';
import { imagePath } from '@bilmarknaden/shared/api-paths';
import { MAX_IMAGES } from '@bilmarknaden/shared/constants';
import { adPhotoSources, Photo } from '../../../components/photo.tsx';

// The viewer (Radix dialog) is a chunk of its own: the ad's first screen does not wait for it. It is fetched
// when a photo is pointed at, focused or touched, and mounted from the first open on (so closing animates).
const loadViewer = () => import('./photo-viewer.tsx');
const PhotoViewer = lazy(async () => ({ default: (await loadViewer()).PhotoViewer }));
const preloadViewer = () => void loadViewer().catch(() => undefined);

/** A photo's width in the strip (car-detail.css): most of a phone's width, at most 32rem. */
const STRIP_SIZES = '(max-width: 37.6rem) 85vw, 32rem';

interface PhotoStripProps {
  carId: number;
  title: string;
  imageCount: number;
  imageVersion: number;
}

/**
 * The ad's photos in order, whole (letterboxed, not cropped); a photo that cannot be fetched is left out. Wider
 * screens get 'Föregående bild' and 'Nästa bild' beside the strip; phones swipe it.
 */
export function PhotoStrip({ carId, title, imageCount, imageVersion }: PhotoStripProps) {
  const list = useRef<HTMLUListElement>(null);
  const [missing, setMissing] = useState<ReadonlySet<number>>(new Set());
  const [viewing, setViewing] = useState<number | null>(null);
  const [viewerMounted, setViewerMounted] = useState(false);
  if (viewing !== null && !viewerMounted) setViewerMounted(true);
  const numbers = Array.from({ length: Math.min(imageCount, MAX_IMAGES) }, (_, i) => i + 1).filter(
    (n) => !missing.has(n),
  );
  if (numbers.length === 0) return null;
  const urls = numbers.map((n) => imagePath(carId, n, imageVersion));
  // One photo further each way (the strip snaps to photos); smooth unless the user asked for less motion.
  const step = (direction: 1 | -1) => {
    const strip = list.current;
    const photo = strip?.querySelector('li');
    if (!strip || !photo) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    strip.scrollBy({
      left: direction * (photo.getBoundingClientRect().width + 8),
      behavior: still ? 'auto' : 'smooth',
    });
  };
  return (
    <div className="photo-strip-frame">
      {numbers.length > 1 && (
        <button type="button" className="photo-strip__nav photo-strip__prev" onClick={() => step(-1)}>
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">Föregående bild</span>
        </button>
      )}
      <ul className="photo-strip" aria-label="Bilder" ref={list}>
        {numbers.map((n, i) => (
          <li key={n}>
            <button
              type="button"
              className="photo-strip__button"
              onClick={() => setViewing(i)}
              onPointerEnter={preloadViewer}
              onFocus={preloadViewer}
              onTouchStart={preloadViewer}
              aria-label={`Visa bild ${i + 1} av ${numbers.length} i helskärm`}
            >
              <Photo
                {...adPhotoSources(carId, n, imageVersion)}
                sizes={STRIP_SIZES}
                alt={i === 0 ? title : `${title}, bild ${i + 1}`}
                width={800}
                height={600}
                eager={i === 0}
                onMissing={() => setMissing((m) => new Set(m).add(n))}
              />
            </button>
          </li>
        ))}
      </ul>
      {numbers.length > 1 && (
        <button type="button" className="photo-strip__nav photo-strip__next" onClick={() => step(1)}>
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">Nästa bild</span>
        </button>
      )}
      {viewerMounted && (
        <Suspense fallback={null}>
          <PhotoViewer photos={urls} title={title} index={viewing} onIndexChange={setViewing} />
        </Suspense>
      )}
    </div>
  );
}
