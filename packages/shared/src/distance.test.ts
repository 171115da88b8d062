import { describe, expect, it } from 'vitest';
import { DISTANCE_MESSAGES, distanceChip, distanceText, readDistanceFilter } from './distance.ts';
import { haversineKm, KOMMUN_POINTS, kommunDistanceKm, kommunerByDistance, kommunerWithin } from './kommun-distance.ts';
import { watchChips, watchName } from './watches.ts';
import { KOMMUN_POINT_TABLE } from './kommun-points.ts';
import { KOMMUNER, LAN } from './places.ts';

// Each county's extent, rounded outwards by map (not taken from the points): [south, north, west, east].
const LAN_BOXES: Record<string, [number, number, number, number]> = {
  '01': [58.7, 60.2, 17.2, 19.3], // Stockholm
  '03': [59.3, 60.7, 16.7, 18.9], // Uppsala
  '04': [58.6, 59.5, 15.6, 17.7], // Södermanland
  '05': [57.7, 58.9, 14.4, 17.0], // Östergötland
  '06': [57.1, 58.2, 13.3, 15.6], // Jönköping
  '07': [56.4, 57.3, 13.4, 15.7], // Kronoberg
  '08': [56.2, 58.0, 15.4, 17.2], // Kalmar, Öland included
  '09': [56.9, 58.0, 18.0, 19.4], // Gotland
  '10': [56.0, 56.5, 14.3, 16.0], // Blekinge
  '12': [55.3, 56.5, 12.4, 14.6], // Skåne
  '13': [56.3, 57.6, 11.8, 13.6], // Halland
  '14': [57.1, 59.3, 10.9, 14.6], // Västra Götaland
  '17': [58.9, 61.0, 11.6, 14.5], // Värmland
  '18': [58.7, 60.1, 14.3, 15.6], // Örebro
  '19': [59.2, 60.2, 15.4, 16.9], // Västmanland
  '20': [59.8, 62.3, 12.1, 16.8], // Dalarna
  '21': [60.2, 62.3, 14.5, 17.7], // Gävleborg
  '22': [62.0, 64.0, 15.0, 19.3], // Västernorrland
  '23': [61.6, 65.1, 11.9, 17.2], // Jämtland
  '24': [63.5, 66.4, 14.3, 21.0], // Västerbotten
  '25': [65.2, 69.1, 15.6, 24.2], // Norrbotten
};

const km = (from: string, to: string) => kommunDistanceKm(from, to)!;
const STOCKHOLM = '0180';
const SOLNA = '0184';
const UPPSALA = '0380';
const GOTEBORG = '1480';
const MALMO = '1280';
const LUND = '1281';

describe('kommun points', () => {
  it('has one point for each of the 290 kommuner, 5 decimals at most', () => {
    expect(KOMMUN_POINT_TABLE).toHaveLength(290);
    expect(KOMMUN_POINTS.size).toBe(290);
    for (const k of KOMMUNER) expect(KOMMUN_POINTS.has(k.code), k.code).toBe(true);
    for (const [, , lat, lng] of KOMMUN_POINT_TABLE) {
      expect(Math.round(lat * 1e5) / 1e5).toBe(lat);
      expect(Math.round(lng * 1e5) / 1e5).toBe(lng);
    }
  });

  it('puts every point in its own county', () => {
    expect(Object.keys(LAN_BOXES).sort()).toEqual(LAN.map((l) => l.code));
    for (const k of KOMMUNER) {
      const p = KOMMUN_POINTS.get(k.code)!;
      const [south, north, west, east] = LAN_BOXES[k.lan]!;
      expect(p.lat, `${k.code} ${k.name}`).toBeGreaterThanOrEqual(south);
      expect(p.lat, `${k.code} ${k.name}`).toBeLessThanOrEqual(north);
      expect(p.lng, `${k.code} ${k.name}`).toBeGreaterThanOrEqual(west);
      expect(p.lng, `${k.code} ${k.name}`).toBeLessThanOrEqual(east);
    }
  });

  it('measures known distances within 5 %', () => {
    const near = (actual: number, expected: number) => {
      expect(actual).toBeGreaterThan(expected * 0.95);
      expect(actual).toBeLessThan(expected * 1.05);
    };
    near(km(STOCKHOLM, UPPSALA), 64);
    near(km(MALMO, LUND), 16);
    near(km(STOCKHOLM, GOTEBORG), 398);
    expect(km(GOTEBORG, STOCKHOLM)).toBe(km(STOCKHOLM, GOTEBORG));
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371.0088, 6);
  });

  it('finds Solna within 25 km of Stockholm and Göteborg not', () => {
    const within = kommunerWithin(STOCKHOLM, 25).map((k) => k.code);
    expect(within[0]).toBe(STOCKHOLM);
    expect(within).toContain(SOLNA);
    expect(within).not.toContain(GOTEBORG);
    expect(kommunerWithin(STOCKHOLM, 200).map((k) => k.code)).not.toContain(GOTEBORG);
  });

  it('orders every kommun nearest first, the kommun itself at 0 km', () => {
    const all = kommunerByDistance(MALMO);
    expect(all).toHaveLength(290);
    expect(all[0]).toEqual({ code: MALMO, km: 0 });
    for (let i = 1; i < all.length; i++) expect(all[i]!.km).toBeGreaterThanOrEqual(all[i - 1]!.km);
    expect(kommunerByDistance('9999')).toEqual([]);
  });

  it('writes a card’s distance', () => {
    expect(distanceText(34.6)).toBe('ca 35 km');
    expect(distanceText(1234.4)).toBe('ca 1 234 km');
    expect(distanceText(0)).toBe('I samma kommun');
  });
});

describe('readDistanceFilter', () => {
  it('reads a kommun and a radius', () => {
    expect(readDistanceFilter({ near: ' 0180 ', within: '25' })).toEqual({
      ok: true,
      filter: { near: STOCKHOLM, within: 25 },
    });
    expect(readDistanceFilter({ near: '', within: '' })).toEqual({ ok: true, filter: {} });
    expect(readDistanceFilter({ near: STOCKHOLM, nearest: true })).toEqual({ ok: true, filter: { near: STOCKHOLM } });
  });

  it('refuses an unknown kommun, a radius not offered and a radius or Närmast without a kommun', () => {
    expect(readDistanceFilter({ near: '9999' })).toEqual({ ok: false, field: 'near', message: DISTANCE_MESSAGES.near });
    expect(readDistanceFilter({ near: 'Stockholm' })).toMatchObject({ ok: false, field: 'near' });
    for (const within of ['30', '-10', '10.5', '1e1', 'tio'])
      expect(readDistanceFilter({ near: STOCKHOLM, within })).toEqual({
        ok: false,
        field: 'within',
        message: DISTANCE_MESSAGES.within,
      });
    expect(readDistanceFilter({ within: '10' })).toEqual({
      ok: false,
      field: 'near',
      message: DISTANCE_MESSAGES.withinWithoutNear,
    });
    expect(readDistanceFilter({ nearest: true })).toEqual({
      ok: false,
      field: 'near',
      message: DISTANCE_MESSAGES.orderWithoutNear,
    });
  });
});

describe('the distance as a chip and in a bevakning', () => {
  it('names the place and the radius', () => {
    expect(distanceChip('0184', '25')).toBe('Inom 25 km från Solna');
    expect(distanceChip('0184', undefined)).toBe('Avstånd från Solna');
    expect(distanceChip('9999', '25')).toBeNull();
    expect(distanceChip('', '25')).toBeNull();
    expect(watchChips({ make: 'Volvo', near: '1480', within: '50' })).toEqual(['Volvo', 'Inom 50 km från Göteborg']);
    expect(watchName({ near: '1480', within: '50' })).toBe('Inom 50 km från Göteborg');
  });
});
