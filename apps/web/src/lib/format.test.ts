import { describe, expect, it } from 'vitest';
import { formatCreated } from './format.ts';

describe('formatCreated', () => {
  it("writes 'MMM d HH:mm' with the Swedish month abbreviations, in local time, midnight as 00", () => {
    const months = ['jan.', 'feb.', 'mars', 'apr.', 'maj', 'juni', 'juli', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'];
    months.forEach((month, m) => {
      expect(formatCreated(new Date(2026, m, 5, 0, 7).toISOString())).toBe(`${month} 5 00:07`);
    });
    expect(formatCreated(new Date(2026, 10, 21, 14, 5).toISOString())).toBe('nov. 21 14:05');
  });
});
