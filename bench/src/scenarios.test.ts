import { describe, expect, it } from 'vitest';
import { pairedMedianDifference } from './scenarios.ts';

describe('the price facts figure: median of paired differences', () => {
  it('takes each pair’s difference, so a machine that slows between pairs does not count', () => {
    // A run of 2026-11-27: a compile slowed the first "with" run, the machine the fourth "without" one.
    const withP99 = [52, 27, 36, 33, 35];
    const withoutP99 = [25, 25, 30, 43, 35];
    expect(pairedMedianDifference(withP99, withoutP99)).toBe(2);
    // The medians of the two sides said 5 (35 against 30).
  });

  it('averages the middle two of an even count, and refuses pairs that do not match', () => {
    expect(pairedMedianDifference([10, 12, 11, 20], [9, 9, 10, 10])).toBe(2);
    expect(() => pairedMedianDifference([1, 2], [1])).toThrow();
    expect(() => pairedMedianDifference([], [])).toThrow();
  });
});
