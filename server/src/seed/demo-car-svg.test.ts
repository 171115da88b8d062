import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { typeOptions, colorOptions } from '@bilmarknaden/shared/options';
import {
  carPhotoSvg,
  DEMO_BODY_TYPES,
  DEMO_SCENES,
  PHOTO_HEIGHT,
  PHOTO_WIDTH,
  scenePhotoSvg,
  VIEWS,
} from './demo-car-svg.ts';

// Drawn small: the tests compare pixels, not detail.
const DENSITY = 72 / 4;
const pixels = async (svg: string) =>
  sharp(Buffer.from(svg), { density: DENSITY }).removeAlpha().raw().toBuffer({ resolveWithObject: true });

/** Where the car is: the box of the pixels that differ from the scene alone. */
async function carBox(type: string, view: (typeof VIEWS)[number], scene: (typeof DEMO_SCENES)[number]) {
  const [car, bare] = await Promise.all([pixels(carPhotoSvg(type, 'röd', view, scene)), pixels(scenePhotoSvg(scene))]);
  const { width, height, channels } = car.info;
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      if (Math.abs(car.data[i]! - bare.data[i]!) + Math.abs(car.data[i + 1]! - bare.data[i + 1]!) > 24) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  return { left: left / width, right: right / width, top: top / height, bottom: bottom / height };
}

describe('demo photos', () => {
  it('draw every body type of the ad form, 4:3 like every photo box of the web app', () => {
    expect(DEMO_BODY_TYPES.toSorted()).toEqual(typeOptions.map((o) => o.value).toSorted());
    expect(PHOTO_WIDTH / PHOTO_HEIGHT).toBe(4 / 3);
  });

  it('keep the whole car inside the photo, with a margin on every side, from every angle', async () => {
    for (const type of DEMO_BODY_TYPES)
      for (const [i, view] of VIEWS.entries()) {
        const box = await carBox(type, view, DEMO_SCENES[i % DEMO_SCENES.length]!);
        expect(box.right, `${type} ${view}`).toBeGreaterThan(box.left);
        expect(box.left, `${type} ${view}`).toBeGreaterThan(0.05);
        expect(box.right, `${type} ${view}`).toBeLessThan(0.95);
        expect(box.top, `${type} ${view}`).toBeGreaterThan(0.05);
        expect(box.bottom, `${type} ${view}`).toBeLessThan(0.95);
      }
  });

  it('differ by body type, colour, angle and scene', () => {
    const photos = new Set<string>();
    for (const type of DEMO_BODY_TYPES) photos.add(carPhotoSvg(type, 'blå', 'side', 'road'));
    for (const { value } of colorOptions) photos.add(carPhotoSvg('sedan', value, 'front', 'road'));
    for (const view of VIEWS) photos.add(carPhotoSvg('suv', 'vit', view, 'city'));
    for (const scene of DEMO_SCENES) photos.add(carPhotoSvg('kombi', 'gul', 'rear', scene));
    expect(photos.size).toBe(DEMO_BODY_TYPES.length + colorOptions.length + VIEWS.length + DEMO_SCENES.length - 0);
  });
});
