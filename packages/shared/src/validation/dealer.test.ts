import { describe, expect, it } from 'vitest';
import {
  DEALER_MESSAGES,
  dealerFields,
  dealerRules,
  invalidPhone,
  normalizeDealer,
  normalizeOrgNumber,
  normalizePostalCode,
  orgNumberWithCheckDigit,
  slugOf,
} from './dealer.ts';
import { lastFailure } from './rules.ts';

const valid = {
  orgNumber: '556016-0680',
  name: 'Bilhuset AB',
  street: 'Industrigatan 4',
  postalCode: '76141',
  city: 'Norrtälje',
  kommun: '0188',
  phone: '0176-123 45',
  openingHours: [{ days: 'Mån–fre', hours: '10–18' }],
  presentation: '',
};

describe('dealer rules', () => {
  it.each([
    ['5560160680', '556016-0680'],
    ['556016-0680', '556016-0680'],
    ['16556016-0680', '556016-0680'],
    [' 202100-5489 ', '202100-5489'],
    ['556016-0681', null],
    ['55601-60680', null],
    ['abc', null],
    [5560160680, null],
  ])('reads the organisationsnummer %j as %j', (typed, expected) => {
    expect(normalizeOrgNumber(typed)).toBe(expected);
  });

  it('gives nine digits their check digit, which the rules accept', () => {
    expect(orgNumberWithCheckDigit('556016068')).toBe('556016-0680');
    for (const nine of ['556000001', '556123456', '559999999']) {
      const number = orgNumberWithCheckDigit(nine);
      expect(normalizeOrgNumber(number)).toBe(number);
      expect(normalizeOrgNumber(`${number.slice(0, -1)}${(Number(number.at(-1)) + 1) % 10}`)).toBeNull();
    }
  });

  it('writes a postal code as NNN NN and checks phone numbers by their digits', () => {
    expect(normalizePostalCode('76141')).toBe('761 41');
    expect(normalizePostalCode('761 41')).toBe('761 41');
    expect(normalizePostalCode('7614')).toBeNull();
    expect(invalidPhone('08-123 456 78')).toBe(false);
    expect(invalidPhone('+46 70 123 45 67')).toBe(false);
    expect(invalidPhone('1234567')).toBe(true);
    expect(invalidPhone('070-123 45 67 ring')).toBe(true);
  });

  it('passes a valid company and stores it in one written form; empty hours lines are no lines', () => {
    const input = normalizeDealer({ ...valid, openingHours: [...valid.openingHours, { days: ' ', hours: '' }] });
    expect(lastFailure(dealerRules, input)).toBeNull();
    expect(dealerFields(input)).toMatchObject({
      orgNumber: '556016-0680',
      postalCode: '761 41',
      openingHours: [{ days: 'Mån–fre', hours: '10–18' }],
    });
  });

  it('names the field at fault', () => {
    const fail = (patch: Record<string, unknown>) => lastFailure(dealerRules, normalizeDealer({ ...valid, ...patch }));
    expect(fail({ kommun: '9999' })).toEqual({ field: 'kommun', message: DEALER_MESSAGES.kommun });
    expect(fail({ openingHours: [{ days: 'Lör', hours: '' }] })).toEqual({
      field: 'openingHours',
      message: DEALER_MESSAGES.openingHours,
    });
    expect(fail({ openingHours: Array.from({ length: 8 }, () => ({ days: 'Mån', hours: '9–17' })) })).toEqual({
      field: 'openingHours',
      message: DEALER_MESSAGES.openingHours,
    });
    expect(fail({ name: 'Bil\u202EAB' })?.field).toBe('name');
  });

  it.each([
    ['Bilhuset i Norrtälje AB', 'bilhuset-i-norrtalje-ab'],
    ['Öst & Väst Bil', 'ost-vast-bil'],
    ['  --  ', 'handlare'],
    ['Ångström Motor', 'angstrom-motor'],
  ])('makes the address of %j', (name, slug) => {
    expect(slugOf(name)).toBe(slug);
  });
});
