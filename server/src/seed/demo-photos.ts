import sharp from 'sharp';
import { processImage } from '@bilmarknaden/inventory/images/image-pipeline';

const COLOR_HEX: Record<string, string> = {
  vit: '#f4f4f4',
  grå: '#8a8f96',
  svart: '#1d1f22',
  brun: '#6b4a2f',
  blå: '#1f4e9c',
  röd: '#b3202a',
  gul: '#e8b923',
};
const SKIES = [
  ['#9ecbf0', '#e7f2fb'],
  ['#f6c28b', '#fde8d0'],
  ['#b9c6d2', '#eef1f4'],
  ['#a7d3a6', '#eaf5e9'],
];

/** A drawn car (side view) in the ad's colour; `view` varies the scene and the framing. */
function carSvg(color: string, view: number): string {
  const [sky, ground] = SKIES[view % SKIES.length]!;
  const body = COLOR_HEX[color] ?? '#8a8f96';
  const scale = 1 + (view % 3) * 0.18;
  const shift = (view % 4) * 30;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${ground}"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#s)"/>
  <rect y="560" width="1200" height="240" fill="#6d6f73"/>
  <rect y="660" width="1200" height="12" fill="#d9d9d9"/>
  <g transform="translate(${120 - shift} ${120 - (scale - 1) * 250}) scale(${scale})">
    <path d="M90 380 L160 280 Q200 230 280 225 L560 220 Q640 222 700 280 L790 330 Q860 340 880 380 L880 430 L90 430 Z" fill="${body}" stroke="#222" stroke-width="4"/>
    <path d="M200 285 Q230 245 290 242 L420 240 L420 300 L190 300 Z" fill="#cfe3f1" stroke="#333" stroke-width="3"/>
    <path d="M440 240 L560 240 Q620 245 670 300 L440 300 Z" fill="#cfe3f1" stroke="#333" stroke-width="3"/>
    <circle cx="250" cy="430" r="62" fill="#222"/><circle cx="250" cy="430" r="30" fill="#bbb"/>
    <circle cx="720" cy="430" r="62" fill="#222"/><circle cx="720" cy="430" r="30" fill="#bbb"/>
    <rect x="850" y="350" width="30" height="18" fill="#ffd966"/>
  </g>
</svg>`;
}

export interface DemoPhoto {
  full: Buffer;
  card: Buffer;
}

/** Photos for every colour and view, made once and shared by the demo ads. */
export async function makeDemoPhotos(colors: readonly string[], views: number): Promise<Map<string, DemoPhoto[]>> {
  const photos = new Map<string, DemoPhoto[]>();
  for (const color of colors) {
    const list: DemoPhoto[] = [];
    for (let view = 0; view < views; view++) {
      const jpeg = await sharp(Buffer.from(carSvg(color, view)))
        .jpeg({ quality: 85 })
        .toBuffer();
      list.push(await processImage(jpeg));
    }
    photos.set(color, list);
  }
  return photos;
}
