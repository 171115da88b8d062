// Photos like a phone's: 4000×3000 (12 megapixels) JPEGs with a scene and sensor noise, so encoders work
// as hard as on real uploads (flat synthetic images compress unrealistically well).
import sharp from 'sharp';

const SCENE_COLOURS = ['#1f4e9c', '#b3202a', '#8a8f96', '#1d1f22', '#e8b923', '#6b4a2f', '#f4f4f4', '#2e7d32'];

function sceneSvg(width: number, height: number, variant: number): string {
  const body = SCENE_COLOURS[variant % SCENE_COLOURS.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 900">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9ecbf0"/><stop offset="1" stop-color="#eef1f4"/></linearGradient></defs>
  <rect width="1200" height="900" fill="url(#s)"/>
  <rect y="600" width="1200" height="300" fill="#6d6f73"/>
  <g transform="translate(${100 + (variant % 4) * 20} 150)">
    <path d="M90 380 L160 280 Q200 230 280 225 L560 220 Q640 222 700 280 L790 330 Q860 340 880 380 L880 430 L90 430 Z" fill="${body}" stroke="#222" stroke-width="4"/>
    <path d="M200 285 Q230 245 290 242 L420 240 L420 300 L190 300 Z" fill="#cfe3f1"/>
    <circle cx="250" cy="430" r="62" fill="#222"/><circle cx="720" cy="430" r="62" fill="#222"/>
  </g>
</svg>`;
}

/** A 12-megapixel JPEG (quality 90, with noise); `variant` changes the scene and the noise. */
export async function makePhonePhoto(variant: number, width = 4000, height = 3000): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 24 + (variant % 3) * 3 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(Buffer.from(sceneSvg(width, height, variant)))
    .resize(width, height)
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
