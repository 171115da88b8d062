import { describe, expect, it } from 'vitest';
import { adPages, pairedMedianDifference } from './scenarios.ts';

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

describe("the ad page's scenario (issue 43)", () => {
  const ads = [
    { id: 7, seller: 'anna' },
    { id: 9, seller: 'bo' },
  ];

  it("reads what the page reads, and with the view posts the page's own ad once, from a new visitor each page", () => {
    const without = adPages(ads, false, 4);
    const withView = adPages(ads, true, 4);
    expect(without.requestsPerPage).toBe(5);
    expect(withView.requestsPerPage).toBe(6);
    expect(withView.rotate).toHaveLength(24);
    const secondPage = withView.rotate!.slice(6, 12);
    expect(secondPage[0]!.path).toContain('carid=9');
    expect(secondPage.filter((r) => r.path.includes('username=bo'))).toHaveLength(3);
    expect(secondPage[5]).toMatchObject({ method: 'POST', body: JSON.stringify({ carId: 9 }) });
    const visitors = new Set(withView.rotate!.map((r) => r.headers!['x-forwarded-for']));
    expect(visitors.size).toBe(4);
    expect(without.rotate!.every((r) => r.method === 'GET')).toBe(true);
  });
});
