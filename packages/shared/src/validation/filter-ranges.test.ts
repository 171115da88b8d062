import { describe, expect, it } from 'vitest';
import { readBound, readRanges, rangeOrderMessage } from './filter-ranges.ts';

describe('rangeOrderMessage', () => {
  it('says so when from is above to, in Swedish', () => {
    expect(rangeOrderMessage('year', 2011, 2010)).toBe('Från-året får inte vara efter till-året');
    expect(rangeOrderMessage('price', 100_001, 100_000)).toBe('Från-priset får inte vara högre än till-priset');
  });

  it('accepts equal bounds, an ordered range and a single bound', () => {
    expect(rangeOrderMessage('year', 2010, 2010)).toBeUndefined();
    expect(rangeOrderMessage('year', 2009, 2010)).toBeUndefined();
    expect(rangeOrderMessage('price', 0, undefined)).toBeUndefined();
    expect(rangeOrderMessage('price', undefined, 0)).toBeUndefined();
  });
});

describe('readBound', () => {
  it('reads an empty text as no bound, and whole numbers as Swedes write them', () => {
    expect(readBound('price', '  ')).toEqual({ ok: true, value: undefined });
    expect(readBound('price', '125 000')).toEqual({ ok: true, value: 125_000 });
    expect(readBound('year', ' 2015 ')).toEqual({ ok: true, value: 2015 });
    expect(readBound('milage', '0')).toEqual({ ok: true, value: 0 });
  });

  it("refuses what the ad's own rule refuses, with its message", () => {
    const refused = (message: string) => ({ ok: false, message });
    for (const text of ['abc', '12,5', '-1', '50000001', '1 2 3'])
      expect(readBound('price', text)).toEqual(refused('Ange ett giltigt pris'));
    expect(readBound('price', '50000000')).toEqual({ ok: true, value: 50_000_000 });
    expect(readBound('year', '1884')).toEqual(refused('Ange ett giltigt årtal'));
    expect(readBound('year', '1885')).toEqual({ ok: true, value: 1885 });
    expect(readBound('year', '2026')).toEqual({ ok: true, value: 2026 });
    expect(readBound('year', '2027')).toEqual(refused('Ange ett giltigt årtal'));
    expect(readBound('year', '20x5')).toEqual(refused('Ange ett giltigt årtal'));
    expect(readBound('milage', '100001')).toEqual(refused('Ange ett giltigt miltal'));
    expect(readBound('milage', '100 000')).toEqual({ ok: true, value: 100_000 });
  });
});

describe('readRanges (the list API’s range parameters)', () => {
  it('reads every bound, leaving out absent and empty ones', () => {
    expect(readRanges({})).toEqual({ ok: true, ranges: {} });
    expect(
      readRanges({ priceMin: '1 000', priceMax: '200000', yearMin: '2000', yearMax: '', milageMax: '15000' }),
    ).toEqual({ ok: true, ranges: { priceMin: 1000, priceMax: 200_000, yearMin: 2000, milageMax: 15_000 } });
  });

  it('accepts equal bounds and each limit of an ad', () => {
    expect(readRanges({ priceMin: '90000', priceMax: '90000', yearMin: '2010', yearMax: '2010' }).ok).toBe(true);
    expect(readRanges({ priceMin: '0', priceMax: '50000000', yearMin: '1885', yearMax: '2026' }).ok).toBe(true);
    expect(readRanges({ milageMax: '100000' }).ok).toBe(true);
  });

  it.each([
    [{ priceMin: 'abc' }, 'priceMin', 'Ange ett giltigt pris'],
    [{ priceMax: '50000001' }, 'priceMax', 'Ange ett giltigt pris'],
    [{ yearMin: '1884' }, 'yearMin', 'Ange ett giltigt årtal'],
    [{ yearMax: '2027' }, 'yearMax', 'Ange ett giltigt årtal'],
    [{ milageMax: '-1' }, 'milageMax', 'Ange ett giltigt miltal'],
    [{ milageMax: '100001' }, 'milageMax', 'Ange ett giltigt miltal'],
    [{ priceMin: '100001', priceMax: '100000' }, 'priceMin', 'Från-priset får inte vara högre än till-priset'],
    [{ yearMin: '2011', yearMax: '2010' }, 'yearMin', 'Från-året får inte vara efter till-året'],
    // A bad bound is said before the order of a range it is in.
    [{ yearMin: '2020', yearMax: '1800' }, 'yearMax', 'Ange ett giltigt årtal'],
  ] as const)('%j → %s: %s', (texts, field, message) => {
    expect(readRanges(texts)).toEqual({ ok: false, field, message });
  });
});
