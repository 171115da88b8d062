import { describe, expect, it } from 'vitest';
import { lastFailure } from './rules.ts';
import {
  formatRegistrationNumber,
  isRegistrationNumber,
  normalizeRegistrationNumber,
  REGISTRATION_NUMBER_COUNT,
  REGISTRATION_NUMBER_MESSAGES,
  REGISTRATION_NUMBER_SQL_PATTERN,
  registrationNumberAt,
  registrationNumberRules,
  TEST_REGISTRATION_NUMBERS_FROM,
} from './registration-number.ts';

const failure = (registrationNumber: string) => lastFailure(registrationNumberRules, { registrationNumber });

describe('registreringsnummer', () => {
  it.each(['ABC 123', 'abc123', ' Abc 12a ', 'ABC\u00A0123', 'ABC-123', 'XYZ 99Z', 'HJK 000'])(
    'accepts %j',
    (value) => {
      expect(failure(value)).toBeNull();
    },
  );

  it.each([
    ['', REGISTRATION_NUMBER_MESSAGES.missing],
    ['   ', REGISTRATION_NUMBER_MESSAGES.missing],
    ['AB 123', REGISTRATION_NUMBER_MESSAGES.invalid],
    ['ABCD 123', REGISTRATION_NUMBER_MESSAGES.invalid],
    ['ABC 1234', REGISTRATION_NUMBER_MESSAGES.invalid],
    ['ABC 1A3', REGISTRATION_NUMBER_MESSAGES.invalid],
    ['123 ABC', REGISTRATION_NUMBER_MESSAGES.invalid],
    // I, Q, V, Å, Ä and Ö are not used, in the letters nor last.
    ['AIC 123', REGISTRATION_NUMBER_MESSAGES.invalid],
    ['QBC 123', REGISTRATION_NUMBER_MESSAGES.invalid],
    ['ABV 123', REGISTRATION_NUMBER_MESSAGES.invalid],
    ['ÅBC 123', REGISTRATION_NUMBER_MESSAGES.invalid],
    ['ABÄ 123', REGISTRATION_NUMBER_MESSAGES.invalid],
    ['ÖBC 123', REGISTRATION_NUMBER_MESSAGES.invalid],
    ['ABC 12I', REGISTRATION_NUMBER_MESSAGES.invalid],
    ['ABC 12Q', REGISTRATION_NUMBER_MESSAGES.invalid],
    ['ABC 12V', REGISTRATION_NUMBER_MESSAGES.invalid],
    ['ABC 12Å', REGISTRATION_NUMBER_MESSAGES.invalid],
  ])('refuses %j with a Swedish message', (value, message) => {
    expect(failure(value)).toEqual({ field: 'registrationNumber', message });
  });

  it('is stored without the space in upper case and shown with it', () => {
    expect(normalizeRegistrationNumber(' abc 12a ')).toBe('ABC12A');
    expect(formatRegistrationNumber('ABC12A')).toBe('ABC 12A');
    expect(formatRegistrationNumber('abc 123')).toBe('ABC 123');
    expect(normalizeRegistrationNumber(123)).toBe('');
  });

  it("agrees with the database's pattern", () => {
    const sql = new RegExp(REGISTRATION_NUMBER_SQL_PATTERN);
    for (const n of ['ABC123', 'ABC12A', 'ZZZ99Z', 'AIC123', 'ABC12V', 'ABC1A3', 'ÅBC123']) {
      expect(sql.test(n), n).toBe(isRegistrationNumber(n));
    }
  });

  it('names the number as people write it in its messages', () => {
    expect(REGISTRATION_NUMBER_MESSAGES.taken('ABC123')).toBe('Det finns redan en annons för ABC 123');
    expect(REGISTRATION_NUMBER_MESSAGES.notFound('ABC123')).toBe(
      'Vi hittade inga uppgifter om ABC 123. Fyll i dem själv.',
    );
  });
});

describe('registrationNumberAt', () => {
  it('numbers valid registration numbers, one per index, the last range starting with Z', () => {
    expect(registrationNumberAt(0)).toBe('AAA000');
    expect(registrationNumberAt(1001)).toBe('AAB001');
    expect(registrationNumberAt(TEST_REGISTRATION_NUMBERS_FROM)).toBe('ZAA000');
    expect(registrationNumberAt(REGISTRATION_NUMBER_COUNT - 1)).toBe('ZZZ999');
    const seen = new Set<string>();
    for (let n = 0; n < REGISTRATION_NUMBER_COUNT; n += 997) {
      const number = registrationNumberAt(n);
      expect(isRegistrationNumber(number), number).toBe(true);
      seen.add(number);
    }
    expect(seen.size).toBe(Math.ceil(REGISTRATION_NUMBER_COUNT / 997));
  });
});
