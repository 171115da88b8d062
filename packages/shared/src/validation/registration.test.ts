import { describe, expect, it } from 'vitest';
import { lastFailure } from './rules.ts';
import { normalizeRegistration, registrationRules, type RegistrationInput } from './registration.ts';

const valid: RegistrationInput = {
  username: 'anna_s',
  firstname: 'Anna',
  lastname: 'Svensson',
  email: 'anna@example.se',
  password: 'hemligt123',
  passwordRepeat: 'hemligt123',
  street: 'Storgatan',
  housenumber: '12B',
  zipcode: '11122',
  countryCode: '46',
  phone: '0701234567',
  city: 'Stockholm',
};
const messageFor = (over: Partial<RegistrationInput>) =>
  lastFailure(registrationRules, { ...valid, ...over })?.message ?? null;

describe('registration rules', () => {
  it('accepts a complete registration', () => {
    expect(lastFailure(registrationRules, valid)).toBeNull();
  });

  it.each([
    ['username', 'abc', 'För kort användarnamn'],
    ['username', 'abcd', null],
    ['username', 'a'.repeat(30), null],
    ['username', 'a'.repeat(31), 'För långt användarnamn'],
    [
      'username',
      'anna svensson',
      'Användarnamnet får bara innehålla bokstäver, siffror, punkt, bindestreck och understreck',
    ],
    ['firstname', 'A', 'Ange ett giltigt förnamn'],
    ['firstname', 'Al', null],
    ['firstname', 'a'.repeat(30), null],
    ['firstname', 'a'.repeat(31), 'Ange ett giltigt förnamn'],
    ['lastname', 'S', 'Ange ett giltigt efternamn'],
    ['lastname', 'a'.repeat(40), null],
    ['lastname', 'a'.repeat(41), 'Ange ett giltigt efternamn'],
    ['email', 'a@b', 'Ange en giltig mailadress'],
    // The spec's rule and message, and an address mail can reach (email-address.ts).
    ['email', 'a@.b', 'Ange en giltig mailadress'],
    ['email', '@.se', 'Ange en giltig mailadress'],
    ['email', 'a@.se', 'Ange en giltig mailadress'],
    ['email', '.@se', 'Ange en giltig mailadress'],
    ['email', 'anna@se.', 'Ange en giltig mailadress'],
    ['email', 'anna@@example.se', 'Ange en giltig mailadress'],
    ['email', 'anna svensson@example.se', 'Ange en giltig mailadress'],
    ['email', 'anna\u202E@example.se', 'Ange en giltig mailadress'],
    ['email', 'anna.svensson+bil@example.co.uk', null],
    ['email', 'annaexample.se', 'Ange en giltig mailadress'],
    ['email', 'anna@examplese', 'Ange en giltig mailadress'],
    ['email', `${'a'.repeat(40)}@example.se`, 'Ange en giltig mailadress'],
    ['street', 'S', 'Ange ett giltigt gatunamn'],
    ['street', 'a'.repeat(51), 'Ange ett giltigt gatunamn'],
    ['city', 'S', 'Ange en giltig stad'],
    ['city', 'a'.repeat(50), null],
    ['housenumber', '', 'Ange ett giltigt husnummer'],
    ['housenumber', '1234567', 'Ange ett giltigt husnummer'],
    ['zipcode', '1234', 'Ange ett giltigt postnummer'],
    ['zipcode', '123456', 'Ange ett giltigt postnummer'],
    ['zipcode', '12a45', 'Ange ett giltigt postnummer'],
    ['countryCode', '', 'Ange en giltig landskod'],
    ['countryCode', '1234', null],
    ['countryCode', '12345', 'Ange en giltig landskod'],
    ['phone', '1234567', 'Ange ett giltigt telefonnummer'],
    ['phone', '12345678', null],
    ['phone', '123456789012', null],
    ['phone', '1234567890123', 'Ange ett giltigt telefonnummer'],
  ] as const)('%s = %j → %s', (field, value, expected) => {
    expect(messageFor({ [field]: value })).toBe(expected);
  });

  it.each([
    ['1234567', 'För kort lösenord'],
    ['12345678', null],
    ['a'.repeat(50), null],
    ['a'.repeat(51), 'För långt lösenord'],
    ['å'.repeat(50), null],
    ['🔑'.repeat(50), null],
  ] as const)('password %j → %s', (password, expected) => {
    expect(messageFor({ password, passwordRepeat: password })).toBe(expected);
  });

  // Control and bidi characters: a name or address shown next to an ad may not show as another text.
  const refused = (subject: string) =>
    `${subject} innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)`;
  it.each([
    ['firstname', 'Anna\u202E', refused('Förnamnet')],
    ['firstname', '\u202E' + 'a'.repeat(30), refused('Förnamnet')],
    ['firstname', 'An\tna', refused('Förnamnet')],
    ['lastname', 'Svens\u2066son\u2069', refused('Efternamnet')],
    ['lastname', 'Svens\nson', refused('Efternamnet')],
    ['street', 'Storgatan\u200F', refused('Gatunamnet')],
    ['street', 'Stor\u0085gatan', refused('Gatunamnet')],
    ['city', 'Stock\u202Eholm', refused('Stadens namn')],
    ['city', 'Sthlm\u2028', refused('Stadens namn')],
    ['housenumber', '12\u202EB', refused('Husnumret')],
    ['housenumber', '12\u001B', refused('Husnumret')],
    [
      'username',
      'anna\u202Es',
      'Användarnamnet får bara innehålla bokstäver, siffror, punkt, bindestreck och understreck',
    ],
    ['firstname', 'Åsa-Lena', null],
    ['lastname', 'Öberg Nyström', null],
    ['lastname', 'עברית', null],
    ['street', 'Sankt Eriksgatan', null],
    ['city', 'Malmö', null],
    ['housenumber', '12 B', null],
  ] as const)('%s = %j → %s', (field, value, expected) => {
    expect(messageFor({ [field]: value })).toBe(expected);
  });

  it('requires the repeated password to match', () => {
    expect(messageFor({ passwordRepeat: 'annat123' })).toBe('Lösenorden matchar inte');
  });

  it('shows the last failing rule', () => {
    expect(messageFor({ username: 'ab', phone: '1' })).toBe('Ange ett giltigt telefonnummer');
    expect(messageFor({ username: 'ab', firstname: '' })).toBe('Ange ett giltigt förnamn');
  });

  it('keeps the leading zero of a phone number and strips typing aids', () => {
    const n = normalizeRegistration({
      ...valid,
      phone: '070-123 45 67',
      zipcode: '111 22',
      countryCode: '+46',
      role: 3,
    });
    expect(n.phone).toBe('0701234567');
    expect(n.zipcode).toBe('11122');
    expect(n.countryCode).toBe('46');
    expect(n).not.toHaveProperty('role');
  });
});
