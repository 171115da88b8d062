import { lazy, Suspense, useState } from 'react';
import { imagePath } from '@bilmarknaden/shared/api-paths';
import { MAX_IMAGES } from '@bilmarknaden/shared/constants';
import { Photo } from '../../../components/photo.tsx';

// The viewer (Radix dialog) is a chunk of its own: the ad's first screen does not wait for it. It is fetched
// when a photo is pointed at, focused or touched, and mounted from the first open on (so closing animates).
const loadViewer = () => import('./photo-viewer.tsx');
const PhotoViewer = lazy(async () => ({ default: (await loadViewer()).PhotoViewer }));
const preloadViewer = () => void loadViewer().catch(() => undefined);

interface PhotoStripProps {
  carId: number;
  title: string;
  imageCount: number;
  imageVersion: number;
}

/** The ad's photos in order; a photo that cannot be fetched is left out. */
export function PhotoStrip({ carId, title, imageCount, imageVersion }: PhotoStripProps) {
  const [missing, setMissing] = useState<ReadonlySet<number>>(new Set());
  const [viewing, setViewing] = useState<number | null>(null);
  const [viewerMounted, setViewerMounted] = useState(false);
  if (viewing !== null && !viewerMounted) setViewerMounted(true);
  const numbers = Array.from({ length: Math.min(imageCount, MAX_IMAGES) }, (_, i) => i + 1).filter(
    (n) => !missing.has(n),
  );
  if (numbers.length === 0) return null;
  const urls = numbers.map((n) => imagePath(carId, n, imageVersion));
  return (
    <>
      <ul className="photo-strip" aria-label="Bilder">
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
                src={urls[i]!}
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
      {viewerMounted && (
        <Suspense fallback={null}>
          <PhotoViewer photos={urls} title={title} index={viewing} onIndexChange={setViewing} />
        </Suspense>
      )}
    </>
  );
}
