import sharp from 'sharp';
import { processImage, type ProcessedImage } from '@bilmarknaden/inventory/images/image-pipeline';
import { ConcurrencyLimiter } from '@bilmarknaden/inventory/images/limiter';
import { carPhotoSvg, DEMO_BODY_TYPES, DEMO_SCENES, VIEWS } from './demo-car-svg.ts';

export type DemoPhoto = ProcessedImage;

/** Photos per body type and colour: the car from the side, the front, the other side and the back. */
export const DEMO_VIEWS = VIEWS.length;

/**
 * The demo photos of each body type and colour, drawn on first use (two at a time) and shared by every ad of that
 * type and colour: a seed draws only what its ads show, and drawing overlaps its database work.
 */
export class DemoPhotos {
  readonly #made = new Map<string, Promise<DemoPhoto>>();
  readonly #limiter = new ConcurrencyLimiter(2);

  /** Photo `view` (0 … DEMO_VIEWS − 1) of a car of this body type and colour. */
  photo(type: string, color: string, view: number): Promise<DemoPhoto> {
    const v = ((view % DEMO_VIEWS) + DEMO_VIEWS) % DEMO_VIEWS;
    const key = `${type}|${color}|${v}`;
    let made = this.#made.get(key);
    if (!made) {
      made = this.#limiter.run(() => drawPhoto(type, color, v));
      this.#made.set(key, made);
    }
    return made;
  }

  /** Starts drawing the photos ahead of their use (failures surface where they are used). */
  prefetch(type: string, color: string, views: Iterable<number>): void {
    for (const view of views) void this.photo(type, color, view).catch(() => undefined);
  }
}

/** The scene differs between the views of one car and between cars of other types or colours. */
function sceneFor(type: string, color: string, view: number) {
  const t = Math.max(0, DEMO_BODY_TYPES.indexOf(type));
  const c = [...color].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);
  return DEMO_SCENES[(t * 5 + c * 3 + view * 2) % DEMO_SCENES.length]!;
}

async function drawPhoto(type: string, color: string, view: number): Promise<DemoPhoto> {
  const svg = carPhotoSvg(type, color, VIEWS[view]!, sceneFor(type, color, view));
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  // Through the upload pipeline, so that demo photos come in every size a real one does.
  return processImage(jpeg);
}
