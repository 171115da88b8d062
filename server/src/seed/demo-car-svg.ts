// Drawn demo photos: a car of the ad's body type and colour, seen from the side, the front or the back, in one of
// several scenes. The canvas is 4:3, as every photo box of the web app, and the car keeps a margin on all sides, so
// that a box that covers it with the photo shows the whole car.

export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 900;

const COLOR_HEX: Record<string, string> = {
  vit: '#eef0f2',
  grå: '#8a9099',
  svart: '#1f2226',
  brun: '#6e4b30',
  blå: '#1f4e9c',
  röd: '#b3202a',
  gul: '#e3b21f',
};

/** The side profile of a body type, in a car 1000 units long with the ground at y = 0 (up is negative). */
interface Body {
  /** Length on the canvas compared with a sedan. */
  size: number;
  clear: number;
  wheelR: number;
  rearWheel: number;
  frontWheel: number;
  belt: number;
  hood: number;
  roof: number;
  /** Height of the rear top (trunk lid, hatch, tailgate). */
  deck: number;
  /** Where the rear window starts at the deck, where the roof begins and ends, where the windshield meets the hood. */
  cRear: number;
  roofRear: number;
  roofFront: number;
  aBase: number;
  /** Window style: 'car' (two side windows), 'long' (three, estate/van), 'front' (only the cab's), 'open' (no roof). */
  windows: 'car' | 'long' | 'front' | 'open';
  /** Width in front and rear views, in the same units. */
  width: number;
  /** A pickup's open bed ends here (the cab's rear wall). */
  bedEnd?: number;
}

const BODIES: Record<string, Body> = {
  sedan: {
    size: 1,
    clear: 38,
    wheelR: 90,
    rearWheel: 195,
    frontWheel: 800,
    belt: 235,
    hood: 205,
    roof: 365,
    deck: 255,
    cRear: 185,
    roofRear: 330,
    roofFront: 570,
    aBase: 715,
    windows: 'car',
    width: 470,
  },
  kombi: {
    size: 1.02,
    clear: 40,
    wheelR: 90,
    rearWheel: 190,
    frontWheel: 800,
    belt: 240,
    hood: 210,
    roof: 375,
    deck: 345,
    cRear: 12,
    roofRear: 45,
    roofFront: 570,
    aBase: 715,
    windows: 'long',
    width: 475,
  },
  halvkombi: {
    size: 0.86,
    clear: 40,
    wheelR: 88,
    rearWheel: 175,
    frontWheel: 815,
    belt: 250,
    hood: 225,
    roof: 390,
    deck: 320,
    cRear: 25,
    roofRear: 130,
    roofFront: 560,
    aBase: 700,
    windows: 'car',
    width: 465,
  },
  småbil: {
    size: 0.74,
    clear: 42,
    wheelR: 92,
    rearWheel: 165,
    frontWheel: 830,
    belt: 270,
    hood: 250,
    roof: 450,
    deck: 360,
    cRear: 22,
    roofRear: 110,
    roofFront: 590,
    aBase: 720,
    windows: 'car',
    width: 470,
  },
  coupé: {
    size: 0.96,
    clear: 34,
    wheelR: 92,
    rearWheel: 190,
    frontWheel: 805,
    belt: 225,
    hood: 190,
    roof: 320,
    deck: 235,
    cRear: 130,
    roofRear: 380,
    roofFront: 560,
    aBase: 725,
    windows: 'car',
    width: 480,
  },
  cab: {
    size: 0.94,
    clear: 34,
    wheelR: 92,
    rearWheel: 190,
    frontWheel: 805,
    belt: 225,
    hood: 195,
    roof: 330,
    deck: 240,
    cRear: 200,
    roofRear: 330,
    roofFront: 600,
    aBase: 715,
    windows: 'open',
    width: 480,
  },
  suv: {
    size: 1.04,
    clear: 80,
    wheelR: 115,
    rearWheel: 190,
    frontWheel: 805,
    belt: 315,
    hood: 300,
    roof: 500,
    deck: 440,
    cRear: 15,
    roofRear: 55,
    roofFront: 600,
    aBase: 745,
    windows: 'long',
    width: 520,
  },
  familjebuss: {
    size: 1.06,
    clear: 55,
    wheelR: 95,
    rearWheel: 165,
    frontWheel: 830,
    belt: 300,
    hood: 275,
    roof: 545,
    deck: 520,
    cRear: 8,
    roofRear: 30,
    roofFront: 720,
    aBase: 880,
    windows: 'long',
    width: 510,
  },
  pickup: {
    size: 1.1,
    clear: 85,
    wheelR: 112,
    rearWheel: 185,
    frontWheel: 810,
    belt: 310,
    hood: 305,
    roof: 480,
    deck: 310,
    cRear: 360,
    roofRear: 375,
    roofFront: 560,
    aBase: 690,
    windows: 'front',
    width: 525,
    bedEnd: 350,
  },
  yrkesfordon: {
    size: 1.1,
    clear: 60,
    wheelR: 98,
    rearWheel: 170,
    frontWheel: 820,
    belt: 320,
    hood: 290,
    roof: 590,
    deck: 575,
    cRear: 8,
    roofRear: 25,
    roofFront: 720,
    aBase: 880,
    windows: 'front',
    width: 520,
  },
};

export const DEMO_BODY_TYPES = Object.keys(BODIES);

export type View = 'side' | 'side-left' | 'front' | 'rear';
/** The views of one ad's photos, in the order they are shown. */
export const VIEWS: readonly View[] = ['side', 'front', 'side-left', 'rear'];

const SCENES = ['road', 'showroom', 'forest', 'winter', 'city', 'sunset'] as const;
export type Scene = (typeof SCENES)[number];
export const DEMO_SCENES: readonly Scene[] = SCENES;

function hex(c: string): [number, number, number] {
  const n = Number.parseInt(c.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The colour mixed towards white (amount > 0) or black (< 0). */
function shade(c: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  const [r, g, b] = hex(c).map((v) => Math.round(v + (target - v) * a)) as [number, number, number];
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

const W = PHOTO_WIDTH;
const H = PHOTO_HEIGHT;

/** A sky from `top` to `bottom` over the whole picture. */
const sky = (top: string, bottom: string) =>
  `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<rect width="${W}" height="${H}" fill="url(#sky)"/>`;

/** The background and the ground line (y) the car stands on. */
function sceneSvg(scene: Scene): { svg: string; ground: number } {
  const ground = Math.round(H * 0.8);
  switch (scene) {
    case 'road':
      return {
        ground,
        svg: `${sky('#7fb4e6', '#dcebf8')}
<path d="M0 ${ground - 170} Q200 ${ground - 260} 420 ${ground - 180} T860 ${ground - 200} T${W} ${ground - 170} V${ground - 90} H0Z" fill="#8fb38a"/>
<rect y="${ground - 100}" width="${W}" height="${H - ground + 100}" fill="#5f6368"/>
<rect y="${ground + 55}" width="${W}" height="10" fill="#e8e8e8" stroke-dasharray="70 50" stroke="#e8e8e8"/>
<rect y="${ground - 104}" width="${W}" height="8" fill="#c9c9c9"/>`,
      };
    case 'showroom':
      return {
        ground,
        svg: `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3f4f6"/><stop offset="1" stop-color="#c9ccd1"/></linearGradient>
<rect width="${W}" height="${H}" fill="url(#wall)"/>
<ellipse cx="${W / 2}" cy="40" rx="420" ry="60" fill="#ffffff" opacity="0.7"/>
<rect y="${ground - 60}" width="${W}" height="${H - ground + 60}" fill="#b5b9bf"/>
<rect y="${ground - 62}" width="${W}" height="4" fill="#9aa0a6"/>
<path d="M0 ${H} L${W / 2 - 80} ${ground - 60} M${W} ${H} L${W / 2 + 80} ${ground - 60}" stroke="#a5a9af" stroke-width="3"/>`,
      };
    case 'forest': {
      const trees = Array.from({ length: 14 }, (_, i) => {
        const x = i * 92 + ((i * 37) % 40);
        const h = 190 + ((i * 53) % 90);
        return `<path d="M${x} ${ground - 90} l55 -${h} l55 ${h}Z" fill="${i % 2 ? '#2f5d3a' : '#24492e'}"/>`;
      }).join('');
      return {
        ground,
        svg: `${sky('#a9cbe0', '#eef4ef')}${trees}
<rect y="${ground - 92}" width="${W}" height="${H - ground + 92}" fill="#7a9a54"/>
<path d="M0 ${ground + 40} Q${W / 2} ${ground - 40} ${W} ${ground + 40} V${H} H0Z" fill="#a08a6a"/>`,
      };
    }
    case 'winter': {
      const pines = Array.from({ length: 9 }, (_, i) => {
        const x = i * 140 + 20;
        return `<path d="M${x} ${ground - 95} l45 -150 l45 150Z" fill="#3c5a4c"/><path d="M${x + 18} ${ground - 185} l27 -60 l27 60Z" fill="#f7f9fb"/>`;
      }).join('');
      return {
        ground,
        svg: `${sky('#c4d3e0', '#f1f4f7')}${pines}
<rect y="${ground - 98}" width="${W}" height="${H - ground + 98}" fill="#f4f6f8"/>
<path d="M0 ${ground + 30} H${W}" stroke="#d5dde5" stroke-width="40"/>`,
      };
    }
    case 'city': {
      const blocks = Array.from({ length: 8 }, (_, i) => {
        const x = i * 155;
        const h = 260 + ((i * 71) % 170);
        const tint = ['#b8a99a', '#c9b79c', '#a7b0b8', '#d2c4b2'][i % 4];
        const windows = Array.from({ length: 3 }, (_, r) =>
          Array.from(
            { length: 3 },
            (_, c) =>
              `<rect x="${x + 22 + c * 42}" y="${ground - 100 - h + 30 + r * 70}" width="24" height="36" fill="#5d6f80" opacity="0.55"/>`,
          ).join(''),
        ).join('');
        return `<rect x="${x}" y="${ground - 100 - h}" width="150" height="${h}" fill="${tint}"/>${windows}`;
      }).join('');
      return {
        ground,
        svg: `<rect width="${W}" height="${H}" fill="#dfe7ee"/>${blocks}
<rect y="${ground - 100}" width="${W}" height="30" fill="#b7b7b2"/>
<rect y="${ground - 70}" width="${W}" height="${H - ground + 70}" fill="#6b6e72"/>`,
      };
    }
    case 'sunset':
      return {
        ground,
        svg: `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f2a65a"/><stop offset="0.6" stop-color="#f9d9a8"/><stop offset="1" stop-color="#fdf0dc"/></linearGradient>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<circle cx="${W * 0.78}" cy="${ground - 200}" r="70" fill="#fff3d6"/>
<path d="M0 ${ground - 120} L260 ${ground - 210} L470 ${ground - 140} L700 ${ground - 230} L960 ${ground - 130} L${W} ${ground - 170} V${ground - 90} H0Z" fill="#8a6f6a"/>
<rect y="${ground - 95}" width="${W}" height="${H - ground + 95}" fill="#b9a48c"/>`,
      };
  }
}

function wheelSvg(x: number, r: number, rim: string): string {
  const spokes = Array.from({ length: 5 }, (_, i) => {
    const a = (i * 2 * Math.PI) / 5;
    return `<line x1="${x}" y1="${-r}" x2="${(x + Math.cos(a) * r * 0.52).toFixed(1)}" y2="${(-r + Math.sin(a) * r * 0.52).toFixed(1)}" stroke="#6c7178" stroke-width="${(r * 0.1).toFixed(1)}" stroke-linecap="round"/>`;
  }).join('');
  return `<circle cx="${x}" cy="${-r}" r="${r + 14}" fill="#16181b"/>
<circle cx="${x}" cy="${-r}" r="${r}" fill="#23262a"/>
<circle cx="${x}" cy="${-r}" r="${(r * 0.6).toFixed(1)}" fill="${rim}"/>${spokes}
<circle cx="${x}" cy="${-r}" r="${(r * 0.14).toFixed(1)}" fill="#4a4f55"/>`;
}

/** A side view, front to the right, in car units (1000 long, ground y = 0). */
function sideCar(b: Body, paint: string): string {
  const light = shade(paint, 0.28);
  const dark = shade(paint, -0.35);
  const glass = '#2b3f52';
  const { clear, belt, hood, roof, deck, cRear, roofRear, roofFront, aBase } = b;
  const bottom = -clear;
  let outline: string;
  if (b.windows === 'open') {
    outline = `M30 ${bottom} L6 ${bottom - 30} L4 ${-deck + 22} Q6 ${-deck} 40 ${-deck} L${aBase} ${-belt} L950 ${-hood} Q998 ${-hood + 6} 998 ${-hood + 46} L996 ${bottom - 30} L970 ${bottom} Z`;
  } else if (b.bedEnd) {
    outline = `M30 ${bottom} L6 ${bottom - 30} L6 ${-deck} L${b.bedEnd} ${-deck} L${cRear} ${-roof + 10} Q${roofRear - 5} ${-roof} ${roofRear + 20} ${-roof} L${roofFront} ${-roof} L${aBase} ${-belt - 5} L950 ${-hood} Q998 ${-hood + 6} 998 ${-hood + 46} L996 ${bottom - 30} L970 ${bottom} Z`;
  } else {
    outline = `M30 ${bottom} L6 ${bottom - 30} L4 ${-deck + 24} Q6 ${-deck} ${Math.min(34, cRear)} ${-deck} L${cRear} ${-deck} Q${(cRear + roofRear) / 2 - 20} ${-roof + 8} ${roofRear} ${-roof} L${roofFront} ${-roof} Q${roofFront + 40} ${-roof + 4} ${aBase} ${-belt - 8} L950 ${-hood} Q998 ${-hood + 6} 998 ${-hood + 46} L996 ${bottom - 30} L970 ${bottom} Z`;
  }
  const inset = 16;
  const wb = -belt - 6;
  const wt = -roof + inset;
  let windows: string;
  if (b.windows === 'open') {
    windows = `<path d="M${aBase - 10} ${-belt - 4} L${roofFront + 20} ${-roof + 30}" stroke="#2c2f33" stroke-width="12" stroke-linecap="round"/>
<path d="M${aBase - 22} ${-belt - 4} L${roofFront + 32} ${-roof + 40} L${roofFront + 8} ${-roof + 40} L${aBase - 60} ${-belt - 4}Z" fill="${glass}" opacity="0.65"/>
<path d="M${cRear - 70} ${-deck + 2} Q${cRear - 10} ${-deck - 55} ${cRear + 40} ${-deck + 2}Z" fill="#2c2f33"/>
<rect x="${roofFront - 160}" y="${-belt - 70}" width="34" height="62" rx="10" fill="#3a3d42"/>
<rect x="${roofFront - 330}" y="${-belt - 66}" width="34" height="58" rx="10" fill="#3a3d42"/>`;
  } else {
    const rearX = b.bedEnd ? cRear + 14 : cRear + (roofRear - cRear) * 0.55 + 10;
    const frontX = aBase - (aBase - roofFront) * 0.5 - 6;
    if (b.windows === 'front') {
      const split = roofFront - 40;
      windows = `<path d="M${split} ${wb} L${split} ${wt} L${roofFront - 6} ${wt} L${frontX} ${wb}Z" fill="${glass}"/>`;
      if (b.bedEnd)
        windows += `<path d="M${rearX} ${wb} L${rearX + 4} ${wt} L${split - 22} ${wt} L${split - 22} ${wb}Z" fill="${glass}"/>`;
    } else {
      const bPillar = roofFront - (roofFront - roofRear) * 0.42;
      const cPillar = b.windows === 'long' ? roofRear + (bPillar - roofRear) * 0.45 : 0;
      windows = `<path d="M${rearX} ${wb} L${Math.max(rearX + 10, roofRear + 6)} ${wt} L${bPillar - 12} ${wt} L${bPillar - 12} ${wb}Z" fill="${glass}"/>
<path d="M${bPillar + 12} ${wb} L${bPillar + 12} ${wt} L${roofFront - 4} ${wt} L${frontX} ${wb}Z" fill="${glass}"/>`;
      if (cPillar) windows += `<rect x="${cPillar - 9}" y="${wt}" width="18" height="${wb - wt}" fill="${dark}"/>`;
    }
  }
  const doorTop = -belt + 4;
  const doors =
    b.windows === 'front' && !b.bedEnd
      ? `<path d="M${roofFront - 40} ${doorTop} V${bottom - 14} M${roofFront - 260} ${doorTop} V${bottom - 14}" stroke="${dark}" stroke-width="4" fill="none"/>`
      : `<path d="M${roofFront - (roofFront - roofRear) * 0.42} ${doorTop} V${bottom - 14}" stroke="${dark}" stroke-width="4" fill="none"/>
<rect x="${roofFront - (roofFront - roofRear) * 0.42 + 40}" y="${doorTop + 26}" width="44" height="10" rx="5" fill="${dark}"/>`;
  return `<defs><linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.45" stop-color="${paint}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<ellipse cx="500" cy="4" rx="540" ry="26" fill="#000" opacity="0.28"/>
<path d="${outline}" fill="url(#paint)" stroke="${shade(paint, -0.55)}" stroke-width="4" stroke-linejoin="round"/>
${windows}${doors}
<path d="M20 ${-belt + 22} L${aBase} ${-belt + 22}" stroke="${light}" stroke-width="6" opacity="0.6"/>
<path d="M990 ${-hood + 26} q-30 -4 -48 10 l40 6Z" fill="#fff6cc" stroke="#555" stroke-width="3"/>
<rect x="4" y="${-deck + 30}" width="20" height="40" rx="6" fill="#c0262d"/>
<rect x="0" y="${bottom - 46}" width="60" height="20" rx="6" fill="#2a2d31"/><rect x="940" y="${bottom - 46}" width="60" height="20" rx="6" fill="#2a2d31"/>
${b.windows === 'open' ? '' : `<path d="M${aBase - 18} ${-belt - 4} l28 -4 l6 22 l-30 2Z" fill="${dark}"/>`}
${wheelSvg(b.rearWheel, b.wheelR, '#c9ccd1')}${wheelSvg(b.frontWheel, b.wheelR, '#c9ccd1')}`;
}

/** A front or rear view, centred on x = 0, in the same units. */
function endCar(b: Body, paint: string, rear: boolean): string {
  const light = shade(paint, 0.28);
  const dark = shade(paint, -0.35);
  const glass = '#2b3f52';
  const half = b.width / 2;
  const bottom = -b.clear;
  const top = rear && b.bedEnd ? -b.deck : -b.hood;
  const roofHalf = half * 0.72;
  const tire = (x: number) =>
    `<rect x="${x - 34}" y="${-b.wheelR * 1.05}" width="68" height="${b.wheelR * 1.05}" rx="12" fill="#1b1d20"/>`;
  const cabin =
    b.windows === 'open'
      ? `<path d="M${-half * 0.84} ${-b.belt} L${-half * 0.7} ${-b.roof + 40} L${half * 0.7} ${-b.roof + 40} L${half * 0.84} ${-b.belt}" fill="none" stroke="#2c2f33" stroke-width="12"/>
<path d="M${-half * 0.8} ${-b.belt} L${-half * 0.68} ${-b.roof + 46} L${half * 0.68} ${-b.roof + 46} L${half * 0.8} ${-b.belt}Z" fill="${glass}" opacity="0.55"/>`
      : `<path d="M${-half * 0.9} ${-b.belt} L${-roofHalf} ${-b.roof} L${roofHalf} ${-b.roof} L${half * 0.9} ${-b.belt}Z" fill="url(#paint)" stroke="${shade(paint, -0.55)}" stroke-width="4"/>
<path d="M${-half * 0.8} ${-b.belt - 8} L${-roofHalf + 14} ${-b.roof + 18} L${roofHalf - 14} ${-b.roof + 18} L${half * 0.8} ${-b.belt - 8}Z" fill="${glass}"/>`;
  const lights = rear
    ? `<rect x="${-half + 14}" y="${top + 24}" width="${half * 0.36}" height="44" rx="10" fill="#c0262d"/><rect x="${half - 14 - half * 0.36}" y="${top + 24}" width="${half * 0.36}" height="44" rx="10" fill="#c0262d"/>`
    : `<rect x="${-half + 18}" y="${top + 22}" width="${half * 0.34}" height="36" rx="14" fill="#fff6cc" stroke="#555" stroke-width="3"/><rect x="${half - 18 - half * 0.34}" y="${top + 22}" width="${half * 0.34}" height="36" rx="14" fill="#fff6cc" stroke="#555" stroke-width="3"/>
<rect x="${-half * 0.42}" y="${top + 24}" width="${half * 0.84}" height="${Math.max(40, (bottom - top) * 0.36)}" rx="12" fill="#2a2d31"/>`;
  const plate = `<rect x="-62" y="${bottom - 78}" width="124" height="30" rx="4" fill="#f4f4f4" stroke="#333" stroke-width="3"/><rect x="-62" y="${bottom - 78}" width="16" height="30" fill="#1f4e9c"/>`;
  const mirrors =
    b.windows === 'open' || rear
      ? ''
      : `<rect x="${-half - 38}" y="${-b.belt - 14}" width="40" height="26" rx="8" fill="${dark}"/><rect x="${half - 2}" y="${-b.belt - 14}" width="40" height="26" rx="8" fill="${dark}"/>`;
  return `<defs><linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.45" stop-color="${paint}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<ellipse cx="0" cy="4" rx="${half + 60}" ry="22" fill="#000" opacity="0.28"/>
${tire(-half + 50)}${tire(half - 50)}
${cabin}
<path d="M${-half} ${bottom - 16} L${-half} ${top + 24} Q${-half} ${-b.belt} ${-half * 0.9} ${-b.belt} L${half * 0.9} ${-b.belt} Q${half} ${-b.belt} ${half} ${top + 24} L${half} ${bottom - 16} Q${half} ${bottom} ${half - 16} ${bottom} L${-half + 16} ${bottom} Q${-half} ${bottom} ${-half} ${bottom - 16}Z" fill="url(#paint)" stroke="${shade(paint, -0.55)}" stroke-width="4"/>
${lights}${plate}${mirrors}
<rect x="${-half + 6}" y="${bottom - 34}" width="${b.width - 12}" height="18" rx="6" fill="#2a2d31"/>`;
}

/** The SVG document of a scene with (or, for a test, without) a car in it. */
function frame(scene: Scene, car: (ground: number) => string): string {
  const { svg: background, ground } = sceneSvg(scene);
  const gradient = /<linearGradient[\s\S]*?<\/linearGradient>/;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${background.match(gradient)?.[0] ?? ''}</defs>${background.replace(gradient, '')}${car(ground)}</svg>`;
}

/** The scene alone, as the photos have it behind the car. */
export function scenePhotoSvg(scene: Scene): string {
  return frame(scene, () => '');
}

/** One demo photo as SVG: `type` and `color` as the ad's, `view` and `scene` chosen by the caller. */
export function carPhotoSvg(type: string, color: string, view: View, scene: Scene): string {
  const body = BODIES[type] ?? BODIES.sedan!;
  const paint = COLOR_HEX[color] ?? '#8a9099';
  return frame(scene, (ground) => {
    if (view === 'side' || view === 'side-left') {
      // 70 % of the width for a sedan, a little less for small cars: whole, with room to spare, in any 4:3 box.
      const scale = (W * 0.7 * Math.min(body.size, 1.05)) / 1000;
      const x = (W - 1000 * scale) / 2;
      const flip = view === 'side-left' ? ' translate(1000 0) scale(-1 1)' : '';
      return `<g transform="translate(${x.toFixed(1)} ${ground}) scale(${scale.toFixed(4)})${flip}">${sideCar(body, paint)}</g>`;
    }
    const scale = (W * 0.46) / 520;
    return `<g transform="translate(${W / 2} ${ground}) scale(${scale.toFixed(4)})">${endCar(body, paint, view === 'rear')}</g>`;
  });
}
