import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacters, hasVisibleCharacter } from './hidden-characters.ts';

const BIDI = ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E'];
const ISOLATES = ['\u2066', '\u2067', '\u2068', '\u2069'];
const code = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

describe('hasForbiddenCharacters', () => {
  it.each(['Volvo V70 2.4', 'Åre – 250 000 :-', 'Škoda Octavia 🚗', 'عربي עברית', 'a\u00A0b', 'a\u200Db', ''])(
    'accepts ordinary text in both kinds: %s',
    (value) => {
      expect(hasForbiddenCharacters(value, 'single-line')).toBe(false);
      expect(hasForbiddenCharacters(value, 'multi-line')).toBe(false);
    },
  );

  it('refuses every bidi control and every control character except the description’s tab and line breaks', () => {
    for (const c of [...BIDI, ...ISOLATES]) {
      expect(hasForbiddenCharacters(`Volvo ${c}09`, 'single-line'), code(c)).toBe(true);
      expect(hasForbiddenCharacters(`Volvo ${c}09`, 'multi-line'), code(c)).toBe(true);
    }
    const controls = [
      ...Array.from({ length: 0x20 }, (_, i) => i),
      ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
    ];
    for (const n of controls) {
      const c = String.fromCharCode(n);
      expect(hasForbiddenCharacters(`a${c}b`, 'single-line'), code(c)).toBe(true);
      expect(hasForbiddenCharacters(`a${c}b`, 'multi-line'), code(c)).toBe(!['\t', '\n', '\r'].includes(c));
    }
  });

  it('lets a description, not a title, break lines', () => {
    const text = 'Välskött.\r\nNya däck.\n\tServad 2024.\u2028Slut.';
    expect(hasForbiddenCharacters(text, 'multi-line')).toBe(false);
    for (const c of ['\n', '\r', '\t', '\u2028', '\u2029']) {
      expect(hasForbiddenCharacters(`a${c}b`, 'single-line'), code(c)).toBe(true);
    }
  });

  it('stops at the edges of the ranges', () => {
    for (const c of ['\u0020', '\u007E', '\u00A0', '\u200D', '\u2029', '\u202F', '\u2065', '\u206A', '\u061B']) {
      expect(hasForbiddenCharacters(`a${c}b`, 'multi-line'), code(c)).toBe(false);
    }
  });
});

describe('hasVisibleCharacter', () => {
  it('needs one character that shows: zero-width spaces, joiners, fillers and white space alone do not', () => {
    for (const value of ['', ' \n\t', '\u200B', '\u200C\u200D', '\u2060\uFEFF', '\u00AD', '\u3164', '\u115F\u1160'])
      expect(hasVisibleCharacter(value), JSON.stringify(value)).toBe(false);
    for (const value of ['a', '\u200Bhej\u200B', '🚗', '.', 'ö']) expect(hasVisibleCharacter(value), value).toBe(true);
  });
});
