import { useState } from 'react';
import { imagePath } from '@bilmarknaden/shared/api-paths';
import { MAX_IMAGES } from '@bilmarknaden/shared/constants';
import { Photo } from '../../../components/photo.tsx';
import { PhotoViewer } from './photo-viewer.tsx';

interface PhotoStripProps {
  carId: number;
  title: string;
  imageCount: number;
  imageVersion: number;
}

/** The ad's photos 1…imageCount (at most 8); a photo that cannot be fetched is left out. */
export function PhotoStrip({ carId, title, imageCount, imageVersion }: PhotoStripProps) {
  const [missing, setMissing] = useState<ReadonlySet<number>>(new Set());
  const [viewing, setViewing] = useState<number | null>(null);
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
      <PhotoViewer photos={urls} title={title} index={viewing} onIndexChange={setViewing} />
    </>
  );
}
