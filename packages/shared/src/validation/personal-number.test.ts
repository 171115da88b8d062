import { describe, expect, it } from 'vitest';
import { lastFailure } from './rules.ts';
import { normalizePersonalNumber, PERSONAL_NUMBER_MESSAGES, personalNumberRules } from './personal-number.ts';

describe('personnummer', () => {
  it.each([
    ['19900101-0017', '199001010017'],
    ['199001010017', '199001010017'],
    ['900101-0017', '199001010017'],
    [' 9001010017 ', '199001010017'],
  ])('reads %s as %s', (typed, twelve) => {
    expect(normalizePersonalNumber(typed)).toBe(twelve);
  });

  it.each([
    ['a wrong control digit', '19900101-0018'],
    ['a date that does not exist', '19900230-0011'],
    ['a samordningsnummer', '19900161-0014'],
    ['letters', '1990O101-0017'],
    ['too short', '900101-001'],
    ['text around it', 'pnr 19900101-0017'],
  ])('refuses %s', (_, typed) => {
    expect(normalizePersonalNumber(typed)).toBeNull();
  });

  it('tells a missing number from a wrong one, in Swedish', () => {
    expect(lastFailure(personalNumberRules, { personalNumber: ' ' })?.message).toBe(PERSONAL_NUMBER_MESSAGES.missing);
    expect(lastFailure(personalNumberRules, { personalNumber: '19900101-0018' })).toEqual({
      field: 'personalNumber',
      message: PERSONAL_NUMBER_MESSAGES.invalid,
    });
    expect(lastFailure(personalNumberRules, { personalNumber: '19900101-0017' })).toBeNull();
  });
});
