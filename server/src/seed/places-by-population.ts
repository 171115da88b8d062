import { KOMMUNER } from '@bilmarknaden/shared/places';
import type { Random } from './random.ts';

// Approximate inhabitants (thousands) of the larger kommuner; the rest count as a small one. Enough to spread demo
// ads over Sweden as people live, not to count them.
const THOUSANDS: Record<string, number> = {
  '0180': 985,
  '1480': 600,
  '1280': 360,
  '0380': 245,
  '0580': 166,
  '1880': 160,
  '1980': 158,
  '1283': 152,
  '0581': 145,
  '0680': 145,
  '2480': 132,
  '1281': 128,
  '0126': 115,
  '1490': 115,
  '0182': 108,
  '0484': 107,
  '1380': 105,
  '2180': 104,
  '0181': 101,
  '2281': 99,
  '0127': 97,
  '0780': 97,
  '0136': 96,
  '1780': 95,
  '1290': 87,
  '1384': 85,
  '0184': 85,
  '0123': 85,
  '2580': 80,
  '2482': 77,
  '0163': 75,
  '0160': 74,
  '0880': 72,
  '1481': 70,
  '1080': 67,
  '1383': 67,
  '2380': 65,
  '0188': 63,
  '0980': 61,
  '2080': 60,
  '1488': 59,
  '1485': 57,
  '1496': 57,
  '0480': 57,
  '2284': 55,
  '1293': 53,
  '2081': 53,
  '0191': 52,
  '0186': 48,
  '1482': 48,
  '0114': 48,
  '0120': 47,
  '0381': 46,
  '1282': 46,
  '1287': 46,
  '1382': 46,
  '0138': 49,
  '0583': 44,
  '1441': 44,
  '1292': 43,
  '2581': 42,
  '1489': 42,
  '1402': 40,
  '1494': 40,
  '2181': 40,
  '1401': 39,
  '0486': 38,
  '1233': 37,
  '2184': 37,
  '0883': 36,
  '1285': 34,
  '0483': 34,
  '1286': 31,
  '1883': 30,
  '2582': 28,
  '2584': 22,
  '2062': 20,
};
const SMALL = 10;

const cumulative: number[] = [];
let total = 0;
for (const k of KOMMUNER) {
  total += THOUSANDS[k.code] ?? SMALL;
  cumulative.push(total);
}

/** A kommun code, chosen with the weight of its population. */
export function pickKommun(rnd: Random): string {
  const x = rnd.next() * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return KOMMUNER[lo]!.code;
}
