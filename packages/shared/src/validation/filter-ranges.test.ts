import { describe, expect, it } from 'vitest';
import { rangeOrderMessage } from './filter-ranges.ts';

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
