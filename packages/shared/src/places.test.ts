import { describe, expect, it } from 'vitest';
import { findKommun, findLan, KOMMUNER, KOMMUNER_BY_NAME, kommunNamed, LAN, placeName } from './places.ts';

describe('places', () => {
  it('holds the 21 counties and 290 municipalities with unique four- and two-digit codes', () => {
    expect(LAN).toHaveLength(21);
    expect(KOMMUNER).toHaveLength(290);
    expect(new Set(LAN.map((l) => l.code)).size).toBe(21);
    expect(new Set(KOMMUNER.map((k) => k.code)).size).toBe(290);
    expect(new Set(KOMMUNER.map((k) => k.name)).size).toBe(290);
    for (const l of LAN) expect(l.code).toMatch(/^\d{2}$/);
    for (const k of KOMMUNER) expect(k.code).toMatch(/^\d{4}$/);
  });

  it('puts every kommun in an existing county, the one its code starts with, and every county has some', () => {
    for (const k of KOMMUNER) {
      expect(k.lan).toBe(k.code.slice(0, 2));
      expect(findLan(k.lan), k.code).toBeDefined();
    }
    for (const l of LAN)
      expect(
        KOMMUNER.some((k) => k.lan === l.code),
        l.name,
      ).toBe(true);
  });

  it.each([
    ['0180', 'Stockholm', 'Stockholms län'],
    ['1480', 'Göteborg', 'Västra Götalands län'],
    ['1280', 'Malmö', 'Skåne län'],
    ['0380', 'Uppsala', 'Uppsala län'],
    ['2480', 'Umeå', 'Västerbottens län'],
    ['2584', 'Kiruna', 'Norrbottens län'],
    ['0980', 'Gotland', 'Gotlands län'],
  ])('%s is %s in %s', (code, name, lan) => {
    const k = findKommun(code);
    expect(k?.name).toBe(name);
    expect(findLan(k!.lan)?.name).toBe(lan);
  });

  it('counts the kommuner of the biggest and smallest counties', () => {
    const count = (lan: string) => KOMMUNER.filter((k) => k.lan === lan).length;
    expect(count('14')).toBe(49);
    expect(count('12')).toBe(33);
    expect(count('01')).toBe(26);
    expect(count('09')).toBe(1);
  });

  it('finds the kommun a registered city names, and nothing for other text', () => {
    expect(kommunNamed('Göteborg')?.code).toBe('1480');
    expect(kommunNamed('  göteborgs kommun ')?.code).toBe('1480');
    expect(kommunNamed('Mönsterås kommun')?.code).toBe('0861');
    expect(kommunNamed('Region Gotland')?.code).toBe('0980');
    expect(kommunNamed('upplands väsby')?.code).toBe('0114');
    expect(kommunNamed('Gotham')).toBeUndefined();
    expect(kommunNamed('')).toBeUndefined();
  });

  it("names an ad's place, or the fallback without a known kommun", () => {
    expect(placeName('1480', 'Stockholm')).toBe('Göteborg');
    expect(placeName(null, 'Stockholm')).toBe('Stockholm');
    expect(placeName('9999', 'Stockholm')).toBe('Stockholm');
  });

  it('lists kommuner in Swedish alphabetical order', () => {
    const names = KOMMUNER_BY_NAME.map((k) => k.name);
    expect(names[0]).toBe('Ale');
    expect(names.at(-1)).toBe('Övertorneå');
    expect(names.indexOf('Åre')).toBeGreaterThan(names.indexOf('Vänersborg'));
    expect(names.indexOf('Örebro')).toBeGreaterThan(names.indexOf('Åre'));
  });
});
