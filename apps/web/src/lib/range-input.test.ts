import { describe, expect, it } from 'vitest';
import { readBound } from './range-input.ts';

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
