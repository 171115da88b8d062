// The demo and bench ads are plausible (issue 28): every model within its years and with a fuel it was sold with,
// prices that fall with age and mileage, places spread over Sweden as people live, and every ad valid.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findKommun } from '@bilmarknaden/shared/places';
import { failingRules } from '@bilmarknaden/shared/validation/rules';
import { newAdRules, normalizeNewAd, type ValidAd } from '@bilmarknaden/shared/validation/new-ad';
import { CAR_PROFILES, type BodyType, type Drive, type Fuel } from './car-profiles.ts';
import { fuelsIn, generateAd, modelPrice, type CatalogueEntry } from './demo-ads.ts';
import { createRandom } from './random.ts';

// The inventory schema's catalogue, read from its SQL: every profile must name a make and model it holds.
const baseline = readFileSync(
  new URL('../../../services/inventory/migrations/001-schema.sql', import.meta.url),
  'utf8',
);
const catalogue: CatalogueEntry[] = [...baseline.matchAll(/^\s*\('([^']+)', ARRAY\[(.*)\]\),?$/gm)].map((m) => ({
  make: m[1]!,
  models: [...m[2]!.matchAll(/'([^']*)'/g)].map((x) => x[1]!),
}));

const rnd = createRandom(2026);
const ads: ValidAd[] = Array.from({ length: 6000 }, () => generateAd(rnd, catalogue));
const profileOf = (ad: ValidAd) => CAR_PROFILES.find((p) => p.make === ad.make && p.model === ad.model)!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('demo car profiles', () => {
  it('name only makes and models of the catalogue, with sane years, power and fuels', () => {
    expect(catalogue.length).toBeGreaterThan(40);
    for (const p of CAR_PROFILES) {
      const entry = catalogue.find((e) => e.make === p.make);
      expect(entry?.models, `${p.make} ${p.model}`).toContain(p.model);
      expect(p.years[0]).toBeLessThanOrEqual(p.years[1]);
      expect(p.years[1]).toBeLessThanOrEqual(2026);
      expect(p.hp[0]).toBeLessThanOrEqual(p.hp[1]);
      for (let y = p.years[0]; y <= p.years[1]; y++) expect(fuelsIn(p, y).length, `${p.model} ${y}`).toBeGreaterThan(0);
    }
  });

  it("price a car lower the older it is (at its age's usual mileage) and the further it has gone", () => {
    const usual = (y: number) => (2026 - y) * 1500;
    for (const p of CAR_PROFILES) {
      const hp = p.hp[0];
      for (let y = p.years[0]; y < p.years[1]; y++)
        expect(modelPrice(p, y, usual(y), hp), `${p.model} ${y}`).toBeLessThanOrEqual(
          modelPrice(p, y + 1, usual(y + 1), hp),
        );
      const y = p.years[1];
      expect(modelPrice(p, y, 30_000, hp)).toBeLessThan(modelPrice(p, y, 1_000, hp));
    }
  });
});

describe('generated ads', () => {
  it('pass the new-ad rules', () => {
    for (const ad of ads.slice(0, 500)) {
      const input = normalizeNewAd({ ...ad, kommun: ad.kommun ?? '' } as unknown as Record<string, unknown>);
      expect(failingRules(newAdRules, input)).toEqual([]);
    }
  });

  it('keep every model within its years, body types, drives, power and the fuels of its year', () => {
    const implausible = ads.filter((ad) => {
      const p = profileOf(ad);
      return (
        !p ||
        ad.year < p.years[0] ||
        ad.year > p.years[1] ||
        !fuelsIn(p, ad.year).includes(ad.fuel as Fuel) ||
        !p.types.includes(ad.type as BodyType) ||
        !p.drives.includes(ad.drivetrain as Drive) ||
        ad.hp < Math.floor(p.hp[0] / 5) * 5 ||
        ad.hp > Math.ceil(p.hp[1] / 5) * 5
      );
    });
    expect(implausible).toEqual([]);
    expect(ads.some((a) => a.make === 'Tesla' && a.fuel !== 'el / hybrid')).toBe(false);
  });

  it('ask less for older cars of a model, and cluster a model and year within a sensible band', () => {
    const xc60 = ads.filter((a) => a.make === 'Volvo' && a.model === 'XC60');
    const band = (from: number, to: number) =>
      median(xc60.filter((a) => a.year >= from && a.year <= to).map((a) => a.price));
    expect(band(2021, 2025)).toBeGreaterThan(band(2016, 2020));
    expect(band(2016, 2020)).toBeGreaterThan(band(2008, 2015));
    const prices = xc60.filter((a) => a.year === 2018).map((a) => a.price);
    expect(Math.max(...prices) / Math.min(...prices)).toBeLessThan(3);
    expect(ads.filter((a) => a.price === 5_000).length / ads.length).toBeLessThan(0.02);
  });

  it('spread places over Sweden by population: Stockholm most, every county some', () => {
    const count = (pred: (code: string) => boolean) => ads.filter((a) => pred(a.kommun!)).length;
    expect(ads.filter((a) => !findKommun(a.kommun!))).toEqual([]);
    const stockholm = count((c) => c === '0180');
    expect(stockholm / ads.length).toBeGreaterThan(0.05);
    expect(stockholm).toBeGreaterThan(count((c) => c === '1480'));
    expect(count((c) => c === '1480')).toBeGreaterThan(count((c) => c === '2584'));
    expect(new Set(ads.map((a) => a.kommun!.slice(0, 2))).size).toBe(21);
  });
});
